// An effect that never waits (a timer on an ImmediateClock) must not hang a call on the
// store or grow memory without bound: each call runs a bounded number of jobs.
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

@Suite struct RunawayEffectTests {
  @Test func sendReturnsWhileAnImmediateTimerRuns() {
    let store = Store(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.send(.toggleButtonTapped)
    let afterSend = store.state.secondsElapsed
    #expect(afterSend > 0)
    #expect(store.run(timeout: .milliseconds(20)) == false)
    #expect(store.state.secondsElapsed > afterSend)
    store.send(.toggleButtonTapped)
    #expect(store.run(timeout: .seconds(1)))
    #expect(store.state.isRunning == false)
  }
}
