// swift-custom-dump's public dumping: `customDump` and `String(customDumping:)`, over the same
// `SwiftDump` TCA's failure texts use.

/// Writes the dump of `value` — Swift syntax, one member per line — to `target`, and returns
/// `value`.
///
/// ```swift
/// var out = ""
/// customDump(User(id: 42, name: "Blob"), to: &out)
/// // User(
/// //   id: 42,
/// //   name: "Blob"
/// // )
/// ```
/// - Parameters:
///   - value: the value to dump.
///   - target: where the dump is written.
///   - name: a label written first (`user: User(…)`).
///   - indent: spaces put before every line.
///   - maxDepth: how deep containers open; deeper ones print `…`.
@discardableResult
public func customDump<T, TargetStream: TextOutputStream>(
  _ value: T, to target: inout TargetStream, name: String? = nil, indent: Int = 0,
  maxDepth: Int = .max
) -> T {
  target.write(SwiftDump.dump(value, name: name, indent: indent, maxDepth: maxDepth))
  return value
}

/// Prints the dump of `value` to standard output (what the caller asks for, as `print` does),
/// and returns `value`.
///
/// ```swift
/// customDump(state, name: "state")
/// ```
@discardableResult
public func customDump<T>(_ value: T, name: String? = nil, indent: Int = 0, maxDepth: Int = .max)
  -> T
{
  print(SwiftDump.dump(value, name: name, indent: indent, maxDepth: maxDepth))
  return value
}

extension String {
  /// The dump of `subject`, as `customDump` writes it.
  ///
  /// ```swift
  /// String(customDumping: [1, 2])   // "[\n  [0]: 1,\n  [1]: 2\n]"
  /// ```
  public init<Subject>(customDumping subject: Subject) {
    self = SwiftDump.dump(subject)
  }
}
