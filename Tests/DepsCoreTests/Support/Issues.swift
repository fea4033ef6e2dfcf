// Capturing the issues a block reports, for the tests that assert failure messages.
@testable import DepsCore

/// Runs `body` with a recording reporter and returns what it recorded (stores created inside
/// `body` are released, and so complete, before this returns).
func recordIssues(_ body: () async -> Void) async -> [ReportedIssue] {
  let recorder = RecordingIssueReporter()
  await withIssueReporters([recorder]) { await body() }
  return recorder.issues
}

/// The synchronous form of `recordIssues(_:)`.
func recordIssues(_ body: () -> Void) -> [ReportedIssue] {
  let recorder = RecordingIssueReporter()
  withIssueReporters([recorder]) { body() }
  return recorder.issues
}
