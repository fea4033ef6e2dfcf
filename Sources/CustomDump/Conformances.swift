// The protocols through which a type chooses how swift-custom-dump prints it, honoured by
// `SwiftDump` (and so by every TestStore failure text and diff); `CustomDumpRepresentable` and
// `_CustomDiffObject` are beside the equality they take part in (Equality.swift).

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
