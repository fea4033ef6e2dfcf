// Bitwise identity and plain bit patterns. The state-changes read uses identity; the bare
// enum-case cache keeps a plain case as its bits. Bitwise identity of two values of one type: the state-changes read's shortcut for "unchanged"
// before any `==`. Two values whose bytes are identical hold the same scalars and the same
// references (an array's or string's copy-on-write buffer, a class instance, an indirect
// enum's box), so they are the same value: `==` (reflexive) would say so and the encoder would
// write the same JSON. Bytes that differ prove nothing (padding, another buffer with equal
// contents): the caller then compares with `==` or member by member. While the previous state
// is retained, a buffer it shares cannot change in place (a change copies it first), so a
// shared buffer pointer means unchanged contents.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum BitwiseIdentity {
  /// Up to 32 bytes of a plain value's bit pattern.
  typealias Bits = (UInt64, UInt64, UInt64, UInt64)

  /// Whether values of `T` may be kept as `Bits` and loaded back: plain (POD: no reference,
  /// nothing to retain or release anywhere in it), at most 32 bytes and aligned no more than
  /// `Bits` is (so a load from them is aligned). Everything else keeps the caller's general path.
  @inline(__always)
  static func isPlain<T>(_ type: T.Type) -> Bool {
    _isPOD(T.self) && MemoryLayout<T>.size <= MemoryLayout<Bits>.size
      && MemoryLayout<T>.alignment <= MemoryLayout<Bits>.alignment
  }

  /// The bits of a plain `value` (the caller checked `isPlain(T.self)`).
  static func bits<T>(of value: T) -> Bits {
    var bits: Bits = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bits) { destination in
      withUnsafeBytes(of: value) { source in
        destination.copyMemory(
          from: UnsafeRawBufferPointer(rebasing: source.prefix(MemoryLayout<T>.size)))
      }
    }
    return bits
  }

  /// The plain `T` whose bits are `bits` (taken by `bits(of:)` from a `T`).
  @inline(__always)
  static func load<T>(_ bits: Bits, as type: T.Type) -> T {
    withUnsafeBytes(of: bits) { $0.load(as: T.self) }
  }

  /// Whether `a` and `b` have identical bytes (a sound "equal" when true; nothing when false).
  @inline(__always)
  static func identical<T>(_ a: T, _ b: T) -> Bool {
    let size = MemoryLayout<T>.size
    if size == 0 { return true }
    return withUnsafeBytes(of: a) { left in
      withUnsafeBytes(of: b) { right in
        memcmp(left.baseAddress!, right.baseAddress!, size) == 0
      }
    }
  }

  /// Whether `count` elements from `a` and from `b` (both of `T`, `stride` apart) have
  /// identical bytes, compared as one block (padding between elements included: a difference
  /// there only sends the caller to its element-by-element check).
  @inline(__always)
  static func identical<T>(
    _ a: UnsafePointer<T>, _ b: UnsafePointer<T>, count: Int, of type: T.Type
  ) -> Bool {
    if count <= 0 || MemoryLayout<T>.size == 0 { return true }
    let bytes = (count - 1) * MemoryLayout<T>.stride + MemoryLayout<T>.size
    return memcmp(UnsafeRawPointer(a), UnsafeRawPointer(b), bytes) == 0
  }
}
