// Issue reporting: `reportIssue`, task-local reporters, the recording reporter,
// `withExpectedIssue`, and that a reported issue fails the running Swift Testing test.
import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import IssueReporting
@testable import DepsRuntime

/// A reporter that counts what it receives, to check that scopes replace reporters.
private final class CountingReporter: IssueReporter {
  let counter = EvaluationCounter()
  func reportIssue(_ issue: ReportedIssue) { counter.increment() }
}

@Suite struct IssueReportingTests {
  @Test func reportIssueCarriesMessageAndLocation() {
    let recorder = RecordingIssueReporter()
    let line = #line + 1
    withIssueReporters([recorder]) { reportIssue("The date must not be in the future") }
    let issue = recorder.issues.first
    #expect(recorder.issues.count == 1)
    #expect(issue?.message == "The date must not be in the future")
    #expect(issue?.fileID == "DepsCoreTests/IssueReportingTests.swift")
    #expect(issue?.filePath == "\(#filePath)")
    #expect(issue?.line == UInt(line))
    #expect(issue?.column == 49)
    #expect(
      recorder.issues.first?.description
        == "DepsCoreTests/IssueReportingTests.swift:\(line): The date must not be in the future")
  }

  @Test func reportIssueWithoutMessageIsEmpty() {
    let recorder = RecordingIssueReporter()
    withIssueReporters([recorder]) { reportIssue() }
    #expect(recorder.messages == [""])
  }

  @Test func reportedErrorsDescribeTheError() {
    struct Failure: Error, CustomStringConvertible {
      var description: String { "disk full" }
    }
    let recorder = RecordingIssueReporter()
    withIssueReporters([recorder]) {
      reportIssue(Failure())
      reportIssue(Failure(), "while saving")
    }
    #expect(
      recorder.messages == ["Caught error: disk full", "Caught error: disk full: while saving"])
  }

  @Test func reportersAreTaskLocalAndNest() async {
    let outer = RecordingIssueReporter()
    let inner = CountingReporter()
    await withIssueReporters([outer]) {
      reportIssue("one")
      withIssueReporters([inner, outer]) { reportIssue("two") }
      await Task {
        reportIssue("three")
      }.value
    }
    #expect(outer.messages == ["one", "two", "three"])
    #expect(inner.counter.value == 1)
  }

  @Test func recorderForgets() {
    let recorder = RecordingIssueReporter()
    withIssueReporters([recorder]) { reportIssue("x") }
    recorder.removeAll()
    #expect(recorder.issues.isEmpty)
  }

  @Test func noReportersSwallowIssues() {
    withIssueReporters([]) { reportIssue("nobody listens") }
  }

  @Test func defaultReporterFailsTheTestUnderSwiftTest() {
    #expect(IssueReporters.current.count == 1)
    #expect(IssueReporters.current.first is TestFailureReporter)
  }

  @Test func reportedIssueFailsTheCurrentSwiftTestingTest() {
    withKnownIssue {
      reportIssue("Recorded through Issue.record")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Recorded through Issue.record"]
    }
  }

  @Test func testFailureReporterRecordsInSwiftTesting() {
    withKnownIssue {
      TestFailureReporter().reportIssue(
        ReportedIssue(
          message: "direct", fileID: "DepsCoreTests/IssueReportingTests.swift",
          filePath: #filePath, line: 1, column: 1))
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["direct"]
        && issue.sourceLocation?.fileID == "DepsCoreTests/IssueReportingTests.swift"
    }
  }

  @Test func recordingOutsideAnyTestIsNotPossible() async {
    let recorded = await Task.detached {
      TestFrameworks.recordInSwiftTesting(
        "outside", fileID: "M/F.swift", filePath: "F.swift", line: 1, column: 1)
    }.value
    #expect(recorded == false)
  }

  @Test func withExpectedIssueSwallowsIssues() {
    let recorder = RecordingIssueReporter()
    let result = withIssueReporters([recorder]) {
      withExpectedIssue {
        reportIssue("expected")
        return 5
      }
    }
    #expect(result == 5)
    #expect(recorder.issues.isEmpty)
  }

  @Test func withExpectedIssueReportsWhenNothingHappened() {
    let recorder = RecordingIssueReporter()
    let line = #line + 2
    withIssueReporters([recorder]) {
      withExpectedIssue {}
      withExpectedIssue("The client should have failed") {}
    }
    #expect(
      recorder.messages == [
        "Expected an issue to be reported, but none was.",
        "Expected an issue to be reported, but none was: The client should have failed",
      ])
    #expect(recorder.issues.first?.line == UInt(line))
  }

  @Test func intermittentExpectedIssueMayNotHappen() {
    let recorder = RecordingIssueReporter()
    withIssueReporters([recorder]) {
      withExpectedIssue(isIntermittent: true) {}
    }
    #expect(recorder.issues.isEmpty)
  }

  @Test func asyncWithExpectedIssue() async {
    let recorder = RecordingIssueReporter()
    await withIssueReporters([recorder]) {
      await withExpectedIssue {
        await Task.yield()
        reportIssue("expected")
      }
      await withExpectedIssue {
        await Task.yield()
      }
    }
    #expect(recorder.messages == ["Expected an issue to be reported, but none was."])
  }

  @Test func unoverriddenLiveOnlyKeyFailsTheTest() {
    withKnownIssue {
      withDependencies {
        $0.useFreshCache()
      } operation: {
        @Dependency(\.liveOnlyClient) var client
        _ = client
      }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "@Dependency(\\.liveOnlyClient) has no test implementation") == true
    }
  }
}
