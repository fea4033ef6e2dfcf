// `deps.Store{feature=, context=, state=, dependencies=}`: a plain store as a full userdata with
// the metatable `deps.Store`. `s:send(action, payload)` reduces and runs effects until they
// wait; `s:run(seconds)` pumps effects (true when idle); `s.state` is a fresh copy and
// `s:state_patch()` what changed since the last read (the store's own `statePatch()`, as C's
// `deps_store_state_patch`; `s:state_changes()`: the same as JSON Patch operations addressing
// array elements); `s:on_action(function(action, payload, state) end)` observes every handled action. For a host's
// event loop: `s:fd()` is a descriptor readable while the store has work ready, `s:pump()` does
// that work without blocking (true when idle), `s:next_deadline()` the seconds until the next
// live-clock deadline (0: ready now, nil: nothing scheduled). When
// `deps._trace` is a function, every store calls `deps._trace(store, action, payload, state)`
// for every action it handles (depsh's REPL prints them). Issues reported during a call (an
// unimplemented endpoint, an effect's unhandled error) raise a Lua error after the call.
import CLua
import DepsCore

final class LuaStoreBox: LuaOpenStore {
  let runtime: LuaRuntime
  let featureName: String
  let context: DependencyContext
  var store: (any BridgedStore)?
  /// The state the store opened with (`s.initial_state`, for the REPL's `.save`).
  var initialState: JSONValue = .null
  /// The presets its recipe set (`s:presets()`, for the REPL's `.save`).
  var presets: [(path: String, value: JSONValue)] = []
  /// The presets set on the open store (`s.dependencies.path = …`), each after `after`
  /// handled actions (`s:presets()`, for the REPL's `.save`).
  var laterPresets: [(after: Int, path: String, value: JSONValue)] = []
  /// The actions the store handled so far.
  var handledCount = 0

  init(
    runtime: LuaRuntime, featureName: String, context: DependencyContext,
    store: any BridgedStore
  ) {
    self.runtime = runtime
    self.featureName = featureName
    self.context = context
    self.store = store
  }

  func closeLeftover() -> [String] {
    store?.observe(nil)
    let messages = store?.close() ?? []
    store = nil
    return messages
  }

  deinit {
    store?.observe(nil)
    store?.close()
  }

  /// The key of this box's userdata in the registry's weak table `deps.stores`.
  var key: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// Calls `deps._trace` and the `on_action` function for a handled action.
  func handle(action: JSONValue, state: JSONValue) {
    let runtime = self.runtime
    let key = self.key
    let failure: String?? = runtime.withState { L in
      self.handledCount += 1
      let top = lua_gettop(L)
      defer { lua_settop(L, top) }
      guard lua_checkstack(L, 8) != 0 else { return "Lua stack overflow" }
      lua_getfield(L, clua_registryindex(), LuaStore.weakTable)
      lua_pushlightuserdata(L, key)
      guard lua_rawget(L, -2) == LUA_TUSERDATA else { return nil }
      let userdata = lua_gettop(L)
      let (name, payload) = LuaValue.split(action: action)
      var failures: [String] = []
      runtime.pushModule(L)
      if LuaStack.rawField(L, -1, "_trace") == LUA_TFUNCTION {
        lua_pushvalue(L, userdata)
        LuaStack.push(L, name)
        LuaValue.push(L, payload)
        LuaValue.push(L, state)
        if let message = runtime.pcall(L, nargs: 4, nresults: 0) {
          failures.append("deps._trace failed: \(message)")
        }
      }
      lua_settop(L, userdata)
      if clua_getuservalue(L, userdata) == LUA_TFUNCTION {
        LuaStack.push(L, name)
        LuaValue.push(L, payload)
        LuaValue.push(L, state)
        if let message = runtime.pcall(L, nargs: 3, nresults: 0) {
          failures.append("on_action function failed: \(message)")
        }
      }
      return failures.isEmpty ? nil : failures.joined(separator: "\n")
    }
    // A callback stopped by an interrupt is not its own failure: the interrupted store call
    // reports the interrupt.
    if StoreInterrupt.isRequested { return }
    if case .some(.some(let message)) = failure { reportIssue(message) }
  }
}

enum LuaStore {
  static let metatable = LuaMetatable("deps.Store")
  /// The registry field of the weak table `box pointer → userdata` (for observers).
  static let weakTable = LuaMetatable("deps.stores").key

  static func register(_ L: OpaquePointer, _ runtime: LuaRuntime) {
    LuaUserdata.registerMetatable(
      L, runtime, name: metatable,
      methods: [
        ("send", send), ("run", run), ("on_action", onAction), ("close", close), ("fd", fd),
        ("pump", pump), ("next_deadline", nextDeadline), ("state_patch", statePatch),
        ("state_changes", stateChanges),
      ] + LuaTrace.storeMethods,
      index: index,
      metamethods: [
        ("__newindex", newIndex), ("__gc", LuaUserdata.collectStore), ("__close", scopeClose),
        ("__tostring", toString),
      ])
    if lua_getfield(L, clua_registryindex(), weakTable) != LUA_TTABLE {
      clua_pop(L, 1)
      lua_createtable(L, 0, 0)
      lua_createtable(L, 0, 1)
      LuaStack.push(L, "v")
      LuaStack.setRawField(L, -2, "__mode")
      lua_setmetatable(L, -2)
      lua_pushvalue(L, -1)
      lua_setfield(L, clua_registryindex(), weakTable)
    }
    clua_pop(L, 1)
  }

  static func open(_ L: OpaquePointer) throws(LuaFailure)
    -> (LuaStoreBox, any BridgedStore)
  {
    let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaStoreBox.self)
    guard let store = box.store else { throw .error("attempt to use a closed \(metatable)") }
    return (box, store)
  }

  /// `deps.Store{feature=, context=, state=, dependencies=}`.
  static let new: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkTable(L, 1)
      lua_settop(L, 1)
      let descriptor = try LuaStoreSpec.feature(L, tableAt: 1, argument: 1)
      let state = try LuaStoreSpec.state(L, tableAt: 1, argument: 1, of: descriptor)
      let context =
        try LuaStoreSpec.context(L, tableAt: 1, argument: 1) ?? runtime.defaultContext
      var overrides = try LuaStoreSpec.overrides(L, runtime, tableAt: 1, argument: 1)
      overrides.trace = try LuaTrace.recorder(L, tableAt: 1)
      let opened: Result<any BridgedStore, BridgeError> = runtime.inScope {
        do throws(BridgeError) {
          return .success(
            try descriptor.open(state: state, context: context, overrides: overrides))
        } catch {
          return .failure(error)
        }
      }
      let store: any BridgedStore
      do throws(BridgeError) {
        store = try opened.get()
      } catch {
        throw .error(error.message)
      }
      store.wording = LuaFrontWording()
      let box = LuaStoreBox(
        runtime: runtime, featureName: descriptor.name, context: context, store: store)
      box.initialState = store.state
      box.presets = overrides.presets
      runtime.track(box)
      LuaUserdata.push(L, box, metatable: metatable, userValues: 1)
      lua_getfield(L, clua_registryindex(), weakTable)
      lua_pushlightuserdata(L, box.key)
      lua_pushvalue(L, -3)
      lua_rawset(L, -3)
      clua_pop(L, 1)
      store.observe { [weak box] action, state in box?.handle(action: action, state: state) }
      return 1
    }
  }

  private static func check(_ issues: [String]) throws(LuaFailure) {
    if !issues.isEmpty { throw .error(issues.joined(separator: "\n\n")) }
  }

  /// `s:state_patch()`: what changed since the last `s.state` or `s:state_patch()`, as a merge
  /// patch table (a removed member is `deps.null`; the first read gives the whole state).
  private static let statePatch: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      guard pushPatch(L, store.statePatch()) else {
        throw .error("Lua stack overflow")
      }
      return 1
    }
  }

  /// `s:state_changes()`: what changed since the last `s:state_changes()`, as a JSON Patch
  /// (RFC 6902) list of `{op=, path=, value=}` tables (paths are JSON Pointers, array indexes
  /// from 0; the first call gives one `replace` of `""`, the whole state).
  private static let stateChanges: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      guard LuaValue.push(L, store.stateChanges()) else { throw .error("Lua stack overflow") }
      return 1
    }
  }

  /// Pushes a merge patch: as `LuaValue.push`, except that a `null` member of a patched object
  /// is `deps.null` (a Lua table cannot hold nil).
  private static func pushPatch(_ L: OpaquePointer, _ patch: JSONValue, depth: Int = 0) -> Bool {
    guard case .object(let members) = patch else { return LuaValue.push(L, patch) }
    guard depth < LuaValue.maxDepth, lua_checkstack(L, 3) != 0 else { return false }
    lua_createtable(L, 0, Int32(clamping: members.count))
    for (key, member) in members {
      LuaStack.push(L, key)
      if member.isNull {
        lua_pushlightuserdata(L, nil)
      } else if !pushPatch(L, member, depth: depth + 1) {
        clua_pop(L, 2)
        return false
      }
      lua_rawset(L, -3)
    }
    return true
  }

  /// `s:send(action, payload)`.
  private static let send: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      let action = try LuaTestStore.action(L, at: 2)
      let issues: [String]
      do throws(BridgeError) {
        issues = try store.send(action)
      } catch {
        throw .error(error.message)
      }
      if let interrupted = LuaFailure.interrupted("store:send") { throw interrupted }
      try check(issues)
      return 0
    }
  }

  /// `s:run(seconds)` → true when no effect is running any more.
  private static let run: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      let seconds = try LuaStack.optionalNumber(L, 2) ?? 1.0
      let (idle, issues) = store.run(timeout: seconds)
      if let interrupted = LuaFailure.interrupted("store:run") { throw interrupted }
      try check(issues)
      lua_pushboolean(L, idle ? 1 : 0)
      return 1
    }
  }

  /// `s:fd()` → the event-loop descriptor (an integer), readable while work is ready.
  private static let fd: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      let descriptor: Int32
      do throws(BridgeError) {
        descriptor = try store.pollDescriptor()
      } catch {
        throw .error("store:fd(): \(error.message)")
      }
      lua_pushinteger(L, lua_Integer(descriptor))
      return 1
    }
  }

  /// `s:pump()` → runs the ready work without blocking; true when no effect is running.
  private static let pump: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      let (idle, issues) = store.run(timeout: 0)
      try check(issues)
      lua_pushboolean(L, idle ? 1 : 0)
      return 1
    }
  }

  /// `deps.stores()` → the module's open `deps.Store`s (a sequence, in no set order): what a
  /// host's event loop watches with `s:fd()` and pumps with `s:pump()`. Closed and collected
  /// stores are not in it.
  static let openStores: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      guard lua_checkstack(L, 6) != 0 else { throw .error("Lua stack overflow") }
      lua_createtable(L, 0, 0)
      let result = lua_gettop(L)
      guard lua_getfield(L, clua_registryindex(), weakTable) == LUA_TTABLE else {
        clua_pop(L, 1)
        return 1
      }
      let table = lua_gettop(L)
      var count: lua_Integer = 0
      lua_pushnil(L)
      while lua_next(L, table) != 0 {
        if let slot = metatable.test(L, -1),
          let raw = slot.load(as: UnsafeMutableRawPointer?.self),
          Unmanaged<LuaStoreBox>.fromOpaque(raw).takeUnretainedValue().store != nil
        {
          count += 1
          lua_pushvalue(L, -1)
          lua_rawseti(L, result, count)
        }
        clua_pop(L, 1)
      }
      clua_pop(L, 1)
      return 1
    }
  }

  /// `s:next_deadline()` → seconds until the store has work (0: now), nil when nothing is
  /// scheduled.
  private static let nextDeadline: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let (_, store) = try open(L)
      let milliseconds = store.millisecondsUntilWork
      if milliseconds < 0 { lua_pushnil(L) } else { lua_pushnumber(L, Double(milliseconds) / 1000) }
      return 1
    }
  }

  /// `s:on_action(function(action, payload, state) end)` (nil stops).
  private static let onAction: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      _ = try open(L)
      if clua_isnoneornil(L, 2) == 0 { try LuaStack.checkFunction(L, 2) }
      lua_settop(L, 2)
      _ = clua_setuservalue(L, 1)
      return 0
    }
  }

  /// `s:close()`: cancels running effects and writes what its cassette recorded (raises when
  /// the cassette cannot be written).
  private static let close: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaStoreBox.self)
      runtime.untrack(box)
      let messages = box.closeLeftover()
      if !messages.isEmpty { throw .error(messages.joined(separator: "\n")) }
      return 0
    }
  }

  /// `s.state`, `s.feature`, `s.context`, `s.closed`, `s.busy` (effects running),
  /// `s.dependencies` (assign to override for later actions), methods.
  private static let index: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      if LuaUserdata.pushMethod(L) { return 1 }
      let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaStoreBox.self)
      switch LuaStack.string(L, 2) {
      case "feature": LuaStack.push(L, box.featureName)
      case "context": LuaStack.push(L, box.context.rawValue)
      case "dependencies": try LuaTrace.pushOpenStoreDependencies(L, box)
      case "closed": lua_pushboolean(L, box.store == nil ? 1 : 0)
      case "initial_state":
        guard LuaValue.push(L, box.initialState) else { throw .error("Lua stack overflow") }
      case "state":
        let (_, store) = try open(L)
        guard LuaValue.push(L, store.readState()) else { throw .error("Lua stack overflow") }
      case "busy":
        let (_, store) = try open(L)
        lua_pushboolean(L, store.hasEffectsInFlight ? 1 : 0)
      default: lua_pushnil(L)
      }
      return 1
    }
  }

  private static let newIndex: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      throw .error(
        "cannot set field '\(LuaStack.string(L, 2) ?? LuaStack.typeName(L, 2))' of a "
          + "\(metatable)")
    }
  }

  private static let scopeClose: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaStoreBox.self)
      runtime.untrack(box)
      _ = box.closeLeftover()
      return 0
    }
  }

  private static let toString: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let box = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaStoreBox.self)
      let closed = box.store == nil ? " (closed)" : ""
      LuaStack.push(
        L,
        "\(metatable) (\(box.featureName), \(box.context.rawValue))\(closed): "
          + LuaUserdata.address(L, 1))
      return 1
    }
  }
}
