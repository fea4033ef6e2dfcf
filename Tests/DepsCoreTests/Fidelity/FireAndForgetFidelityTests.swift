// Fidelity: `fireAndForget` in tests, as swift-dependencies' FireAndForgetTests pin it down:
// the caller waits for the work, the caller's cancellation does not stop it, and (live) the
// work runs later with the caller's dependencies. An error the work throws is reported.
import Foundation
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
@testable import DepsRuntime
@testable import IssueReporting
import DepsTestSupport

private struct FireAndForgetFailure: Error, CustomStringConvertible {
  var description: String { "mailer offline" }
}

@Suite struct FireAndForgetFidelityTests {
  @Dependency(\.fireAndForget) var fireAndForget

  @Test func theTestContextWaitsForTheWork() async {
    let didExecute = Mutex(false)
    await fireAndForget {
      try await Task.sleep(nanoseconds: 50_000_000)
      didExecute.withLock { $0 = true }
    }
    #expect(didExecute.withLock { $0 })
  }

  @Test func theCallersCancellationDoesNotReachTheWork() async throws {
    let didExecute = Mutex(false)
    let fireAndForget = self.fireAndForget
    let task = Task {
      await fireAndForget {
        try await Task.sleep(nanoseconds: 300_000_000)
        didExecute.withLock { $0 = true }
      }
    }
    try await Task.sleep(nanoseconds: 100_000_000)
    task.cancel()
    await task.value
    #expect(didExecute.withLock { $0 })
  }

  @Test func theWorkRunsInATaskOfTheGivenName() async {
    let name = Mutex<String?>(nil)
    await fireAndForget(name: "send email", priority: .low) {
      name.withLock { $0 = Task.name }
    }
    #expect(name.withLock { $0 } == "send email")
    await fireAndForget { name.withLock { $0 = Task.name } }
    #expect(name.withLock { $0 } == nil)
  }

  @Test func theLiveWorkRunsInATaskOfTheGivenName() async {
    let (names, continuation) = AsyncStream.makeStream(of: String?.self)
    await withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.fireAndForget) var fireAndForget
      await fireAndForget(name: "flush") { continuation.yield(Task.name) }
    }
    var iterator = names.makeAsyncIterator()
    #expect(await iterator.next() == .some("flush"))
  }

  @Test func anErrorTheWorkThrowsIsReported() async {
    let issues = await recordIssues {
      await fireAndForget { throw FireAndForgetFailure() }
    }
    #expect(issues.map(\.message) == ["Caught error: mailer offline"])
    #expect(issues.first?.fileID == "Dependencies/FireAndForget.swift")
  }

  @Test func theLiveContextDoesNotWaitAndKeepsTheDependencies() async {
    let now = Date(timeIntervalSince1970: 1_234_567_890)
    let seen = Mutex<Date?>(nil)
    await withDependencies {
      $0.context = .live
      $0.date.now = now
    } operation: {
      @Dependency(\.fireAndForget) var fireAndForget
      await fireAndForget {
        try await Task.sleep(nanoseconds: 300_000_000)
        @Dependency(\.date.now) var date
        seen.withLock { $0 = date }
      }
      #expect(seen.withLock { $0 } == nil)
      var attempts = 0
      while seen.withLock({ $0 }) == nil && attempts < 1_000 {
        try? await Task.sleep(nanoseconds: 10_000_000)
        attempts += 1
      }
      #expect(seen.withLock { $0 } == now)
    }
  }
}
