// Seed 000's NumberFact, line by line, and the forgotten override of `numberFact.fetch`: it
// fails naming the endpoint and never reaches the live implementation.
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
import DepsTestSupport

/// Tests that compare `LiveCalls` counts of `numberFact.fetch` run one at a time (the live
/// tests in NumberFactLiveTests.swift call the live implementation on purpose).
@Suite(.serialized) struct NumberFactEndpointTests {}

@Suite struct NumberFactTests {
  @Test func numberFact() async {
    let store = TestStore(initialState: NumberFact.State()) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0)은 좋은 숫자입니다." }
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.success("1은 좋은 숫자입니다."))) {
      $0.numberFact = "1은 좋은 숫자입니다."
    }
  }

  @Test func decrementThenFact() async {
    let store = TestStore(initialState: NumberFact.State(count: 1)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number." }
    }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
    await store.send(.decrementButtonTapped) { $0.count = -1 }
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.success("-1 is a good number."))) {
      $0.numberFact = "-1 is a good number."
    }
  }

  @Test func failureReachesStateAndSuccessClearsIt() async {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }
    let store = TestStore(initialState: NumberFact.State()) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { _ in throw Offline() }
    }
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.failure("offline"))) {
      $0.errorMessage = "offline"
    }
    store.dependencies.numberFact.fetch = { "\($0)!" }
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.success("0!"))) {
      $0.numberFact = "0!"
      $0.errorMessage = nil
    }
  }

  @Test func previewValueIsTheSeedsText() async throws {
    let fact = try await NumberFactClient.previewValue.fetch(7)
    #expect(fact == "7은 Preview용 숫자입니다.")
  }
}

extension NumberFactEndpointTests {
  @Test func forgottenOverrideFailsNamingTheEndpointAndNeverCallsLive() async {
    let before = LiveCalls.snapshot["numberFact.fetch", default: 0]
    let failure = userMessage(for: UnimplementedFailure(description: "NumberFactClient.fetch"))
    #expect(failure == "Unimplemented: NumberFactClient.fetch")
    let issues = await recordIssues {
      let store = TestStore(initialState: NumberFact.State()) {
        NumberFact()
      }
      await store.send(.numberFactButtonTapped)
      await store.receive(.numberFactResponse(.failure(failure))) {
        $0.errorMessage = failure
      }
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.hasPrefix("Unimplemented: NumberFactClient.fetch …"))
    #expect(message.contains("Invoked with:\n    0"))
    #expect(issues.first?.fileID == "DepsCatalogue/NumberFactClient.swift")
    #expect(LiveCalls.snapshot["numberFact.fetch", default: 0] == before)
  }
}
