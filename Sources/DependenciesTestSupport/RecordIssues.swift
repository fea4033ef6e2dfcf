// Capturing the issues a block reports instead of failing the running test: for tests that
// assert a failure message word for word.
import Dependencies
import IssueReporting

/// Runs `body` with a recording reporter in place of the test framework's and returns every
/// issue it reported, in order. Stores created inside `body` are released, and so complete,
/// before this returns, so their end-of-life reports are included.
///
/// ```swift
/// let issues = await recordIssues {
///   let store = TestStore(initialState: Feature.State()) { Feature() }
///   await store.send(.incrementButtonTapped)  // state change not asserted
/// }
/// #expect(issues.map(\.message) == ["A state change does not match expectation."])
/// ```
/// - Parameter body: the code whose issues are captured.
/// - Returns: the issues `body` reported.
public func recordIssues(_ body: () async -> Void) async -> [ReportedIssue] {
  let recorder = RecordingIssueReporter()
  await withIssueReporters([recorder]) { await body() }
  return recorder.issues
}

/// Runs `body` with a recording reporter and returns every issue it reported: the synchronous
/// form of `recordIssues(_:)`.
///
/// ```swift
/// let issues = recordIssues { reportIssue("boom") }
/// #expect(issues.map(\.message) == ["boom"])
/// ```
/// - Parameter body: the code whose issues are captured.
/// - Returns: the issues `body` reported.
public func recordIssues(_ body: () -> Void) -> [ReportedIssue] {
  let recorder = RecordingIssueReporter()
  withIssueReporters([recorder]) { body() }
  return recorder.issues
}
