// `JSONWriter`: `JSONValue` → JSON text. Compact by default; `pretty` uses 2-space indentation and
// `"key": value`; `sortedKeys` orders keys by their UTF-8 bytes. Integral numbers print without
// ".0" (within ±2^53, where doubles are exact); other doubles print in the shortest form that
// reads back to the same bits; non-finite doubles (not JSON) print as `null`.

extension JSONValue {
  /// The JSON text of this value.
  ///
  /// ```swift
  /// (["count": 1.0, "title": "Milk"] as JSONValue).json()  // {"count":1,"title":"Milk"}
  /// (["b": 1, "a": [2]] as JSONValue).json(pretty: true, sortedKeys: true)
  /// // {
  /// //   "a": [
  /// //     2
  /// //   ],
  /// //   "b": 1
  /// // }
  /// ```
  /// - Parameters:
  ///   - pretty: one member or element per line, indented by 2 spaces.
  ///   - sortedKeys: object keys in ascending order instead of insertion order.
  public func json(pretty: Bool = false, sortedKeys: Bool = false) -> String {
    var writer = JSONWriter(pretty: pretty, sortedKeys: sortedKeys)
    writer.write(self, indent: 0)
    return writer.text
  }
}

extension JSONValue {
  /// Calls `body` with the compact JSON text of this value as UTF-8 bytes (valid during the
  /// call only), without making a `String` of it: what a C front copies into its own buffer.
  ///
  /// ```swift
  /// let count = (["a": 1] as JSONValue).withCompactJSONBytes { $0.count }  // 7
  /// ```
  public func withCompactJSONBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R)
    rethrows -> R
  {
    var writer = JSONWriter(pretty: false, sortedKeys: false)
    writer.write(self, indent: 0)
    return try writer.output.withUnsafeBufferPointer(body)
  }
}

/// Serializes `JSONValue`s into UTF-8 bytes.
struct JSONWriter {
  let pretty: Bool
  let sortedKeys: Bool
  var output: [UInt8] = []

  init(pretty: Bool, sortedKeys: Bool) {
    self.pretty = pretty
    self.sortedKeys = sortedKeys
    output.reserveCapacity(64)
  }

  /// The output as a `String` (valid UTF-8: the bytes of `String`s and ASCII). Copied as is;
  /// the generic `String(decoding:as:)` would first try a dynamic cast of the array.
  var text: String {
    output.withUnsafeBufferPointer { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { buffer in
        _ = buffer.initialize(from: bytes)
        return bytes.count
      }
    }
  }

  mutating func write(_ value: JSONValue, indent: Int) {
    switch value {
    case .null: append("null")
    case let .bool(flag): append(flag ? "true" : "false")
    case let .int(integer): writeInteger(integer)
    case let .double(double): append(Self.format(double))
    case let .string(text): writeString(text)
    case let .array(array):
      guard !array.isEmpty else { return append("[]") }
      output.append(UInt8(ascii: "["))
      for (position, element) in array.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1)
        write(element, indent: indent + 1)
      }
      newline(indent)
      output.append(UInt8(ascii: "]"))
    case let .object(object):
      guard !object.isEmpty else { return append("{}") }
      output.append(UInt8(ascii: "{"))
      let entries = sortedKeys ? object.sortedEntries : object.entries
      for (position, entry) in entries.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        newline(indent + 1)
        writeString(entry.key)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(UInt8(ascii: " ")) }
        write(entry.value, indent: indent + 1)
      }
      newline(indent)
      output.append(UInt8(ascii: "}"))
    }
  }

  /// The JSON text of a double: integral values without ".0", `null` when not finite.
  static func format(_ double: Double) -> String {
    guard double.isFinite else { return "null" }
    if double.magnitude <= 9_007_199_254_740_992, let integer = Int(exactly: double) {
      return String(integer)
    }
    return double.description
  }

  /// The decimal digits of `integer`, written straight into `output` (no `String` made).
  mutating func writeInteger(_ integer: Int) {
    if integer < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = integer.magnitude
    // 20 digits hold UInt64.max; filled from the end.
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
    }
  }

  private mutating func newline(_ indent: Int) {
    guard pretty else { return }
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// `text` as a JSON string: runs of bytes that need no escape are copied at once.
  mutating func writeString(_ text: String) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      for position in 0..<bytes.count {
        let byte = bytes[position]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        writeEscape(byte)
        start = position + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    output.append(UInt8(ascii: "\""))
  }

  /// The escape sequence of a byte JSON strings cannot hold as is.
  private mutating func writeEscape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
    case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
    case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
    case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
    case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
    case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
    case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
    default:
      output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
      output.append(Self.hexDigits[Int(byte >> 4)])
      output.append(Self.hexDigits[Int(byte & 0x0F)])
    }
  }
}
