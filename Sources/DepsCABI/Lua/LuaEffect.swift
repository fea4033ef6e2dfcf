// Effects of Lua features: `deps.run(function(send) … end [, {id=, cancel_in_flight=}])` is a
// Swift `Effect.run` that drives a Lua coroutine. Inside it, `send(action, payload)`,
// `deps.sleep(seconds)` (the store's continuousClock) and calls of `deps.dependency(…)`
// functions yield the coroutine; the Swift effect does the async work (in the store's
// dependencies, on the store's executor — so on the thread inside the store call) and resumes
// the coroutine with the result. `deps.cancel(id)` cancels effects started with that id; a list
// of effects runs them together. A Lua error in the coroutine is reported as the effect's
// unhandled error (a TestStore failure naming the action that returned the effect); an
// endpoint that throws raises in the coroutine at the call (`pcall` catches it). Cancellation
// stops resuming the coroutine.
import CLua
import DepsCore

/// What an effect's description is (the object `deps.run` / `deps.cancel` return).
final class LuaEffectSpec {
  enum Kind {
    case run(LuaRef, id: String?, cancelInFlight: Bool)
    case cancel(String)
  }
  let kind: Kind
  init(_ kind: Kind) { self.kind = kind }
}

/// A cancellation id of a Lua effect.
struct LuaCancelID: Hashable, Sendable {
  let id: String
}

/// Runs one `deps.run` function as a coroutine.
final class LuaEffectDriver: @unchecked Sendable {
  /// The Swift work a coroutine yielded for.
  enum Request {
    case send(LuaAction)
    case invoke(EndpointDescriptor, JSONValue)
    case sleep(Double)
  }

  /// What the coroutine did when resumed.
  private enum Step {
    case yielded(Request)
    case finished
    case failed(String)
  }

  /// What to resume the coroutine with.
  private enum Resumption {
    case start
    case values([JSONValue])
    case failure(String)
  }

  let runtime: LuaRuntime
  let function: LuaRef
  /// The action whose reducer returned the effect (named in its unhandled error).
  let action: String
  /// Set by `send` / `deps.sleep` / a dependency call right before they yield.
  var pending: Request?
  private var thread: LuaRef?
  private var coroutine: OpaquePointer?

  init(runtime: LuaRuntime, function: LuaRef, action: String) {
    self.runtime = runtime
    self.function = function
    self.action = action
  }

  /// The effect's operation.
  func run(_ send: Send<LuaAction>) async {
    var resumption = Resumption.start
    loop: while !Task.isCancelled {
      let step = runtime.withState { L in self.resume(L, resumption) } ?? .finished
      switch step {
      case .finished:
        break loop
      case .failed(let message):
        if !Task.isCancelled {
          reportIssue(
            "A deps.run effect returned for action \"\(action)\" raised an unhandled error: "
              + message)
        }
        break loop
      case .yielded(.send(let action)):
        await send(action)
        resumption = .values([])
      case .yielded(.invoke(let descriptor, let input)):
        do {
          resumption = .values([try await descriptor.call(input)])
        } catch is CancellationError {
          break loop
        } catch {
          resumption = .failure(LuaDependencies.failure(of: descriptor.path, error))
        }
      case .yielded(.sleep(let seconds)):
        @Dependency(\.continuousClock) var clock
        do {
          try await clock.sleep(for: .nanoseconds(Int64(max(0, min(seconds, 1e9)) * 1e9)))
        } catch {
          break loop
        }
        resumption = .values([])
      }
    }
    _ = runtime.withState { _ in
      if let coroutine = self.coroutine { self.runtime.effects[coroutine] = nil }
      self.coroutine = nil
      self.thread = nil
    }
  }

  private func resume(_ L: OpaquePointer, _ resumption: Resumption) -> Step {
    var nargs: Int32 = 0
    let co: OpaquePointer
    switch resumption {
    case .start:
      guard lua_checkstack(L, 2) != 0, let created = lua_newthread(L) else {
        return .failed("Lua stack overflow")
      }
      co = created
      thread = LuaRef(popping: L, runtime: runtime)
      coroutine = co
      runtime.effects[co] = self
      guard lua_checkstack(co, 3) != 0 else { return .failed("Lua stack overflow") }
      function.push(co)
      LuaStack.pushFunction(co, runtime, LuaEffect.send)
      nargs = 1
    case .values(let values):
      guard let existing = coroutine else { return .finished }
      co = existing
      guard lua_checkstack(co, Int32(values.count) + 2) != 0 else {
        return .failed("Lua stack overflow")
      }
      for value in values { LuaValue.push(co, value) }
      nargs = Int32(values.count)
    case .failure(let message):
      // The function that yielded (a dependency call) raises `message` in the coroutine.
      guard let existing = coroutine else { return .finished }
      co = existing
      guard lua_checkstack(co, 3) != 0 else { return .failed("Lua stack overflow") }
      clua_pushfailure(co)
      LuaStack.push(co, message)
      nargs = 2
    }
    pending = nil
    var results: Int32 = 0
    let status = runtime.calling { lua_resume(co, L, nargs, &results) }
    switch status {
    case LUA_YIELD:
      clua_pop(co, results)
      guard let request = pending else {
        return .failed(
          "a deps.run function yielded by itself (coroutine.yield); inside an effect, wait "
            + "with send(…), deps.sleep(…) or a deps.dependency(…) function")
      }
      pending = nil
      return .yielded(request)
    case LUA_OK:
      lua_settop(co, 0)
      return .finished
    default:
      let message = LuaStack.errorMessage(co, -1)
      lua_settop(co, 0)
      return .failed(message)
    }
  }
}

enum LuaEffect {
  static let metatable = LuaMetatable("deps.Effect")

  static func register(_ L: OpaquePointer, _ runtime: LuaRuntime) {
    guard metatable.create(L) else {
      clua_pop(L, 1)
      return
    }
    LuaStack.pushFunction(L, runtime, collect)
    LuaStack.setRawField(L, -2, "__gc")
    LuaStack.pushFunction(L, runtime, toString)
    LuaStack.setRawField(L, -2, "__tostring")
    clua_pop(L, 1)
  }

  /// The effect a reducer returned (the value at `index`).
  static func effect(_ L: OpaquePointer, at index: Int32, runtime: LuaRuntime, action: String)
    throws(EndpointError) -> Effect<LuaAction>
  {
    let index = lua_absindex(L, index)
    switch lua_type(L, index) {
    case LUA_TNIL:
      return .none
    case LUA_TUSERDATA:
      guard let slot = metatable.test(L, index),
        let raw = slot.load(as: UnsafeMutableRawPointer?.self)
      else { break }
      let spec = Unmanaged<LuaEffectSpec>.fromOpaque(raw).takeUnretainedValue()
      switch spec.kind {
      case .run(let function, let id, let cancelInFlight):
        let effect = Effect<LuaAction>.run { send in
          await LuaEffectDriver(runtime: runtime, function: function, action: action).run(send)
        }
        guard let id else { return effect }
        return effect.cancellable(id: LuaCancelID(id: id), cancelInFlight: cancelInFlight)
      case .cancel(let id):
        return .cancel(id: LuaCancelID(id: id))
      }
    case LUA_TTABLE:
      var effects: [Effect<LuaAction>] = []
      let count = lua_rawlen(L, index)
      guard lua_checkstack(L, 2) != 0 else { throw EndpointError("Lua stack overflow") }
      for position in 0..<count {
        lua_rawgeti(L, index, lua_Integer(position + 1))
        defer { clua_pop(L, 1) }
        effects.append(try effect(L, at: -1, runtime: runtime, action: action))
      }
      return .merge(effects)
    default:
      break
    }
    throw EndpointError(
      "reduce returned a \(LuaStack.typeName(L, index)); expected nil, deps.run(…), "
        + "deps.cancel(…) or a list of them")
  }

  /// `deps.run(function(send) … end [, {id = "…", cancel_in_flight = true}])`.
  static let run: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      try LuaStack.checkFunction(L, 1)
      var id: String?
      var cancelInFlight = false
      if clua_isnoneornil(L, 2) == 0 {
        try LuaStack.checkTable(L, 2)
        let idType = LuaStack.rawField(L, 2, "id")
        if idType != LUA_TNIL {
          guard let text = LuaStack.string(L, -1) else {
            throw .argument(2, "field 'id': string expected, got \(LuaStack.typeName(L, -1))")
          }
          id = text
        }
        clua_pop(L, 1)
        LuaStack.rawField(L, 2, "cancel_in_flight")
        cancelInFlight = lua_toboolean(L, -1) != 0
        clua_pop(L, 1)
      }
      lua_pushvalue(L, 1)
      let function = LuaRef(popping: L, runtime: runtime)
      let spec = LuaEffectSpec(.run(function, id: id, cancelInFlight: cancelInFlight))
      LuaUserdata.push(L, spec, metatable: metatable)
      return 1
    }
  }

  /// `deps.cancel(id)`: cancels the running effects started with `{id = id}`.
  static let cancel: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let id = try LuaStack.checkString(L, 1)
      LuaUserdata.push(L, LuaEffectSpec(.cancel(id)), metatable: metatable)
      return 1
    }
  }

  /// The `send` function a `deps.run` function receives: `send(action, payload)`.
  static let send: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      let name = try LuaStack.checkString(L, 1)
      let payload: JSONValue
      do throws(LuaValue.ConversionError) {
        payload = try LuaValue.read(L, 2)
      } catch {
        throw .argument(2, error.describe(root: "payload"))
      }
      let driver = try effectDriver(L, runtime, "send")
      driver.pending = .send(LuaAction(name: name, payload: payload))
      throw .yield
    }
  }

  /// `deps.sleep(seconds)`: waits on the store's continuousClock (inside `deps.run`).
  static let sleep: clua_SwiftFunction = { L in
    luaEntry(L) { L, runtime throws(LuaFailure) in
      guard let seconds = try LuaStack.optionalNumber(L, 1) else {
        throw LuaStack.typeError(L, 1, expected: "number")
      }
      let driver = try effectDriver(L, runtime, "deps.sleep")
      driver.pending = .sleep(seconds)
      throw .yield
    }
  }

  private static func effectDriver(_ L: OpaquePointer, _ runtime: LuaRuntime, _ name: String)
    throws(LuaFailure) -> LuaEffectDriver
  {
    guard let driver = runtime.effects[L] else {
      throw .error("\(name) can only be called inside a deps.run function (while it runs)")
    }
    guard clua_yieldable(L) != 0 else {
      throw .error(
        "\(name) cannot wait here (inside a function called from C, such as a store method "
          + "or table.sort)")
    }
    return driver
  }

  private static let collect: clua_SwiftFunction = { L in
    guard let L else { return 0 }
    _ = LuaUserdata.take(L)
    return 0
  }

  private static let toString: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let spec = try LuaUserdata.object(L, 1, metatable: metatable, as: LuaEffectSpec.self)
      switch spec.kind {
      case .run(_, let id, _): LuaStack.push(L, "deps.Effect (run\(id.map { " " + $0 } ?? ""))")
      case .cancel(let id): LuaStack.push(L, "deps.Effect (cancel \(id))")
      }
      return 1
    }
  }
}
