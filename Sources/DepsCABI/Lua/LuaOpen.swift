// The Lua entry point of a library built on DepsCABI: what its `luaopen_<name>` returns.
import CLua

extension DepsLibrary {
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
}
