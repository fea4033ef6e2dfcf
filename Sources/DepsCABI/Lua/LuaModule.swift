// The Lua module: `DepsLibrary.openLua` (behind libDeps.so's `luaopen_deps` and any library's
// `luaopen_<name>`) builds the module table from the registration list below (our luaL_Reg:
// every function is a Swift `clua_SwiftFunction` behind clua.h's raising trampoline, closing
// over the state's `LuaRuntime` sentinel) and the metatables `deps.TestStore`, `deps.Store`,
// `deps.Dependencies`, `deps.Effect`.
// docs/lua-api.md is the contract; LuaTesting.swift documents the hooks depsh uses.
import CLua
import DepsCore
import DepsRuntime

enum LuaModule {
  /// The module's functions (name → Swift function), as a luaL_Reg table.
  static let functions: [(String, clua_SwiftFunction)] = [
    ("features", features),
    ("dependencies", dependencies),
    ("runtime_paths", runtimePaths),
    ("TestStore", LuaTestStore.new),
    ("Store", LuaStore.new),
    ("stores", LuaStore.openStores),
    ("with_dependencies", LuaDependencies.withDependencies),
    ("dependency", LuaDependencies.dependency),
    ("prepare_dependencies", LuaDependencies.prepareDependencies),
    ("register", LuaRegister.register),
    ("unimplemented", LuaRegister.unimplemented),
    ("feature", LuaFeature.define),
    ("run", LuaEffect.run),
    ("cancel", LuaEffect.cancel),
    ("sleep", LuaEffect.sleep),
    ("test", LuaTesting.test),
    ("explore", LuaExplore.explore),
    ("explore_property", LuaExplore.property),
    ("end_test", LuaTesting.endTest),
    ("checked_it", LuaTesting.checkedIt),
    ("expect_issue", LuaExpectIssue.expectIssue),
    ("_reset", LuaTesting.reset),
    ("_set_context", LuaTesting.setContext),
    ("_context", LuaTesting.context),
    ("_state_mismatch", LuaTrace.stateMismatch),
  ]

  /// Keeps the library loaded for the life of the process. Lua's `package` library dlcloses
  /// C modules when the state closes (at interpreter exit), which would unmap the library —
  /// and the Swift runtime it loaded — under the Swift concurrency threads still running.
  private static let pinned: Bool = {
    clua_pin_own_library() != 0
  }()

  /// Builds the module on `L` and pushes its table.
  static func open(_ L: OpaquePointer) -> Int32 {
    _ = pinned
    guard lua_checkstack(L, 16) != 0 else { return 0 }
    lua_rawgeti(L, clua_registryindex(), lua_Integer(clua_ridx_mainthread()))
    let main = lua_tothread(L, -1) ?? L
    clua_pop(L, 1)
    let runtime = LuaRuntime(main: main)
    LuaSentinel.push(L, runtime: runtime)
    runtime.sentinelRef = luaL_ref(L, clua_registryindex())
    runtime.enter(L) {
      LuaTestStore.register(L, runtime)
      LuaStore.register(L, runtime)
      LuaDependencies.register(L, runtime)
      LuaEffect.register(L, runtime)
      LuaExplore.register(L, runtime)
    }
    lua_createtable(L, 0, Int32(functions.count + 1))
    for (name, function) in functions {
      LuaStack.pushFunction(L, runtime, function)
      LuaStack.setRawField(L, -2, name)
    }
    LuaExplore.pushGeneratorTable(L, runtime)
    LuaStack.setRawField(L, -2, "gen")
    LuaStack.push(L, DepsVersion.string)
    LuaStack.setRawField(L, -2, "version")
    // `deps.null`: a removed member in `s:state_patch()`'s merge patch.
    lua_pushlightuserdata(L, nil)
    LuaStack.setRawField(L, -2, "null")
    lua_pushvalue(L, -1)
    runtime.moduleRef = luaL_ref(L, clua_registryindex())
    return 1
  }

  /// `deps.features()`: the catalogue (`{name=, summary=, state=, actions=, dependencies=}`).
  static let features: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let list = JSONValue.array(DepsLibrary.features.all.map(\.catalogueValue))
      guard LuaValue.push(L, list) else { throw .error("Lua stack overflow") }
      return 1
    }
  }

  /// `deps.dependencies()`: every overridable path (`{path=, input=, output=, async=, …}`).
  static let dependencies: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let list = JSONValue.array(DepsLibrary.endpoints.all.map(\.catalogueValue))
      guard LuaValue.push(L, list) else { throw .error("Lua stack overflow") }
      return 1
    }
  }

  /// `deps.runtime_paths()`: `{task_locals = "fast", enum_layout = "fast", …}` — the path each
  /// runtime speed trick takes in this process, or `"safe (<why>)"` (a diagnostic).
  static let runtimePaths: clua_SwiftFunction = { L in
    luaEntry(L) { L, _ throws(LuaFailure) in
      let paths = RuntimePaths.all
      lua_createtable(L, 0, Int32(paths.count))
      for (name, path) in paths {
        LuaStack.push(L, path)
        LuaStack.setRawField(L, -2, name)
      }
      return 1
    }
  }
}
