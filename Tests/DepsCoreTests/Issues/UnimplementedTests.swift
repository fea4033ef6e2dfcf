// `unimplemented(...)`: every closure form (0–3 arguments; sync/async; throwing or not; typed
// throws) reports swift-issue-reporting's exact message at the definition site, returns its
// placeholder or throws.
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
@testable import DepsRuntime
@testable import IssueReporting
@testable import DepsCatalogue

private let file = "DepsCoreTests/UnimplementedTests.swift"

/// The expected message, written out (not computed by the code under test).
private func expected(
  _ headline: String, function: String, line: UInt, invokedWith: String?
) -> String {
  var text = "\(headline) …\n\n  Defined in '\(function)' at:\n    \(file):\(line)"
  if let invokedWith { text += "\n\n  Invoked with:\n    \(invokedWith)" }
  return text
}

@Suite struct UnimplementedTests {
  @Test func syncZeroArgumentsVoid() {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let ping: @Sendable () -> Void = unimplemented("Client.ping")
    withIssueReporters([recorder]) { ping() }
    #expect(
      recorder.messages == [
        """
        Unimplemented: Client.ping …

          Defined in 'syncZeroArgumentsVoid()' at:
            DepsCoreTests/UnimplementedTests.swift:\(line)

          Invoked with:
            ()
        """
      ])
    #expect(recorder.issues.first?.fileID == file)
    #expect(recorder.issues.first?.line == line)
    let path = recorder.issues.first?.filePath ?? ""
    #expect(path.hasSuffix("/Tests/DepsCoreTests/Issues/UnimplementedTests.swift"))
  }

  @Test func syncOneArgumentReturnsPlaceholder() {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let fetch: @Sendable (Int) -> String = unimplemented("Client.fetch", placeholder: "none")
    let result = withIssueReporters([recorder]) { fetch(42) }
    #expect(result == "none")
    #expect(
      recorder.messages == [
        """
        Unimplemented: Client.fetch …

          Defined in 'syncOneArgumentReturnsPlaceholder()' at:
            DepsCoreTests/UnimplementedTests.swift:\(line)

          Invoked with:
            42
        """
      ])
  }

  @Test func syncTwoArguments() {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let save: @Sendable (Int, String) -> Bool = unimplemented("Client.save", placeholder: false)
    let result = withIssueReporters([recorder]) { save(1, "a") }
    #expect(result == false)
    #expect(
      recorder.messages == [
        expected(
          "Unimplemented: Client.save", function: "syncTwoArguments()", line: line,
          invokedWith: #"(1, "a")"#)
      ])
  }

  @Test func syncThreeArguments() {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let count: @Sendable (Int, String, Bool) -> Int = unimplemented("count", placeholder: 7)
    let result = withIssueReporters([recorder]) { count(1, "a", true) }
    #expect(result == 7)
    #expect(
      recorder.messages == [
        expected(
          "Unimplemented: count", function: "syncThreeArguments()", line: line,
          invokedWith: #"(1, "a", true)"#)
      ])
  }

  @Test func emptyDescriptionHasNoColon() {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let callback: @Sendable (Int) -> Void = unimplemented()
    withIssueReporters([recorder]) { callback(42) }
    #expect(
      recorder.messages == [
        """
        Unimplemented …

          Defined in 'emptyDescriptionHasNoColon()' at:
            DepsCoreTests/UnimplementedTests.swift:\(line)

          Invoked with:
            42
        """
      ])
  }

  @Test func syncThrowingThrowsUnimplementedFailure() {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let fetch: @Sendable (Int) throws -> String = unimplemented("NumberFactClient.fetch")
    withIssueReporters([recorder]) { () -> Void in
      #expect(throws: UnimplementedFailure(description: "NumberFactClient.fetch")) {
        try fetch(3)
      }
    }
    #expect(
      recorder.messages == [
        expected(
          "Unimplemented: NumberFactClient.fetch",
          function: "syncThrowingThrowsUnimplementedFailure()", line: line, invokedWith: "3")
      ])
  }

  @Test func syncThrowingZeroAndTwoArguments() {
    let recorder = RecordingIssueReporter()
    let zeroLine: UInt = #line + 1
    let zero: @Sendable () throws -> Void = unimplemented("zero")
    let twoLine: UInt = #line + 1
    let two: @Sendable (String, Double) throws -> Int = unimplemented("two")
    withIssueReporters([recorder]) {
      #expect(throws: UnimplementedFailure(description: "zero")) { try zero() }
      #expect(throws: UnimplementedFailure(description: "two")) { try two("x", 1.5) }
    }
    let function = "syncThrowingZeroAndTwoArguments()"
    #expect(
      recorder.messages == [
        expected("Unimplemented: zero", function: function, line: zeroLine, invokedWith: "()"),
        expected(
          "Unimplemented: two", function: function, line: twoLine, invokedWith: #"("x", 1.5)"#),
      ])
  }

  @Test func syncTypedThrows() {
    enum LoadError: Error, Equatable { case notLoaded }
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let load: @Sendable (String) throws(LoadError) -> Int = unimplemented(
      "load", throwing: LoadError.notLoaded)
    withIssueReporters([recorder]) {
      do throws(LoadError) {
        _ = try load("key")
        Issue.record("expected a throw")
      } catch {
        #expect(error == .notLoaded)
      }
    }
    #expect(
      recorder.messages == [
        expected(
          "Unimplemented: load", function: "syncTypedThrows()", line: line,
          invokedWith: #""key""#)
      ])
  }

  @Test func asyncReturnsPlaceholder() async {
    let recorder = RecordingIssueReporter()
    let zeroLine: UInt = #line + 1
    let authorize: @Sendable () async -> Bool = unimplemented("authorize", placeholder: true)
    let twoLine: UInt = #line + 1
    let sum: @Sendable (Int, Int) async -> Int = unimplemented("sum", placeholder: -1)
    let threeLine: UInt = #line + 1
    let log: @Sendable (String, Int, Bool) async -> Void = unimplemented("log")
    let (authorized, total) = await withIssueReporters([recorder]) {
      let authorized = await authorize()
      let total = await sum(2, 3)
      await log("a", 1, false)
      return (authorized, total)
    }
    #expect(authorized == true)
    #expect(total == -1)
    let function = "asyncReturnsPlaceholder()"
    #expect(
      recorder.messages == [
        expected(
          "Unimplemented: authorize", function: function, line: zeroLine, invokedWith: "()"),
        expected("Unimplemented: sum", function: function, line: twoLine, invokedWith: "(2, 3)"),
        expected(
          "Unimplemented: log", function: function, line: threeLine,
          invokedWith: #"("a", 1, false)"#),
      ])
  }

  @Test func asyncThrowingThrows() async {
    let recorder = RecordingIssueReporter()
    let oneLine: UInt = #line + 1
    let fetch: @Sendable (Int) async throws -> String = unimplemented("NumberFactClient.fetch")
    let threeLine: UInt = #line + 1
    let send: @Sendable (Int, String, [Int]) async throws -> Void = unimplemented("send")
    await withIssueReporters([recorder]) {
      await #expect(throws: UnimplementedFailure(description: "NumberFactClient.fetch")) {
        try await fetch(0)
      }
      await #expect(throws: UnimplementedFailure(description: "send")) {
        try await send(1, "b", [2, 3])
      }
    }
    let function = "asyncThrowingThrows()"
    #expect(
      recorder.messages == [
        expected(
          "Unimplemented: NumberFactClient.fetch", function: function, line: oneLine,
          invokedWith: "0"),
        expected(
          "Unimplemented: send", function: function, line: threeLine,
          invokedWith: #"(1, "b", [2, 3])"#),
      ])
  }

  @Test func asyncTypedThrows() async {
    enum FetchError: Error, Equatable { case offline }
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let fetch: @Sendable (Int, Int) async throws(FetchError) -> String = unimplemented(
      "fetch", throwing: FetchError.offline)
    await withIssueReporters([recorder]) {
      do throws(FetchError) {
        _ = try await fetch(1, 2)
        Issue.record("expected a throw")
      } catch {
        #expect(error == .offline)
      }
    }
    #expect(
      recorder.messages == [
        expected(
          "Unimplemented: fetch", function: "asyncTypedThrows()", line: line,
          invokedWith: "(1, 2)")
      ])
  }

  @Test func unimplementedValueReportsWithoutArguments() {
    let recorder = RecordingIssueReporter()
    let line: UInt = #line + 1
    let value: Int = withIssueReporters([recorder]) { unimplemented("Settings", placeholder: 5) }
    #expect(value == 5)
    #expect(
      recorder.messages == [
        """
        Unimplemented: Settings …

          Defined in 'unimplementedValueReportsWithoutArguments()' at:
            DepsCoreTests/UnimplementedTests.swift:\(line)
        """
      ])
  }

  @Test func everyCallReportsAgain() {
    let recorder = RecordingIssueReporter()
    let ping: @Sendable (Int) -> Void = unimplemented("ping")
    withIssueReporters([recorder]) {
      ping(1)
      ping(2)
    }
    #expect(recorder.messages.count == 2)
    #expect(recorder.messages.last?.hasSuffix("Invoked with:\n    2") == true)
  }

  @Test func descriptionIsEvaluatedWhenCalled() {
    let recorder = RecordingIssueReporter()
    let ping: @Sendable () -> Void = unimplemented("Client.\("ping")")
    withIssueReporters([recorder]) { ping() }
    #expect(recorder.messages.first?.hasPrefix("Unimplemented: Client.ping …\n") == true)
  }

  @Test func worksAsAnEndpointOfADependency() async {
    struct NumberFactClient: Sendable {
      var fetch: @Sendable (Int) async throws -> String
    }
    let client = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
    await withExpectedIssue {
      await #expect(throws: UnimplementedFailure.self) { try await client.fetch(1) }
    }
  }
}
