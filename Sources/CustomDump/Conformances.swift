// The protocols through which a type chooses how swift-custom-dump prints it, honoured by
// `SwiftDump` (and so by every TestStore failure text and diff).

/// A type that prints as a fixed text in dumps and diffs.
///
/// ```swift
/// struct Token: CustomDumpStringConvertible {
///   var raw: String
///   var customDumpDescription: String { "Token(•••)" }
/// }
/// ```
public protocol CustomDumpStringConvertible {
  /// The text a dump prints for this value.
  var customDumpDescription: String { get }
}

/// A type that prints as another value in dumps and diffs.
///
/// ```swift
/// struct Wrapper: CustomDumpRepresentable {
///   var value: Int
///   var customDumpValue: Any { value }
/// }
/// ```
public protocol CustomDumpRepresentable {
  /// The value a dump prints in place of this one.
  var customDumpValue: Any { get }
}
