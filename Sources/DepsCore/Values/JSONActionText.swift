// `JSONActionText`: an action decoded straight from its JSON text, without a `JSONValue` tree,
// when everything in it is already known: a bare case name `"case"` whose value is cached
// (`BareCaseCache`), or `{"case": payload}` whose case has a learned plan (`EnumCasePlan`)
// with a payload that is a leaf of the matching kind or another such planned case. The scan
// runs the JSON parser's own string, number and literal rules (`JSONParser`), so what it
// accepts it reads exactly as `JSONValue(json:)` would. It gives up on anything else — an
// unknown or unplanned case, a key with an escape, an array, a second member, a wrong kind,
// malformed text — and the caller then parses the whole text and decodes the tree, which
// gives the value or the error it always gave. The only allocation on the way is a payload
// string's own storage.

import DepsRuntime
#if canImport(Glibc)
import Glibc
#endif

extension JSONParser {
  /// The byte at the current position, if any.
  @inline(__always)
  var current: UInt8? { pos < end ? bytes[pos] : nil }

  /// The bytes between the quotes of the string at the current position, moving past it,
  /// when the string has no escape and no control character; `nil` otherwise. The bytes may
  /// not be valid UTF-8: callers compare them with known names, which are.
  mutating func scanPlainName() -> UnsafeRawBufferPointer? {
    guard pos < end, bytes[pos] == UInt8(ascii: "\"") else { return nil }
    let start = pos + 1
    var index = Self.skipPlainASCII(bytes, from: start, end: end)
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        pos = index + 1
        return UnsafeRawBufferPointer(start: bytes + start, count: index - start)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      index += 1
    }
    return nil
  }

  /// The string, number, `true`, `false` or `null` at the current position (as `parseValue`
  /// reads it), moving past it; `nil` for an object, an array or malformed text.
  @inline(__always)
  mutating func scanScalar() -> JSONValue? {
    guard let byte = current, byte != UInt8(ascii: "{"), byte != UInt8(ascii: "[") else {
      return nil
    }
    do {
      return try parseValue()
    } catch {
      return nil
    }
  }

  /// Moves past JSON whitespace; the usual case, none, takes one comparison inline.
  @inline(__always)
  mutating func skipSpace() {
    if pos < end, bytes[pos] > 0x20 { return }
    skipWhitespace()
  }

  /// Initializes `destination` with the case of the enum `E` written as `{"case": payload}`
  /// at the current position, moving past it, when `E` has a learned plan for the case and
  /// its payload fills from the text (`EnumPayloadPlan.fill`); returns the case name's bytes
  /// (in the text), or `nil` with `destination` left uninitialized.
  mutating func scanCase<E>(_ type: E.Type, into destination: UnsafeMutableRawPointer)
    -> UnsafeRawBufferPointer?
  {
    // `enter()`'s depth limit (its error comes from the parse that follows a `false`).
    guard current == UInt8(ascii: "{"), depth < JSONParser.maxDepth else { return nil }
    depth += 1
    pos += 1
    skipSpace()
    guard let name = scanPlainName() else { return nil }
    skipSpace()
    guard current == UInt8(ascii: ":") else { return nil }
    pos += 1
    skipSpace()
    guard let plan = EnumPlanCache.shared.plan(E.self, utf8: name) else { return nil }
    let filled = plan._withUnsafeGuaranteedRef { $0.fill(E.self, &self, into: destination) }
    guard filled else { return nil }
    skipSpace()
    guard current == UInt8(ascii: "}") else {
      destination.assumingMemoryBound(to: E.self).deinitialize(count: 1)
      return nil
    }
    pos += 1
    depth -= 1
    return name
  }
}

extension String {
  /// Whether the string's UTF-8 is exactly `utf8` (a length check, then one `memcmp`).
  @inline(__always)
  func utf8Equals(_ utf8: UnsafeRawBufferPointer) -> Bool {
    guard self.utf8.count == utf8.count else { return false }
    guard let base = utf8.baseAddress else { return true }
    if let equal = self.utf8.withContiguousStorageIfAvailable({ own in
      own.baseAddress.map { memcmp($0, base, utf8.count) == 0 } ?? true
    }) {
      return equal
    }
    return self.utf8.elementsEqual(utf8)
  }
}

/// Decodes enum values straight from JSON text where that needs no decoder (see the top of
/// this file).
enum JSONActionText {
  /// Initializes `destination` (room and alignment for a `T`) with the `T` that `utf8`, one
  /// whole JSON text, decodes to, when the text is a cached bare case or a planned
  /// `{"case": payload}` (with JSON whitespace anywhere between tokens), and returns the
  /// case name's bytes (in `utf8`); `nil` otherwise, with `destination` left uninitialized.
  static func fill<T>(
    _ type: T.Type, _ utf8: UnsafeRawBufferPointer, into destination: UnsafeMutableRawPointer
  ) -> UnsafeRawBufferPointer? {
    guard RuntimeType.isEnum(T.self), let base = utf8.baseAddress, utf8.count > 0 else {
      return nil
    }
    var text = JSONParser(bytes: base.assumingMemoryBound(to: UInt8.self), end: utf8.count)
    text.skipSpace()
    if text.current == UInt8(ascii: "\"") {
      guard let name = text.scanPlainName(),
        let bits = BareCaseCache.shared.plainBits(T.self, utf8: name)
      else { return nil }
      text.skipSpace()
      guard text.pos == text.end else { return nil }
      // A plain (POD) enum: its bits are the value.
      withUnsafeBytes(of: bits) { raw in
        destination.copyMemory(from: raw.baseAddress ?? base, byteCount: MemoryLayout<T>.size)
      }
      return name
    }
    guard let name = text.scanCase(T.self, into: destination) else { return nil }
    text.skipSpace()
    guard text.pos == text.end else {
      destination.assumingMemoryBound(to: T.self).deinitialize(count: 1)
      return nil
    }
    return name
  }
}
