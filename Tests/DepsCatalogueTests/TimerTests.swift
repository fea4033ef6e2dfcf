// The Timer: a cancellable effect ticking every second on `continuousClock`, driven by a
// `TestClock`; toggling off cancels it and leaves nothing running.
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

@Suite struct TimerTests {
  @Test func ticksAndStops() async {
    let clock = TestClock()
    let issues = await recordIssues {
      let store = TestStore(initialState: TimerFeature.State()) {
        TimerFeature()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.toggleButtonTapped) { $0.isRunning = true }
      await clock.advance(by: .milliseconds(999))
      await clock.advance(by: .milliseconds(1))
      await store.receive(.timerTicked) { $0.secondsElapsed = 1 }
      await clock.advance(by: .seconds(2))
      await store.receive(.timerTicked) { $0.secondsElapsed = 2 }
      await store.receive(.timerTicked) { $0.secondsElapsed = 3 }
      await store.send(.toggleButtonTapped) { $0.isRunning = false }
      #expect(clock.sleeperCount == 0)
      await clock.advance(by: .seconds(5))
      await store.finish()
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func restartingCancelsTheRunningTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State(isRunning: true)) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleButtonTapped) { $0.isRunning = false }
    await store.send(.toggleButtonTapped) { $0.isRunning = true }
    await store.send(.timerTicked) { $0.secondsElapsed = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.secondsElapsed = 2 }
    await store.send(.toggleButtonTapped) { $0.isRunning = false }
  }

  @Test func aRunningTimerIsReportedAtTheEndOfTheTest() async {
    let clock = TestClock()
    let line = #line + 7
    let issues = await recordIssues {
      let store = TestStore(initialState: TimerFeature.State()) {
        TimerFeature()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.toggleButtonTapped) { $0.isRunning = true }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message == TestStoreMessages.effectStillRunning)
    #expect(issues.first?.line == UInt(line))
    #expect(clock.sleeperCount == 0)
  }

  /// The forgotten clock: the test context's `continuousClock` is unimplemented, so the send
  /// fails — the same verdict a C or Lua test store gives (RegistryTests, scenarios.c,
  /// teststore.lua).
  @Test func aForgottenClockFailsTheSend() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: TimerFeature.State()) { TimerFeature() }
      store.exhaustivity = .off
      await store.send(.toggleButtonTapped) { $0.isRunning = true }
      await store.send(.toggleButtonTapped) { $0.isRunning = false }
    }
    #expect(
      Array(issues.prefix(2).map(\.message)) == [
        "Unimplemented: ContinuousClock.now", "Unimplemented: ContinuousClock.sleep",
      ])
  }
}
