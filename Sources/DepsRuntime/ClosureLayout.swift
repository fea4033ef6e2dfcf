// Reading a function value back under another instantiation of the generic one-field struct it
// was stored in. A store's code is generic over `Action` and unspecialized (its callers are in
// other modules), so an effect keeps its closures under one `Action`-independent type
// (`Wrapper<Never>`) and reads them back under their own (`Wrapper<Action>`): a function value is
// a code pointer and a context whatever its parameter types, so both instantiations of a struct
// holding one function have the same layout. (A bare function value passed as a generic
// argument, as `unsafeBitCast` takes it, would be wrapped in reabstraction thunks instead; the
// one-field struct is what is reinterpreted.)
//
// Checked once, on first use: both instantiations of a probe wrapper have the same size,
// stride and alignment, and a closure stored under one and read back under the other runs
// with its captures and returns what it should. When the check fails, or with
// `DEPS_SAFE_RUNTIME=1`, callers keep the closures boxed as `Any` and cast them back with `as!`
// (the standard library's reabstracting cast).

/// The layout fact behind an effect's stored closures (see the top of this file).
package enum ClosureLayout {
  /// Whether stored closures may be reinterpreted (checked once, and not switched off).
  package static let usable: Bool =
    !RuntimeSwitch.isSafeForced
    && !RuntimeSwitch.failsCheck("effect_closures") && check()

  /// `value` (a `Wrapper<A>` holding one function value) as a `Wrapper<B>`; only when `usable`
  /// and `From` and `To` are instantiations of the same one-function generic struct.
  @inlinable @inline(__always)
  package static func reinterpret<From, To>(_ value: From, as type: To.Type) -> To {
    unsafeBitCast(value, to: To.self)
  }

  private struct Probe<T> {
    let body: @Sendable (T) -> Int
  }

  private final class Capture: Sendable {
    let offset: Int
    init(offset: Int) { self.offset = offset }
  }

  /// Whether the probe's instantiations share a layout and a closure survives the round trip.
  static func check() -> Bool {
    guard MemoryLayout<Probe<Never>>.size == MemoryLayout<Probe<String>>.size,
      MemoryLayout<Probe<Never>>.stride == MemoryLayout<Probe<String>>.stride,
      MemoryLayout<Probe<Never>>.alignment == MemoryLayout<Probe<String>>.alignment,
      MemoryLayout<Probe<Never>>.size == MemoryLayout<Probe<(Int, [Int])>>.size
    else { return false }
    let capture = Capture(offset: 40)
    let original = Probe<String> { text in text.utf8.count + capture.offset }
    let stored = unsafeBitCast(original, to: Probe<Never>.self)
    let restored = unsafeBitCast(stored, to: Probe<String>.self)
    return restored.body("ab") == 42
  }
}
