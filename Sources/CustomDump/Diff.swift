// swift-custom-dump's public diffing: `diff(_:_:format:)` and `expectNoDifference`, over the
// same `SwiftDiff` TCA's failure texts use.
import IssueReporting

/// The markers a diff starts its lines with.
///
/// ```swift
/// diff(old, new, format: .proportional)   // "−" removed, "+" added, figure space unchanged
/// ```
public struct DiffFormat: Sendable, Hashable {
  /// The marker of a line only the first value has.
  public var first: String
  /// The marker of a line only the second value has.
  public var second: String
  /// The marker of a line both values have.
  public var both: String

  /// A format with these three markers.
  public init(first: String, second: String, both: String) {
    self.first = first
    self.second = second
    self.both = both
  }

  /// ASCII markers: `-`, `+` and a space.
  public static let `default` = DiffFormat(first: "-", second: "+", both: " ")

  /// Markers of one width in proportional fonts: `−` (U+2212), `+` and a figure space (U+2007).
  public static let proportional = DiffFormat(first: "\u{2212}", second: "+", both: "\u{2007}")
}

/// The difference of two values, dumped as Swift, one marked line per line of the dump; nil when
/// they dump the same.
///
/// ```swift
/// diff(User(id: 42, name: "Blob"), User(id: 42, name: "Blob, Esq."))
/// //   User(
/// //     id: 42,
/// // -   name: "Blob"
/// // +   name: "Blob, Esq."
/// //   )
/// ```
public func diff<T>(_ lhs: T, _ rhs: T, format: DiffFormat = .default) -> String? {
  guard let text = SwiftDiff.diff(lhs, rhs) else { return nil }
  if format == .proportional { return text }
  return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
    switch line.first.map(String.init) {
    case SwiftDiff.removed: format.first + line.dropFirst()
    case SwiftDiff.added: format.second + line.dropFirst()
    case SwiftDiff.unchanged: format.both + line.dropFirst()
    default: String(line)
    }
  }.joined(separator: "\n")
}

/// Reports an issue showing the difference when the two values are not equal (the test fails
/// there, as swift-custom-dump's does).
///
/// ```swift
/// expectNoDifference(user, User(id: 42, name: "Blob"))
/// // Difference: …
/// //
/// //     User(
/// //       id: 42,
/// //   −   name: "Blob, Esq."
/// //   +   name: "Blob"
/// //     )
/// //
/// // (First: −, Second: +)
/// ```
/// An error thrown by either expression is reported instead.
public func expectNoDifference<T: Equatable>(
  _ expression1: @autoclosure () throws -> T,
  _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let text: String
  do {
    let first = try expression1()
    let second = try expression2()
    guard first != second else { return }
    let format = DiffFormat.proportional
    if let difference = diff(first, second, format: format) {
      text = """
        \(message().map { $0 + " - " } ?? "")Difference: …

        \(SwiftDump.indenting(difference, by: 2))

        (First: \(format.first), Second: \(format.second))
        """
    } else {
      text = """
        ("\(first)" is not equal to ("\(second)"), but no difference was detected.
        """
    }
  } catch {
    reportIssue(error, fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  reportIssue(text, fileID: fileID, filePath: filePath, line: line, column: column)
}
