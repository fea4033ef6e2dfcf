// `deps_lua_load(path)`: runs a Lua file in a Lua state owned by the library, so the features
// (`deps.feature`) and dependencies (`deps.register`) it defines join the registries — a C
// program can then open stores of Lua-defined features and override Lua-registered endpoints
// with C callbacks. The state is created on first use (standard libraries, `deps` preloaded as
// a global and in package.loaded) and lives as long as the process. Every entry into it — this
// function, and the stores of C threads calling its Lua reducers and overrides — holds the
// state's recursive lock, so C programs may use it from several threads.
import CLua
import DepsCore
import Synchronization

enum LibraryLua {
  /// The library-owned Lua state and its runtime, created on first use.
  private static let state = Mutex<LibraryState?>(nil)

  struct LibraryState: @unchecked Sendable {
    let L: OpaquePointer
    let runtime: LuaRuntime
  }

  /// The library's Lua state, or the reason it could not be created.
  static func shared() -> Result<LibraryState, BridgeError> {
    state.withLock { existing in
      if let existing { return .success(existing) }
      guard let L = luaL_newstate() else {
        return .failure(BridgeError(.error, "cannot create a Lua state (out of memory)"))
      }
      if clua_openlibs(L) != LUA_OK {
        let message = LuaStack.errorMessage(L, -1)
        lua_close(L)
        return .failure(BridgeError(.error, "cannot open the Lua libraries: \(message)"))
      }
      if clua_requiref(L, "deps", opener) != LUA_OK {
        let message = LuaStack.errorMessage(L, -1)
        lua_close(L)
        return .failure(BridgeError(.error, "cannot load the deps module: \(message)"))
      }
      LuaStack.rawField(L, clua_registryindex(), "_LOADED")
      LuaStack.rawField(L, -1, "deps")
      let runtime = moduleRuntime(L)
      lua_settop(L, 0)
      guard let runtime else {
        lua_close(L)
        return .failure(BridgeError(.error, "the deps module did not load"))
      }
      let created = LibraryState(L: L, runtime: runtime)
      existing = created
      return .success(created)
    }
  }

  /// `luaopen_deps` as a lua_CFunction value (its own symbol, not a second `luaopen_deps`).
  private static let opener: lua_CFunction = { L in L.map(LuaModule.open) ?? 0 }

  /// The runtime behind the module table on top of the stack (via one of its functions).
  private static func moduleRuntime(_ L: OpaquePointer) -> LuaRuntime? {
    guard lua_type(L, -1) == LUA_TTABLE else { return nil }
    LuaStack.rawField(L, -1, "features")
    defer { clua_pop(L, 1) }
    guard lua_type(L, -1) == LUA_TFUNCTION, lua_getupvalue(L, -1, 2) != nil else { return nil }
    defer { clua_pop(L, 1) }
    return LuaSentinel.runtime(L, at: -1)
  }

  /// Runs the file at `path` in the library state.
  static func load(_ path: String) -> Result<Void, BridgeError> {
    let library: LibraryState
    switch shared() {
    case .success(let state): library = state
    case .failure(let error): return .failure(error)
    }
    let runtime = library.runtime
    return runtime.lock.withLock {
      let L = runtime.current ?? library.L
      let top = lua_gettop(L)
      defer { lua_settop(L, top) }
      let status = path.withCString { luaL_loadfilex(L, $0, nil) }
      if status == LUA_ERRFILE {
        return .failure(BridgeError(.notFound, LuaStack.errorMessage(L, -1)))
      }
      if status != LUA_OK {
        return .failure(BridgeError(.error, LuaStack.errorMessage(L, -1)))
      }
      if let message = runtime.pcallTopLevel(L, nargs: 0, nresults: 0) {
        return .failure(BridgeError(.error, message))
      }
      return .success(())
    }
  }
}

extension LuaRuntime {
  /// lua_pcall of a whole chunk from outside Lua: the base dependency scope is not yet bound,
  /// so the chunk's calls bind it themselves.
  func pcallTopLevel(_ L: OpaquePointer, nargs: Int32, nresults: Int32) -> String? {
    let previous = (current, callDepth)
    current = L
    callDepth = 0
    defer { (current, callDepth) = previous }
    let status = clua_pcall(L, nargs, nresults, 0)
    guard status != LUA_OK else { return nil }
    let message = LuaStack.errorMessage(L, -1)
    clua_pop(L, 1)
    return message
  }
}

/// Runs the Lua file at `path` in a Lua state owned by the library, so the features and
/// dependencies it defines (`deps.feature`, `deps.register`) join the registries.
/// Returns DEPS_OK, DEPS_EINVAL (NULL path), DEPS_ENOTFOUND (the file cannot be opened) or
/// DEPS_ERROR (a syntax or run-time error); the message is in `deps_last_error()`, as
/// `file.lua:12: message`. Thread-safe.
@_cdecl("deps_lua_load")
public func deps_lua_load(_ path: UnsafePointer<CChar>?) -> Int32 {
  guard let path else {
    LastError.set("deps_lua_load: path is NULL")
    return BridgeError.Status.invalid.rawValue
  }
  switch LibraryLua.load(String(cString: path)) {
  case .success:
    LastError.clear()
    return 0
  case .failure(let error):
    LastError.set(error.message)
    return error.status.rawValue
  }
}
