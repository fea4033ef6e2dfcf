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

/// A type that dumps (and diffs) as the children of a mirror of its own making, as
/// swift-custom-dump's protocol of the same name: a collection keyed by ids can show itself as a
/// dictionary (`[#0: …, #1: …]`) without changing its `customMirror`.
///
/// ```swift
/// extension Stack: CustomDumpReflectable {
///   var customDumpMirror: Mirror {
///     Mirror(self, unlabeledChildren: Array(zip(ids, elements)), displayStyle: .dictionary)
///   }
/// }
/// ```
public protocol CustomDumpReflectable {
  /// The mirror a dump walks instead of the value's own.
  var customDumpMirror: Mirror { get }
}
