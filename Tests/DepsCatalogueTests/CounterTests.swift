// Seed 002's Counter, line by line: the delayed increment waits on `delayClient`, a dependency
// with only a live value, so the test overrides it.
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

@Suite struct CounterTests {
  @Test func incrementAndDecrement() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    await store.send(.decrementButtonTapped) { $0.count = 1 }
  }

  @Test func delayedIncrement() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.delayClient.wait = {}
    }
    await store.send(.delayedIncrementButtonTapped) { $0.isLoading = true }
    await store.receive(.delayedIncrementFinished) {
      $0.count = 1
      $0.isLoading = false
    }
  }

  @Test func delayedIncrementWaitsForTheClockInLiveValue() async {
    let clock = TestClock()
    let before = LiveCalls.snapshot["delayClient.wait", default: 0]
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.delayClient = DelayClient.liveValue
      $0.continuousClock = clock
    }
    await store.send(.delayedIncrementButtonTapped) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.count == 0)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.delayedIncrementFinished) {
      $0.count = 1
      $0.isLoading = false
    }
    #expect(LiveCalls.snapshot["delayClient.wait", default: 0] >= before + 1)
  }

  @Test func forgottenDelayOverrideReportsTheLiveOnlyKey() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) {
        Counter()
      }
      store.exhaustivity = .off
      await store.send(.delayedIncrementButtonTapped) { $0.isLoading = true }
      await store.skipInFlightEffects(strict: false)
    }
    #expect(issues.count >= 1)
    #expect(issues.first?.message.contains("DelayClient") == true)
  }
}
