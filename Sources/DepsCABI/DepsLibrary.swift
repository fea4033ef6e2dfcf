// A shared library of your own from DepsCABI: the deps.h C API and the Lua module over the
// modules you register. The glue is two functions in the library's own target:
//
//   import DepsCABI
//   import Stopwatch
//
//   @_cdecl("depslibrary_register_modules")
//   public func registerModules() { DepsLibrary.register([Stopwatch.module]) }
//
//   @_cdecl("luaopen_stopwatch")   // require "stopwatch" from stock lua5.4
//   public func luaopen_stopwatch(_ L: OpaquePointer?) -> Int32 { DepsLibrary.openLua(L) }
//
// libDeps.so is such a library (Sources/LibDeps: the seed catalogue, `luaopen_deps`).
// docs/modules.md is the walk-through.
import CDepsLibrary
import CLua
import DepsCore
import Synchronization

/// The modules of this shared library and its Lua entry point.
public enum DepsLibrary {
  private static let names = Mutex<[String]>([])

  /// Runs once: the built-in dependency paths, then the library's modules.
  private static let installed: Bool = {
    register([DepsModule.builtins])
    depslibrary_register_modules()
    return true
  }()

  /// Registers `modules` into the process-wide registries, in order. Call it from
  /// `depslibrary_register_modules` (before any C or Lua call), or later to add modules.
  public static func register(_ modules: [DepsModule]) {
    for module in modules {
      module.register()
      names.withLock { if !$0.contains(module.name) { $0.append(module.name) } }
    }
  }

  /// The names of the modules registered so far (`builtins` first), after the library's own
  /// modules are in.
  public static var modules: [String] {
    _ = installed
    return names.withLock { $0 }
  }

  /// The body of a `luaopen_<name>`: builds the `deps` module table (the same functions as
  /// `require "deps"`) on `L` and pushes it; returns the number of results (0 on a NULL state
  /// or a full stack). Never raises.
  public static func openLua(_ L: OpaquePointer?) -> Int32 {
    _ = installed
    guard let L else { return 0 }
    return LuaModule.open(L)
  }

  /// `openLua` as a C function, for a host that preloads the module into its own Lua state
  /// (`package.preload[name] = DepsLibrary.luaOpener`), as depsh does.
  public static let luaOpener: lua_CFunction = { L in DepsLibrary.openLua(L) }

  /// The feature registry, with the library's modules in.
  static var features: FeatureRegistry {
    _ = installed
    return .shared
  }

  /// The endpoint registry, with the library's modules in.
  static var endpoints: EndpointRegistry {
    _ = installed
    return .shared
  }
}
