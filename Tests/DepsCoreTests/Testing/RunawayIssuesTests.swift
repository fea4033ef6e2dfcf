// The runaway rule (ComposableArchitecture's Effects/RunawayIssues.swift), from Swift: an effect
// reporting the same issue 100 times is cancelled and the repeats are folded into one issue with
// the count and the fix in Swift; an effect repeating an issue fewer times is left running and
// its repeats are folded when it ends.
import Testing
@testable import ComposableArchitecture
@testable import DepsCatalogue
@testable import DepsCore
@testable import IssueReporting
import DepsTestSupport

/// Reports `Unimplemented: probe.endpoint` `times` times in one effect, then sends `.done`.
private struct Repeater: Reducer {
  struct State: Equatable { var done = false }
  enum Action: Equatable {
    case start(Int)
    case done
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start(let times):
        return .run { send in
          for _ in 0..<times { reportIssue("Unimplemented: probe.endpoint") }
          await send(.done)
        }
      case .done:
        state.done = true
        return .none
      }
    }
  }
}

/// Expects the same issue 150 times in one effect, each inside its own `withExpectedIssue`.
private struct Expecting: Reducer {
  struct State: Equatable { var done = false }
  enum Action: Equatable { case start, done }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          for _ in 0..<150 { withExpectedIssue { reportIssue("Unimplemented: probe.endpoint") } }
          await send(.done)
        }
      case .done:
        state.done = true
        return .none
      }
    }
  }
}

@Suite struct RunawayIssuesTests {
  @Test func aForgottenTestClockIsStoppedWithOneIssueEachAndTheFix() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: TimerFeature.State()) { TimerFeature() }
      await store.send(.toggleButtonTapped) { $0.isRunning = true }
      await store.skipReceivedActions(strict: false)
      await store.send(.toggleButtonTapped) { $0.isRunning = false }
    }
    let folded = { (what: String) in
      """
      Unimplemented: ContinuousClock.\(what)

        An effect reported this issue 100 times, so it was cancelled: Deps stops an effect \
      after 100 identical issues (TCA has no such bound).

        To fix, give the store a test clock: $0.continuousClock = TestClock()
      """
    }
    #expect(
      issues.map(\.message) == [
        "Unimplemented: ContinuousClock.now", "Unimplemented: ContinuousClock.sleep",
        folded("now"), folded("sleep"),
      ])
    #expect(issues.map(\.message).joined().utf8.count < 20_000)
  }

  @Test func repeatsBelowTheBoundAreFoldedWhenTheEffectEnds() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Repeater.State()) { Repeater() }
      await store.send(.start(3))
      await store.receive(.done) { $0.done = true }
    }
    #expect(
      issues.map(\.message) == [
        "Unimplemented: probe.endpoint",
        """
        Unimplemented: probe.endpoint

          An effect reported this issue 3 times (shown once).

          To fix, override the dependency the effect keeps reaching, or end the effect's loop.
        """,
      ])
  }

  @Test func anIssueExpectedInsideTheEffectIsNeverFolded() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Expecting.State()) { Expecting() }
      await store.send(.start)
      await store.receive(.done) { $0.done = true }
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func anIssueReportedOnceStaysAsItIs() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Repeater.State()) { Repeater() }
      await store.send(.start(1))
      await store.receive(.done) { $0.done = true }
    }
    #expect(issues.map(\.message) == ["Unimplemented: probe.endpoint"])
  }
}
