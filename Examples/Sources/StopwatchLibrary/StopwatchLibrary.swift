// libStopwatch.so: deps.h's C API and `require "stopwatch"` over the stopwatch module alone
// (the seed catalogue is left out; the built-in paths such as continuousClock are always in).
import DepsCABI
import Stopwatch

/// Registers the library's modules (DepsCABI calls it once, before the first registry access).
@_cdecl("depslibrary_register_modules")
public func depslibrary_register_modules() {
  DepsLibrary.register([Stopwatch.module])
}

/// `require "stopwatch"` from stock lua5.4 (with libStopwatch.so reachable as stopwatch.so).
@_cdecl("luaopen_stopwatch")
public func luaopen_stopwatch(_ L: OpaquePointer?) -> Int32 {
  DepsLibrary.openLua(L)
}
