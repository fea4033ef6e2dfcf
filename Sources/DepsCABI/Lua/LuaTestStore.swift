// `deps.TestStore{feature=, state=, dependencies=function(d) … end}`: the seed's TestStore in
// Lua, a full userdata with the metatable `deps.TestStore`. Assertion failures raise a Lua error
// positioned at the script's failing call (the trampoline adds `file:line:`), followed by the
// TestStore's message and diff; the store stays usable. `store:send(action, payload, assert)`
// takes `assert` as a Lua function changing a copy of the expected state (TCA's closure).
import CLua
import DepsCore

final class LuaTestStoreBox: LuaOpenStore {
  let runtime: LuaRuntime
  let featureName: String
  var store: (any BridgedTestStore)?
  /// The paths the store's recipe overrode when it opened (`store:check_deps()`).
  var overriddenPaths: [String] = []
  /// The feature's default state: the shape assert functions' tables are read with.
  let shape: JSONValue

  init(runtime: LuaRuntime, featureName: String, store: any BridgedTestStore) {
    self.runtime = runtime
    self.featureName = featureName
    self.store = store
    self.shape = store.feature.defaultState
  }

  func closeLeftover() -> [String] {
    guard let store else { return [] }
    self.store = nil
    return store.close()
  }

  deinit { _ = store?.close() }
}

enum LuaTestStore {
  static let metatable = LuaMetatable("deps.TestStore")

  static func register(_ L: OpaquePointer, _ runtime: LuaRuntime) {
    LuaUserdata.registerMetatable(
      L, runtime, name: metatable,
      methods: [
        ("send", send), ("receive", receive), ("advance", advance), ("finish", finish),
        ("skip_received_actions", skipReceivedActions),
        ("skip_in_flight_effects", skipInFlightEffects), ("close", close),
      ] + LuaTrace.testStoreMethods,
      index: index,
      metamethods: [
        ("__newindex", newIndex), ("__gc", LuaUserdata.collectStore), ("__close", scopeClose),
        ("__tostring", toString),
      ])
  }

  /// The open store of the userdata at 1 (`attempt to use a closed deps.TestStore` if closed).
  static func open(_ L: OpaquePointer) throws(LuaFailure)
    -> (LuaTestStoreBox, any BridgedTestStore)
  {
    let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaTestStoreBox.self)
    guard let store = box.store else { throw .error("attempt to use a closed \(metatable)") }
    return (box, store)
  }

  /// Raises the failures of a call (positioned at the Lua caller), or returns 0 results. An
  /// interrupted call (Ctrl-C in depsh) raises the interrupt instead of the failures it caused.
  private static func check(_ failures: [String], _ method: String = "the call")
    throws(LuaFailure) -> Int32
  {
    if let interrupted = LuaFailure.interrupted(method) { throw interrupted }
    if failures.isEmpty { return 0 }
    let message = failures.joined(separator: "\n\n")
    // Inside deps.expect_issue the failure is taken even when a pcall catches it.
    ExpectIssueScope.current?.take([message])
    throw .error(message)
  }

  // MARK: deps.TestStore{…}

  /// `deps.TestStore{feature=, state=, dependencies=, exhaustivity=, context=}`.
  static let new: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkTable(L, 1)
      lua_settop(L, 1)
      let descriptor = try LuaStoreSpec.feature(L, tableAt: 1, argument: 1)
      let state = try LuaStoreSpec.state(L, tableAt: 1, argument: 1, of: descriptor)
      var overrides = try LuaStoreSpec.overrides(L, runtime, tableAt: 1, argument: 1)
      if let context = try LuaStoreSpec.context(L, tableAt: 1, argument: 1) {
        overrides.set(context: context)
      }
      overrides.trace = try LuaTrace.recorder(L, tableAt: 1)
      try LuaTrace.checkBeforeOpening(descriptor, overrides)
      var exhaustivity: Exhaustivity?
      if LuaStack.rawField(L, 1, "exhaustivity") != LUA_TNIL {
        exhaustivity = try parseExhaustivity(L, -1, argument: 1, field: "exhaustivity")
      }
      clua_pop(L, 1)
      let opened: Result<any BridgedTestStore, BridgeError> = runtime.inScope {
        do throws(BridgeError) {
          return .success(try descriptor.openTest(state: state, overrides: overrides))
        } catch {
          return .failure(error)
        }
      }
      let store: any BridgedTestStore
      do throws(BridgeError) {
        store = try opened.get()
      } catch {
        throw .error(error.message)
      }
      if let exhaustivity { store.exhaustivity = exhaustivity }
      store.wording = LuaFrontWording()
      let box = LuaTestStoreBox(runtime: runtime, featureName: descriptor.name, store: store)
      box.overriddenPaths = overrides.overriddenPaths
      runtime.track(box)
      LuaUserdata.push(L, box, metatable: metatable)
      return 1
    }
  }

  static func parseExhaustivity(
    _ L: OpaquePointer, _ index: Int32, argument: Int32, field: String
  ) throws(LuaFailure) -> Exhaustivity {
    switch LuaStack.string(L, index) {
    case "on": return .on
    case "off": return .off
    default:
      let prefix = "field '\(field)': "
      let got =
        lua_type(L, index) == LUA_TSTRING
        ? "\"\(LuaStack.string(L, index) ?? "")\"" : LuaStack.typeName(L, index)
      throw .argument(argument, "\(prefix)\"on\" or \"off\" expected, got \(got)")
    }
  }

  // MARK: Methods

  /// An action from the name at `index` and the payload at `index + 1`.
  static func action(_ L: OpaquePointer, at index: Int32) throws(LuaFailure) -> JSONValue {
    let name = try LuaStack.checkString(L, index)
    do throws(LuaValue.ConversionError) {
      let payload = try LuaValue.read(L, index + 1)
      return LuaValue.join(name: name, payload: payload)
    } catch {
      throw .argument(index + 1, error.describe(root: "payload"))
    }
  }

  /// The assert function at `index` as a `ValueAssertion` (nil when absent). It is called with
  /// a copy of the expected state while the store call runs, on this thread.
  static func assertion(
    _ L: OpaquePointer, _ runtime: LuaRuntime, at index: Int32, shape: JSONValue
  ) throws(LuaFailure) -> ValueAssertion? {
    if clua_isnoneornil(L, index) != 0 { return nil }
    try LuaStack.checkFunction(L, index)
    let thread = LuaThread(state: L)
    return .modify { value in
      try runtime.callAssert(on: thread, functionAt: index, &value, shape: shape)
    }
  }

  /// `store:send(action, payload, assert)`.
  private static let send: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let (box, store) = try open(L)
      let action = try action(L, at: 2)
      let assert = try assertion(L, runtime, at: 4, shape: box.shape)
      let site = LuaStack.site(L, runtime)
      let failures: [String]
      do throws(BridgeError) {
        failures = try store.send(action, assert: assert, site: site)
      } catch {
        throw .error(error.message)
      }
      return try check(failures, "store:send")
    }
  }

  /// `store:receive(action, payload, assert, timeout)`.
  private static let receive: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let (box, store) = try open(L)
      let action = try action(L, at: 2)
      let assert = try assertion(L, runtime, at: 4, shape: box.shape)
      let timeout = try LuaStack.optionalNumber(L, 5) ?? 1.0
      let failures: [String]
      do throws(BridgeError) {
        failures = try store.receive(action, assert: assert, timeout: timeout)
      } catch {
        throw .error(error.message)
      }
      return try check(failures, "store:receive")
    }
  }

  /// `store:advance(seconds)`: the store's test clock.
  private static let advance: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      guard let seconds = try LuaStack.optionalNumber(L, 2) else {
        throw LuaStack.typeError(L, 2, expected: "number")
      }
      let failures: [String]
      do throws(BridgeError) {
        failures = try store.advance(by: seconds)
      } catch {
        throw .error(error.message)
      }
      return try check(failures, "store:advance")
    }
  }

  /// `store:finish(timeout)`: fails while effects are still running.
  private static let finish: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      let timeout = try LuaStack.optionalNumber(L, 2) ?? 1.0
      return try check(store.finish(timeout: timeout), "store:finish")
    }
  }

  /// `store:skip_received_actions(strict)` (strict: fail when there is nothing to skip).
  private static let skipReceivedActions: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      let strict = clua_isnoneornil(L, 2) != 0 || lua_toboolean(L, 2) != 0
      return try check(store.skipReceivedActions(strict: strict))
    }
  }

  /// `store:skip_in_flight_effects(strict)`.
  private static let skipInFlightEffects: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      let strict = clua_isnoneornil(L, 2) != 0 || lua_toboolean(L, 2) != 0
      return try check(store.skipInFlightEffects(strict: strict))
    }
  }

  /// `store:close()`: ends the test; unreceived actions and running effects fail here.
  private static let close: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaTestStoreBox.self)
      runtime.untrack(box)
      return try check(box.closeLeftover())
    }
  }

  // MARK: Metamethods

  /// `store.state`, `store.exhaustivity`, `store.dependencies`, `store.feature`, methods.
  private static let index: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      if LuaUserdata.pushMethod(L) { return 1 }
      let key = LuaStack.string(L, 2)
      if key == "feature" {
        let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaTestStoreBox.self)
        LuaStack.push(L, box.featureName)
        return 1
      }
      if key == "closed" {
        let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaTestStoreBox.self)
        lua_pushboolean(L, box.store == nil ? 1 : 0)
        return 1
      }
      guard key == "state" || key == "exhaustivity" || key == "dependencies" else {
        lua_pushnil(L)
        return 1
      }
      let (box, store) = try open(L)
      switch key {
      case "state":
        guard LuaValue.push(L, store.state) else { throw .error("Lua stack overflow") }
      case "exhaustivity":
        LuaStack.push(L, store.exhaustivity == .on ? "on" : "off")
      default:
        let sink = LuaOverridesSink { [weak box] change throws(LuaFailure) in
          guard let store = box?.store else {
            throw .error("attempt to use a closed \(metatable)")
          }
          store.applyOverrides(change)
        }
        LuaDependencies.pushProxy(L, sink: sink, path: "")
      }
      _ = runtime
      return 1
    }
  }

  /// `store.exhaustivity = "on" | "off"`.
  private static let newIndex: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      guard LuaStack.string(L, 2) == "exhaustivity" else {
        throw .error(
          "cannot set field '\(LuaStack.string(L, 2) ?? LuaStack.typeName(L, 2))' of a "
            + "\(metatable) (only 'exhaustivity'; use store.dependencies.<path> = … for "
            + "dependencies)")
      }
      switch LuaStack.string(L, 3) {
      case "on": store.exhaustivity = .on
      case "off": store.exhaustivity = .off
      default:
        let got =
          lua_type(L, 3) == LUA_TSTRING
          ? "\"\(LuaStack.string(L, 3) ?? "")\"" : LuaStack.typeName(L, 3)
        throw .error("bad value for 'exhaustivity' (\"on\" or \"off\" expected, got \(got))")
      }
      return 0
    }
  }

  /// `__close` (`local store <close> = deps.TestStore{…}`): closes and raises the leftovers,
  /// unless an error is already on its way.
  private static let scopeClose: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaTestStoreBox.self)
      runtime.untrack(box)
      let failures = box.closeLeftover()
      if clua_isnoneornil(L, 2) == 0 { return 0 }
      return try check(failures)
    }
  }

  private static let toString: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaTestStoreBox.self)
      let closed = box.store == nil ? " (closed)" : ""
      LuaStack.push(
        L, "\(metatable) (\(box.featureName))\(closed): \(LuaUserdata.address(L, 1))")
      return 1
    }
  }
}

extension LuaRuntime {
  /// Calls the assert function at `index` of the store call's stack (`thread`) with a copy of
  /// the expected state and reads the copy back. Only valid while that call runs.
  func callAssert(
    on thread: LuaThread, functionAt index: Int32, _ value: inout JSONValue, shape: JSONValue
  ) throws {
    let input = value
    let outcome: Result<JSONValue, EndpointError>? = withState { L in
      guard L == thread.state else {
        return .failure(EndpointError("the assert function was called after its store call"))
      }
      let top = lua_gettop(L)
      defer { lua_settop(L, top) }
      guard lua_checkstack(L, 4) != 0, LuaValue.push(L, input) else {
        return .failure(EndpointError("Lua stack overflow"))
      }
      let table = lua_gettop(L)
      lua_pushvalue(L, index)
      lua_pushvalue(L, table)
      if let message = pcall(L, nargs: 1, nresults: 0) {
        return .failure(EndpointError(message))
      }
      do throws(LuaValue.ConversionError) {
        return .success(try LuaValue.read(L, table, hint: input, shape: shape))
      } catch {
        return .failure(EndpointError(error.describe(root: "state")))
      }
    }
    guard let outcome else { throw EndpointError("the Lua state of this test was closed") }
    value = try outcome.get()
  }
}
