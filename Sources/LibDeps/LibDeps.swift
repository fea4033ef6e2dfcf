// libDeps.so: DepsCABI's C API and Lua module with the seed catalogue built in — a library made
// with the module API like any other (docs/modules.md), so existing C programs, `require "deps"`
// from stock lua5.4 and depsh see Counter, NumberFact, Todos, Timer and App.
import DepsCABI
import DepsCatalogue

/// Registers the seed catalogue (DepsCABI calls it once, before the first registry access).
@_cdecl("depslibrary_register_modules")
public func depslibrary_register_modules() {
  DepsLibrary.register([SeedCatalogue.module])
}

/// The entry point of `require "deps"` (Lua's `luaopen_<name>` convention). Never raises.
@_cdecl("luaopen_deps")
public func luaopen_deps(_ L: OpaquePointer?) -> Int32 {
  DepsLibrary.openLua(L)
}
