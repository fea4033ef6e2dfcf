// The test-framework calls by name: their check passes on this toolchain, and each gives what
// the frameworks' public API (DepsTestSupport's `TestFrameworkCalls`, the safe path) gives.
import Synchronization
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

private struct Recorded: Sendable {
  let comment: String
  let fileID: String
  let filePath: String
  let line: Int
  let column: Int
}

@Suite struct TestFrameworksTests {
  @Test func checkPassesOnThisToolchain() throws {
    #expect(TestFrameworks.isRunningTests)
    #expect(TestFrameworks.publicCalls != nil)
    #expect(TestFrameworks.check())
    #expect(
      TestFrameworks.usesSymbols
        == !(RuntimeSwitch.isSafeForced || RuntimeSwitch.failsCheck("test_frameworks")))
  }

  /// A mangled name spells the signature: `Issue.record` with an argument added (or any
  /// changed type) is another name, not found, and the check then fails, so issues are
  /// recorded through the public API (`recordedIssuesAreTheSameBothWays`).
  @Test func aChangedSignatureIsNotFoundAndFailsTheCheck() {
    var changed = TestFrameworks.symbols
    changed.recordIssue = RuntimeSwitch.symbol(
      "$s7Testing5IssueV6record_14sourceLocation5extraAcA7CommentVSg_AA06SourceE0VSitFZ")
    #expect(changed.recordIssue == nil)
    #expect(!TestFrameworks.check(changed))
    var xctOnly = TestFrameworks.symbols
    xctOnly.makeComment = RuntimeSwitch.symbol("$s7Testing7CommentV8rawValueACSi_tcfC")
    #expect(xctOnly.makeComment == nil)
    #expect(xctOnly.xctFail != nil)
    #expect(!TestFrameworks.check(xctOnly))
    #expect(TestFrameworks.check(TestFrameworks.symbols))
  }

  @Test func currentTestByNameEqualsThePublicOne() throws {
    let publicCalls = try #require(TestFrameworks.publicCalls)
    let byName = TestFrameworks.currentSwiftTestingTestIDBySymbol()
    let expected = Test.current.map { AnyHashable($0.id) }
    #expect(byName != nil)
    #expect(byName == publicCalls.currentSwiftTestingTestID())
    #expect(byName == expected)
  }

  @Test func currentTestOutsideATestIsNilBothWays() async throws {
    let publicCalls = try #require(TestFrameworks.publicCalls)
    let found = await Task.detached {
      [
        TestFrameworks.currentSwiftTestingTestIDBySymbol() != nil,
        publicCalls.currentSwiftTestingTestID() != nil,
      ]
    }.value
    #expect(found == [false, false])
  }

  @Test func recordedIssuesAreTheSameBothWays() throws {
    let publicCalls = try #require(TestFrameworks.publicCalls)
    let log = Mutex<[Recorded]>([])
    for byName in [true, false] {
      withKnownIssue {
        let message = "runtime check \(byName)"
        let done =
          byName
          ? TestFrameworks.recordInSwiftTestingBySymbol(
            message, fileID: "Deps/Runtime.swift", filePath: "/tmp/Runtime.swift", line: 12,
            column: 3)
          : publicCalls.recordInSwiftTesting(
            message, fileID: "Deps/Runtime.swift", filePath: "/tmp/Runtime.swift", line: 12,
            column: 3)
        #expect(done)
      } matching: { issue in
        if let location = issue.sourceLocation {
          let entry = Recorded(
            comment: issue.comments.map(\.rawValue).joined(), fileID: location.fileID,
            filePath: location.filePath, line: location.line, column: location.column)
          log.withLock { $0.append(entry) }
        }
        return true
      }
    }
    let recorded = log.withLock { $0 }
    #expect(recorded.map(\.comment) == ["runtime check true", "runtime check false"])
    for entry in recorded {
      #expect(entry.fileID == "Deps/Runtime.swift")
      #expect(entry.filePath == "/tmp/Runtime.swift")
      #expect(entry.line == 12)
      #expect(entry.column == 3)
    }
  }
}
