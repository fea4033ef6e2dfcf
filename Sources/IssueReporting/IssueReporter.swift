// Issue reporters: where `reportIssue` sends what went wrong. The current list is task-local
// (`withIssueReporters`); by default it fails the running Swift test under `swift test` and
// prints `file:line: message` to stderr elsewhere.

import DepsRuntime
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Receives reported issues.
///
/// ```swift
/// let recorder = RecordingIssueReporter()
/// withIssueReporters([recorder]) { reportIssue("oops") }
/// recorder.issues.map(\.message)  // ["oops"]
/// ```
public protocol IssueReporter: Sendable {
  /// Called once per reported issue.
  func reportIssue(_ issue: ReportedIssue)
}

/// Prints `fileID:line: message` to standard error (the default outside tests).
public struct RuntimeWarningReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}
  /// Writes the issue to stderr.
  public func reportIssue(_ issue: ReportedIssue) {
    StandardError.write("\(issue.fileID):\(issue.line): \(issue.message)\n")
  }
}

/// Fails the current test: a Swift Testing test (`Issue.record`) or an XCTest case (`XCTFail`),
/// found at run time so DepsCore never links a test framework. Outside a test it prints.
public struct TestFailureReporter: IssueReporter {
  /// Creates the reporter.
  public init() {}
  /// Records the issue in the running test, or prints it when no test is running.
  public func reportIssue(_ issue: ReportedIssue) {
    if TestFrameworks.recordInSwiftTesting(
      issue.message, fileID: issue.fileID, filePath: issue.filePath, line: issue.line,
      column: issue.column)
    {
      return
    }
    if TestFrameworks.failInXCTest(issue.message, filePath: issue.filePath, line: issue.line) {
      return
    }
    RuntimeWarningReporter().reportIssue(issue)
  }
}

/// Keeps every issue it receives, for tests that assert on messages.
public final class RecordingIssueReporter: IssueReporter, @unchecked Sendable {
  private struct Recorded {
    var issues: [ReportedIssue] = []
    var dropped = 0
  }
  private let recorded = Mutex(Recorded())
  /// The most issues kept; later ones are only counted (`droppedCount`).
  public let limit: Int

  /// Creates an empty recorder keeping at most `limit` issues (an effect stuck reporting in a
  /// loop cannot grow memory without bound).
  public init(limit: Int = .max) { self.limit = max(0, limit) }
  /// Appends the issue, or counts it once `limit` issues are kept.
  public func reportIssue(_ issue: ReportedIssue) {
    recorded.withLock {
      if $0.issues.count < limit { $0.issues.append(issue) } else { $0.dropped += 1 }
    }
  }
  /// Every issue kept so far, oldest first.
  public var issues: [ReportedIssue] { recorded.withLock { $0.issues } }
  /// The messages of every issue kept so far.
  public var messages: [String] { issues.map(\.message) }
  /// How many issues arrived after `limit` were kept.
  public var droppedCount: Int { recorded.withLock { $0.dropped } }
  /// Forgets what was recorded (and the dropped count).
  public func removeAll() { recorded.withLock { $0 = Recorded() } }

  /// The kept messages, plus `… and N more issues` when some were dropped; then forgets them.
  public func takeMessages() -> [String] {
    recorded.withLock { recorded in
      var messages = recorded.issues.map(\.message)
      if recorded.dropped > 0 {
        messages.append(
          "… and \(recorded.dropped) more issue\(recorded.dropped == 1 ? "" : "s")")
      }
      recorded = Recorded()
      return messages
    }
  }
}

/// The task-local list of reporters `reportIssue` uses.
public enum IssueReporters {
  /// The reporters in effect. Default: a `TestFailureReporter` under `swift test`, else a
  /// `RuntimeWarningReporter`.
  @TaskLocal public static var current: [any IssueReporter] =
    TestFrameworks.isRunningTests ? [TestFailureReporter()] : [RuntimeWarningReporter()]
}

/// Runs `operation` with `reporters` receiving every issue reported inside it.
///
/// - Parameters:
///   - reporters: the reporters to use instead of the current ones.
///   - operation: the work whose issues they receive.
public func withIssueReporters<R>(
  _ reporters: [any IssueReporter], operation: () throws -> R
) rethrows -> R {
  try IssueReporters.$current.withValue(reporters, operation: operation)
}

/// Runs async `operation` with `reporters` receiving every issue reported inside it.
public func withIssueReporters<R>(
  _ reporters: [any IssueReporter], isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> R
) async rethrows -> R {
  try await IssueReporters.$current.withValue(reporters, operation: operation)
}

/// Unbuffered writes to file descriptor 2.
package enum StandardError {
  /// Writes `text` to stderr.
  package static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
