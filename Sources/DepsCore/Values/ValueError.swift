// `ValueError`: every failure of the value layer (parsing, decoding, encoding). The message is
// complete and reaches C users verbatim (`deps_last_error()`), so it names what was wrong, where,
// and what was expected. Message builders shared by the parser and the decoder live here too.

/// A failure to parse, encode or decode a `JSONValue`, with a message ready to show to users.
///
/// ```swift
/// do { _ = try JSONValue(json: "[1,") } catch {
///   error.message  // "malformed JSON at byte 3: expected a value, got end of input"
///   error.offset   // 3
/// }
/// ```
public struct ValueError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure this is.
  ///
  /// ```swift
  /// if error.kind == .notFound { /* unknown enum case */ }
  /// ```
  public enum Kind: Sendable, Equatable {
    /// The JSON text is not valid JSON (RFC 8259) or not valid UTF-8.
    case malformed
    /// The value does not have the shape the Swift type expects.
    case shape
    /// A name (an enum case) that does not exist.
    case notFound
    /// A limit was exceeded: nesting depth, or a number out of range.
    case limit
  }

  /// What kind of failure this is.
  public let kind: Kind
  /// The full message, e.g. `missing key "title" at setTitle`.
  public let message: String
  /// The byte offset (from 0) in the JSON text, for parse errors; `nil` otherwise.
  public let offset: Int?

  /// A failure with a message and, for parse errors, the byte offset.
  ///
  /// ```swift
  /// ValueError(kind: .shape, message: "expected a string, got 1")
  /// ```
  public init(kind: Kind, message: String, offset: Int? = nil) {
    self.kind = kind
    self.message = message
    self.offset = offset
  }

  /// The message.
  ///
  /// ```swift
  /// print(error)  // missing key "title" at setTitle
  /// ```
  public var description: String { message }
}

extension ValueError {
  /// `expected <what> at <path>, got <json>`, the decoder's shape mismatch.
  static func mismatch(expected: String, path: String, got value: JSONValue) -> ValueError {
    ValueError(
      kind: .shape, message: "expected \(expected)\(at(path)), got \(excerpt(of: value))")
  }

  /// ` at <path>`, or nothing at the root.
  static func at(_ path: String) -> String { path.isEmpty ? "" : " at \(path)" }

  /// The compact JSON of `value`, cut to 60 characters with `…` when longer.
  public static func excerpt(of value: JSONValue) -> String {
    let text = value.json()
    guard text.count > 60 else { return text }
    return String(text.prefix(59)) + "…"
  }
}
