// The per-Lua-state holder of the `deps` module: which lua_State to use, whether it is still
// alive, the recursive lock guarding every entry into it, the dependency scope of top-level
// calls, and the bookkeeping (open stores, running Lua effects, registry refs to release).
//
// Rules kept here (docs/toolchain-notes.md, "Lua from Swift"):
//  - Swift enters Lua only through `call`/`resume` (lua_pcall / lua_resume), holding `lock`.
//  - A Swift closure that outlives the Lua state (a store caching a Lua override) finds
//    `isAlive == false` and never touches the state; its registry refs are simply dropped.
//  - Registry refs are released on the thread owning the state: `LuaRef.deinit` only queues
//    them; the next entry drains the queue.
import CLua
import DepsCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The `deps` module's state for one Lua state (one `luaopen_deps`).
final class LuaRuntime: @unchecked Sendable {
  /// The main thread of the Lua state.
  let main: OpaquePointer
  /// Guards every entry into the Lua state and every field below; the same thread may enter
  /// again (Lua → Swift → Lua), another thread waits.
  let lock = ReentrantLock()
  private let alive = Atomic<Bool>(true)
  private let pendingUnrefs = Mutex<[Int32]>([])

  /// The lua_State of the innermost call from Lua into Swift (a coroutine or the main thread).
  var current: OpaquePointer?
  /// The registry ref of the module table.
  var moduleRef: Int32 = LUA_NOREF
  /// The registry ref of the sentinel userdata (the upvalue of every module function).
  var sentinelRef: Int32 = LUA_NOREF
  /// The context `deps.Store{}` opens in without `context=` (`deps._set_context`).
  var defaultContext: DependencyContext = .live
  /// The dependency scope of top-level calls: a fresh cache per `_reset`, prepared values.
  var base: DependencyValues
  /// Stores opened from this state and not yet closed (for `_reset` / `deps.test`).
  var openStores: [ObjectIdentifier: WeakStoreBox] = [:]
  /// Failures of test stores garbage-collected with leftovers, not reported yet.
  var collectedLeftovers: [String] = []
  /// Lua effects running now, by their coroutine.
  var effects: [OpaquePointer: LuaEffectDriver] = [:]
  /// How many Swift → Lua calls are in progress (guarded by `lock`). Above 0, Swift code
  /// reached from Lua already runs inside a dependency scope (a store's, `with_dependencies`,
  /// a test's), so top-level calls bind the base scope only at 0.
  var callDepth = 0
  /// The `deps.with_dependencies` scopes running now, innermost last: a call of an endpoint the
  /// innermost one overrode with a Lua function, made in that very scope, calls the function
  /// directly (`directCall`).
  var directScopes: [LuaDirectScope] = []
  /// The last `LuaStack.site` text and the place it names.
  var lastSite: (file: [UInt8], line: Int, text: String)?

  init(main: OpaquePointer) {
    self.main = main
    self.base = LuaRuntime.freshBase(context: .live)
  }

  static func freshBase(context: DependencyContext) -> DependencyValues {
    var values = DependencyValues.processDefaults
    values.context = context
    values.useFreshCache()
    return values
  }

  /// False once the Lua state is closing; nothing may touch it then.
  var isAlive: Bool { alive.load(ordering: .acquiring) }

  /// Marks the state closed (the module's sentinel was collected).
  func markClosed() {
    alive.store(false, ordering: .releasing)
    pendingUnrefs.withLock { $0.removeAll() }
  }

  /// Queues a registry ref for release on the owning thread.
  func release(_ ref: Int32) {
    guard isAlive, ref != LUA_NOREF, ref != LUA_REFNIL else { return }
    pendingUnrefs.withLock { $0.append(ref) }
  }

  /// Releases queued refs (on the owning thread, holding the lock).
  private func drainUnrefs(_ L: OpaquePointer) {
    let refs = pendingUnrefs.withLock { refs -> [Int32] in
      defer { refs.removeAll() }
      return refs
    }
    for ref in refs { luaL_unref(L, clua_registryindex(), ref) }
  }

  /// Runs `body` as the body of a call from Lua on `L` (holding the lock, `current` = L).
  @inline(__always)
  func enter<R>(_ L: OpaquePointer, _ body: () -> R) -> R {
    lock.withLock {
      let previous = current
      current = L
      defer { current = previous }
      drainUnrefs(L)
      return body()
    }
  }

  /// Runs `body` with the Lua state to push onto, or returns nil when the state is closed.
  /// `body` runs holding the lock, on `current` (inside a call from Lua) or the main thread.
  func withState<R>(_ body: (OpaquePointer) -> R) -> R? {
    guard isAlive else { return nil }
    return lock.withLock {
      guard isAlive else { return nil }
      let L = current ?? main
      drainUnrefs(L)
      let previous = current
      current = L
      defer { current = previous }
      return body(L)
    }
  }

  /// Runs `body` inside the base dependency scope unless a scope is already active.
  func inScope<R>(_ body: () -> R) -> R {
    if callDepth > 0 { return body() }
    return DependencyValues.$_current.withValue(base, operation: body)
  }

  /// Runs `body` (a call into Lua) counted in `callDepth`.
  @inline(__always)
  func calling<R>(_ body: () -> R) -> R {
    callDepth += 1
    defer { callDepth -= 1 }
    return body()
  }

  /// Calls the function below `nargs` arguments on the top of `L`'s stack with lua_pcall.
  /// Returns the error message on failure (the stack then holds neither function nor args).
  func pcall(_ L: OpaquePointer, nargs: Int32, nresults: Int32) -> String? {
    let status = calling { clua_pcall(L, nargs, nresults, 0) }
    guard status != LUA_OK else { return nil }
    let message = LuaStack.errorMessage(L, -1)
    clua_pop(L, 1)
    return message
  }

  /// Pushes the module table.
  func pushModule(_ L: OpaquePointer) {
    lua_rawgeti(L, clua_registryindex(), lua_Integer(moduleRef))
  }

  /// The runtime of the module function running now (its upvalue 2 is the sentinel).
  static func from(_ L: OpaquePointer) -> LuaRuntime? {
    LuaSentinel.runtime(L, at: clua_upvalueindex(2))
  }
}

/// A registry reference to a Lua value, released (on the owning thread) when the last Swift
/// closure holding it goes away — also after the Lua state closed (then nothing is touched).
final class LuaRef: @unchecked Sendable {
  let runtime: LuaRuntime
  let ref: Int32

  /// Pops the value on top of `L` into the registry.
  init(popping L: OpaquePointer, runtime: LuaRuntime) {
    self.runtime = runtime
    self.ref = luaL_ref(L, clua_registryindex())
  }

  /// Pushes the value.
  func push(_ L: OpaquePointer) {
    lua_rawgeti(L, clua_registryindex(), lua_Integer(ref))
  }

  deinit { runtime.release(ref) }
}

/// The userdata whose `__gc` tells the runtime its Lua state is closing. It is the upvalue of
/// every module function, so they find the runtime (and a closed state) in O(1).
enum LuaSentinel {
  static let metatable = LuaMetatable("deps.runtime")

  /// Pushes a new sentinel holding a retained `runtime`.
  static func push(_ L: OpaquePointer, runtime: LuaRuntime) {
    let slot = clua_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer?>.size, 0)
    slot?.storeBytes(
      of: Unmanaged.passRetained(runtime).toOpaque(), as: UnsafeMutableRawPointer?.self)
    if metatable.create(L) {
      lua_pushstring(L, "__gc")
      clua_pushswift(L, collect, 0)
      lua_rawset(L, -3)
    }
    lua_setmetatable(L, -2)
  }

  /// The runtime of the sentinel at `index`, nil when missing or collected.
  static func runtime(_ L: OpaquePointer, at index: Int32) -> LuaRuntime? {
    guard let slot = lua_touserdata(L, index),
      let raw = slot.load(as: UnsafeMutableRawPointer?.self)
    else { return nil }
    return Unmanaged<LuaRuntime>.fromOpaque(raw).takeUnretainedValue()
  }

  private static let collect: clua_SwiftFunction = { L in
    guard let L, let slot = lua_touserdata(L, 1),
      let raw = slot.load(as: UnsafeMutableRawPointer?.self)
    else { return 0 }
    slot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
    let runtime = Unmanaged<LuaRuntime>.fromOpaque(raw).takeRetainedValue()
    let unreported = runtime.lock.withLock { () -> [String] in
      defer { runtime.collectedLeftovers.removeAll() }
      return runtime.collectedLeftovers
    }
    for report in unreported { LuaRuntime.writeToStderr(report) }
    runtime.markClosed()
    return 0
  }
}

extension LuaRuntime {
  /// Calls the Lua function `function` with `input` (no argument for null) and returns its
  /// first result. A Lua error is thrown as `EndpointError("file:line: message")`.
  func callFunction(_ function: LuaRef, _ input: JSONValue) throws -> JSONValue {
    let outcome: Result<JSONValue, EndpointError>? = withState { L in
      let top = lua_gettop(L)
      defer { lua_settop(L, top) }
      guard lua_checkstack(L, 4) != 0 else { return .failure(EndpointError("Lua stack overflow")) }
      function.push(L)
      var nargs: Int32 = 0
      if !input.isNull {
        guard LuaValue.push(L, input) else {
          return .failure(EndpointError("Lua stack overflow"))
        }
        nargs = 1
      }
      if let message = pcall(L, nargs: nargs, nresults: 1) {
        return .failure(EndpointError(message))
      }
      do throws(LuaValue.ConversionError) {
        return .success(try LuaValue.read(L, -1))
      } catch {
        return .failure(EndpointError(error.describe(root: "the Lua function's result")))
      }
    }
    guard let outcome else {
      throw EndpointError("the Lua state that defined this function was closed")
    }
    return try outcome.get()
  }
}
