// `reportIssue` and `withExpectedIssue`: the single door through which every failure Deps
// detects (unimplemented endpoints, TestStore mismatches, misuse) reaches the user.

/// Reports an issue to the current reporters (a test failure under `swift test`).
///
/// ```swift
/// reportIssue("The date must not be in the future")
/// ```
/// - Parameters:
///   - message: what went wrong and how to fix it.
///   - fileID: where it went wrong (defaults: the caller).
///   - filePath: its `#filePath`.
///   - line: its `#line`.
///   - column: its `#column`.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  reportIssue(
    ReportedIssue(
      message: message(), fileID: "\(fileID)", filePath: "\(filePath)", line: line,
      column: column))
}

/// Reports an error as an issue (its description is the message).
public func reportIssue(
  _ error: any Error, _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let extra = message()
  let text = extra.isEmpty ? "Caught error: \(error)" : "Caught error: \(error): \(extra)"
  reportIssue(text, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Reports an already-built issue to every current reporter.
public func reportIssue(_ issue: ReportedIssue) {
  guard let issue = IssueInterception.apply(issue) else { return }
  for reporter in IssueReporters.current { reporter.reportIssue(issue) }
}

/// Runs `operation` expecting it to report at least one issue; those issues are swallowed.
/// If none is reported, that itself is reported.
///
/// ```swift
/// withExpectedIssue { _ = unimplementedClient.fetch(1) }
/// ```
/// - Parameters:
///   - message: an optional note included when no issue was reported.
///   - isIntermittent: when true, no issue at all is also fine.
///   - fileID: where the missing issue is reported (defaults: the caller).
///   - filePath: its `#filePath`.
///   - line: its `#line`.
///   - column: its `#column`.
///   - operation: the work expected to report an issue.
@discardableResult
public func withExpectedIssue<R>(
  _ message: String? = nil, isIntermittent: Bool = false,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column,
  _ operation: () throws -> R
) rethrows -> R {
  let recorder = RecordingIssueReporter()
  let result = try withIssueReporters([recorder], operation: operation)
  if recorder.issues.isEmpty && !isIntermittent {
    reportIssue(
      "Expected an issue to be reported, but none was" + (message.map { ": \($0)" } ?? "."),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
  return result
}

/// Async form of `withExpectedIssue`.
@discardableResult
public func withExpectedIssue<R>(
  _ message: String? = nil, isIntermittent: Bool = false,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  _ operation: () async throws -> R
) async rethrows -> R {
  let recorder = RecordingIssueReporter()
  let result = try await withIssueReporters([recorder], operation: operation)
  if recorder.issues.isEmpty && !isIntermittent {
    reportIssue(
      "Expected an issue to be reported, but none was" + (message.map { ": \($0)" } ?? "."),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
  return result
}
