// `JSONParser`: RFC 8259 text → `JSONValue`, byte by byte over UTF-8 (no Foundation). Errors carry
// the byte offset (from 0) and say what was expected and what was found. Strings must be valid
// UTF-8; an unpaired `\uD800`-style surrogate escape becomes U+FFFD (RFC 8259 §8.2 leaves it to
// the parser). Nesting deeper than `maxDepth` and numbers beyond `Double` are `.limit` errors.

extension JSONValue {
  /// Parses JSON text (RFC 8259).
  ///
  /// ```swift
  /// let action = try JSONValue(json: #"{"numberFactResponse":{"success":"0 is a number"}}"#)
  /// ```
  /// - Throws: `.malformed` with the byte offset (`malformed JSON at byte 12: expected ',' or
  ///   '}', got ']'`), or `.limit` for nesting deeper than 512 or a number beyond `Double`.
  public init(json: String) throws(ValueError) {
    var text = json
    var result: Result<Value, ValueError> = .success(.null)
    text.withUTF8 { bytes in result = JSONParser.parse(UnsafeRawBufferPointer(bytes)) }
    self = try result.get()
  }

  /// Parses JSON text given as UTF-8 bytes (which may be invalid UTF-8: that is an error).
  ///
  /// ```swift
  /// let v = try "[1,2]".utf8.withContiguousStorageIfAvailable {
  ///   try JSONValue(jsonBytes: UnsafeRawBufferPointer($0))
  /// }
  /// ```
  public init(jsonBytes: UnsafeRawBufferPointer) throws(ValueError) {
    self = try JSONParser.parse(jsonBytes).get()
  }

  /// Parses JSON text given as an array of UTF-8 bytes.
  ///
  /// ```swift
  /// let v = try JSONValue(jsonBytes: Array("[1]".utf8))
  /// ```
  public init(jsonBytes: [UInt8]) throws(ValueError) {
    var result: Result<Value, ValueError> = .success(.null)
    jsonBytes.withUnsafeBytes { result = JSONParser.parse($0) }
    self = try result.get()
  }
}

/// The byte-level JSON parser behind `JSONValue(json:)`.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  static let maxDepth = 512

  let bytes: UnsafePointer<UInt8>
  let end: Int
  var pos = 0
  var depth = 0

  init(bytes: UnsafePointer<UInt8>, end: Int) {
    self.bytes = bytes
    self.end = end
  }

  /// Parses one JSON text filling the whole buffer.
  static func parse(_ buffer: UnsafeRawBufferPointer) -> Result<JSONValue, ValueError> {
    guard let base = buffer.baseAddress, buffer.count > 0 else {
      return .failure(
        ValueError(
          kind: .malformed, message: "malformed JSON at byte 0: expected a value, got end of input",
          offset: 0))
    }
    var parser = JSONParser(bytes: base.assumingMemoryBound(to: UInt8.self), end: buffer.count)
    do throws(ValueError) {
      parser.skipWhitespace()
      let value = try parser.parseValue()
      parser.skipWhitespace()
      guard parser.pos == parser.end else { throw parser.expected("end of input") }
      return .success(value)
    } catch {
      return .failure(error)
    }
  }

  // MARK: - Values

  mutating func parseValue() throws(ValueError) -> JSONValue {
    guard pos < end else { throw expected("a value") }
    switch bytes[pos] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try parseLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try parseLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try parseLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumber()
    default:
      throw expected("a value")
    }
  }

  private mutating func parseLiteral(_ literal: StaticString) throws(ValueError) {
    for offset in 0..<literal.utf8CodeUnitCount {
      guard pos < end, bytes[pos] == literal.utf8Start[offset] else {
        throw expected("'\(literal)'")
      }
      pos += 1
    }
  }

  mutating func enter() throws(ValueError) {
    depth += 1
    guard depth <= Self.maxDepth else {
      throw ValueError(
        kind: .limit,
        message: "JSON exceeds a limit at byte \(pos): nesting deeper than \(Self.maxDepth) levels",
        offset: pos)
    }
  }

  private mutating func parseObject() throws(ValueError) -> JSONValue {
    try enter()
    pos += 1
    var object = ValueObject()
    skipWhitespace()
    if pos < end, bytes[pos] == UInt8(ascii: "}") {
      pos += 1
      depth -= 1
      return .object(object)
    }
    while true {
      guard pos < end, bytes[pos] == UInt8(ascii: "\"") else {
        throw expected(object.isEmpty ? "a string key or '}'" : "a string key")
      }
      let key = try parseString()
      skipWhitespace()
      guard pos < end, bytes[pos] == UInt8(ascii: ":") else { throw expected("':'") }
      pos += 1
      skipWhitespace()
      let value = try parseValue()
      skipWhitespace()
      if object.isEmpty, pos < end, bytes[pos] == UInt8(ascii: "}") {
        // A one-member object (every action with a payload): its entries in one allocation.
        pos += 1
        depth -= 1
        return .object(ValueObject(onlyKey: key, value: value))
      }
      object[key] = value
      guard pos < end else { throw expected("',' or '}'") }
      if bytes[pos] == UInt8(ascii: ",") {
        pos += 1
        skipWhitespace()
      } else if bytes[pos] == UInt8(ascii: "}") {
        pos += 1
        depth -= 1
        return .object(object)
      } else {
        throw expected("',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(ValueError) -> JSONValue {
    try enter()
    pos += 1
    var array: [JSONValue] = []
    skipWhitespace()
    if pos < end, bytes[pos] == UInt8(ascii: "]") {
      pos += 1
      depth -= 1
      return .array(array)
    }
    while true {
      array.append(try parseValue())
      skipWhitespace()
      guard pos < end else { throw expected("',' or ']'") }
      if bytes[pos] == UInt8(ascii: ",") {
        pos += 1
        skipWhitespace()
      } else if bytes[pos] == UInt8(ascii: "]") {
        pos += 1
        depth -= 1
        return .array(array)
      } else {
        throw expected("',' or ']'")
      }
    }
  }

  // MARK: - Numbers

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  private mutating func skipDigits() {
    while pos < end, Self.isDigit(bytes[pos]) { pos += 1 }
  }

  private mutating func parseNumber() throws(ValueError) -> JSONValue {
    let start = pos
    let negative = bytes[pos] == UInt8(ascii: "-")
    if negative { pos += 1 }
    guard pos < end, Self.isDigit(bytes[pos]) else { throw expected("a digit") }
    let digitsStart = pos
    if bytes[pos] == UInt8(ascii: "0") {
      pos += 1
      if pos < end, Self.isDigit(bytes[pos]) {
        throw malformed("a number cannot start with a leading zero", at: pos - 1)
      }
    } else {
      skipDigits()
    }
    var isInteger = true
    if pos < end, bytes[pos] == UInt8(ascii: ".") {
      isInteger = false
      pos += 1
      guard pos < end, Self.isDigit(bytes[pos]) else { throw expected("a digit after '.'") }
      skipDigits()
    }
    if pos < end, bytes[pos] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      pos += 1
      if pos < end, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") {
        pos += 1
      }
      guard pos < end, Self.isDigit(bytes[pos]) else {
        throw expected("a digit in the exponent")
      }
      skipDigits()
    }
    if isInteger, let integer = integerValue(digitsStart, negative: negative) {
      return .int(integer)
    }
    let text = String(
      decoding: UnsafeBufferPointer(start: bytes + start, count: pos - start),
      as: UTF8.self)
    guard let double = Double(text), double.isFinite else {
      let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
      throw ValueError(
        kind: .limit,
        message: "JSON exceeds a limit at byte \(start): number \(shown) does not fit in a Double",
        offset: start)
    }
    return .double(double)
  }

  /// The digits in `digitsStart..<pos` as an `Int`, or `nil` if it overflows.
  private func integerValue(_ digitsStart: Int, negative: Bool) -> Int? {
    var result = 0
    if pos - digitsStart <= 18 {
      for index in digitsStart..<pos { result = result * 10 + Int(bytes[index] &- 48) }
      return negative ? -result : result
    }
    // Accumulate negatively so that Int.min fits.
    for index in digitsStart..<pos {
      let (times10, overflow1) = result.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = times10.subtractingReportingOverflow(Int(bytes[index] &- 48))
      if overflow1 || overflow2 { return nil }
      result = next
    }
    if negative { return result }
    return result == Int.min ? nil : -result
  }

  // MARK: - Strings

  mutating func parseString() throws(ValueError) -> String {
    let quote = pos
    let start = pos + 1
    // A local index (not `pos`, a stored property written back on every step) over the
    // plain part; `pos` is set before anything that reads it.
    var index = Self.skipPlainASCII(bytes, from: start, end: end)
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = Self.string(UnsafeBufferPointer(start: bytes + start, count: index - start))
        pos = index + 1
        return text
      } else if byte == UInt8(ascii: "\\") {
        pos = index
        return try parseEscapedString(from: start, quote: quote)
      } else if byte < 0x20 {
        pos = index
        throw controlCharacter(byte)
      } else if byte < 0x80 {
        index += 1
      } else {
        pos = index
        try skipUTF8Sequence()
        index = pos
      }
    }
    pos = index
    throw unterminated(quote)
  }

  /// The index of the first byte from `index` that may be other than plain ASCII (a quote, a
  /// backslash, a control character or a byte ≥ 0x80), looking at 8 bytes at a time; within
  /// the last 8 bytes, the index of the first of them. The byte loop after it looks at every
  /// byte from there, so a false alarm costs only speed.
  @inline(__always)
  static func skipPlainASCII(_ bytes: UnsafePointer<UInt8>, from index: Int, end: Int)
    -> Int
  {
    var index = index
    while index + 8 <= end {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
      let flags = escapeFlags(word) | (word & 0x8080_8080_8080_8080)
      guard flags == 0 else { return index + flags.trailingZeroBitCount >> 3 }
      index += 8
    }
    return index
  }

  /// The high bit of each byte of `word` (little-endian order) that a JSON string cannot hold
  /// as is: a quote, a backslash or a control character (below 0x20). A borrow can flag a byte
  /// above a flagged one, never below: the lowest flag is exact, and no flag means none.
  @inline(__always)
  static func escapeFlags(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let zeroQuote = (quotes &- ones) & ~quotes
    let zeroBackslash = (backslashes &- ones) & ~backslashes
    let control = (word &- (ones &* 0x20)) & ~word
    return (zeroQuote | zeroBackslash | control) & 0x8080_8080_8080_8080
  }

  /// The string of the UTF-8 bytes `utf8` (already checked; invalid UTF-8 would be repaired,
  /// as `String(decoding:as:)` does). Unlike that generic initializer, no dynamic cast.
  private static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: utf8.count) { buffer in
      _ = buffer.initialize(from: utf8)
      return utf8.count
    }
  }

  /// The slow path: a string with escapes, from `start` (the first byte after the quote).
  private mutating func parseEscapedString(from start: Int, quote: Int) throws(ValueError)
    -> String
  {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(pos - start + 16)
    buffer.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: pos - start))
    while pos < end {
      let byte = bytes[pos]
      if byte == UInt8(ascii: "\"") {
        pos += 1
        return String(decoding: buffer, as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        try parseEscape(into: &buffer)
      } else if byte < 0x20 {
        throw controlCharacter(byte)
      } else if byte < 0x80 {
        buffer.append(byte)
        pos += 1
      } else {
        let sequenceStart = pos
        try skipUTF8Sequence()
        buffer.append(
          contentsOf: UnsafeBufferPointer(start: bytes + sequenceStart, count: pos - sequenceStart))
      }
    }
    throw unterminated(quote)
  }

  private mutating func parseEscape(into buffer: inout [UInt8]) throws(ValueError) {
    let backslash = pos
    pos += 1
    guard pos < end else { throw expected("an escape character after '\\'") }
    let escaped = bytes[pos]
    pos += 1
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try parseHex4()
      var scalar: Unicode.Scalar = "\u{FFFD}"
      if (0xD800...0xDBFF).contains(unit) {
        // A high surrogate pairs with an immediately following `\uDC00`–`\uDFFF`.
        if pos + 1 < end, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") {
          let mark = pos
          pos += 2
          let low = try parseHex4()
          if (0xDC00...0xDFFF).contains(low) {
            let combined = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            scalar = Unicode.Scalar(combined) ?? scalar
          } else {
            pos = mark
          }
        }
      } else if !(0xDC00...0xDFFF).contains(unit) {
        scalar = Unicode.Scalar(UInt32(unit)) ?? scalar
      }
      UTF8.encode(scalar) { buffer.append($0) }
    default:
      pos = backslash
      throw malformed(
        "invalid escape '\\\(Self.describeByte(escaped, quoted: false))' in a string",
        at: backslash)
    }
  }

  private mutating func parseHex4() throws(ValueError) -> UInt16 {
    var unit: UInt16 = 0
    for _ in 0..<4 {
      guard pos < end else { throw expected("4 hex digits after '\\u'") }
      let byte = bytes[pos]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw expected("4 hex digits after '\\u'")
      }
      unit = unit << 4 | UInt16(digit)
      pos += 1
    }
    return unit
  }

  /// Validates one multi-byte UTF-8 sequence at `pos` and moves past it.
  private mutating func skipUTF8Sequence() throws(ValueError) {
    guard let length = Self.utf8SequenceLength(bytes, at: pos, end: end) else {
      throw malformed(
        "invalid UTF-8 sequence starting with byte \(Self.hex(bytes[pos]))", at: pos)
    }
    pos += length
  }

  /// The length of the valid UTF-8 sequence starting at `index`, or `nil` if invalid.
  static func utf8SequenceLength(_ bytes: UnsafePointer<UInt8>, at index: Int, end: Int) -> Int? {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: return nil
    }
    guard index + length <= end else { return nil }
    guard (low...high).contains(bytes[index + 1]) else { return nil }
    for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 { return nil }
    return length
  }

  // MARK: - Whitespace and errors

  mutating func skipWhitespace() {
    while pos < end {
      switch bytes[pos] {
      case 0x20, 0x0A, 0x0D, 0x09: pos += 1
      default: return
      }
    }
  }

  private func malformed(_ detail: String, at offset: Int) -> ValueError {
    ValueError(
      kind: .malformed, message: "malformed JSON at byte \(offset): \(detail)",
      offset: offset)
  }

  /// `expected <what>, got <what is at pos>`.
  private func expected(_ what: String) -> ValueError {
    malformed("expected \(what), got \(found())", at: pos)
  }

  private func unterminated(_ quote: Int) -> ValueError {
    malformed(
      "expected '\"' to end the string started at byte \(quote), got end of input",
      at: pos)
  }

  private func controlCharacter(_ byte: UInt8) -> ValueError {
    malformed("unescaped control character \(Self.codePoint(UInt32(byte))) in a string", at: pos)
  }

  /// What is at `pos`, for messages: `'x'`, `'é'`, `U+000A`, `byte 0xFF`, `end of input`.
  private func found() -> String {
    guard pos < end else { return "end of input" }
    let byte = bytes[pos]
    if byte < 0x80 { return Self.describeByte(byte, quoted: true) }
    guard let length = Self.utf8SequenceLength(bytes, at: pos, end: end) else {
      return "byte \(Self.hex(byte))"
    }
    let text = String(
      decoding: UnsafeBufferPointer(start: bytes + pos, count: length),
      as: UTF8.self)
    return "'\(text)'"
  }

  private static func describeByte(_ byte: UInt8, quoted: Bool) -> String {
    if byte < 0x20 || byte == 0x7F { return codePoint(UInt32(byte)) }
    if byte >= 0x80 { return "byte \(hex(byte))" }
    let text = String(UnicodeScalar(byte))
    return quoted ? "'\(text)'" : text
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }

  private static func codePoint(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
