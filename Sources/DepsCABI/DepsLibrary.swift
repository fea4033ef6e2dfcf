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
import DepsCore
import Synchronization

/// The modules of this shared library (its Lua entry point: Lua/LuaOpen.swift).
public enum DepsLibrary {
  private static let names = Mutex<[String]>([])

  /// Runs once: the built-in dependency paths, then the library's modules.
  static let installed: Bool = {
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
