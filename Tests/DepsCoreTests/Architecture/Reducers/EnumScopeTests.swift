// `Scope` over enum state and `ifCaseLet`: the child runs on its case; a child action for
// another case is reported in TCA's words; ifCaseLet cancels the child's effects when the case
// changes.
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

struct CaseHost: Reducer {
  enum State: Equatable {
    case probe(Probe.State)
    case idle
  }
  enum Action: Equatable {
    case probe(Probe.Action)
    case goIdle
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .goIdle = action { state = .idle }
      return .none
    }
    .ifCaseLet(State.probe, action: Action.probe) { Probe() }
  }
}

struct CaseScopeHost: Reducer {
  typealias State = CaseHost.State
  typealias Action = CaseHost.Action
  var body: some ReducerOf<Self> {
    Scope(state: State.probe, action: Action.probe) { Probe() }
  }
}

@Suite struct EnumScopeTests {
  @Test func scopeRunsTheChildOnItsCase() async {
    let store = TestStore(initialState: CaseScopeHost.State.probe(Probe.State())) {
      CaseScopeHost()
    }
    await store.send(.probe(.increment)) { $0 = .probe(Probe.State(count: 1)) }
    await store.send(.probe(.sendTwo))
    await store.receive(.probe(.first)) { $0 = .probe(Probe.State(count: 1, log: ["first"])) }
    await store.receive(.probe(.second)) {
      $0 = .probe(Probe.State(count: 1, log: ["first", "second"]))
    }
  }

  @Test func scopeReportsAnActionForAnotherCase() async {
    let line = #line + 3
    let issues = await recordIssues {
      let store = TestStore(initialState: CaseHost.State.idle) {
        Scope(state: CaseHost.State.probe, action: CaseHost.Action.probe) { Probe() }
      }
      await store.send(.probe(.increment))
    }
    #expect(
      issues.map(\.message) == [
        """
        A "Scope" at "DepsCoreTests/EnumScopeTests.swift:\(line)" received a child action when \
        child state was set to a different case.

          Action:
            CaseHost.Action.probe(.increment)
          State:
            CaseHost.State.idle

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set "CaseHost.State" to a different case before the scoped reducer ran. \
        Child reducers must run before any parent reducer sets child state to a different case. \
        This ensures that child reducers can handle their actions while their state is still \
        available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the parent \
        reducer that change its state to ensure the child reducer runs first.

        An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a store when state is set to the appropriate \
        case. In SwiftUI applications, use "SwitchStore".
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func ifCaseLetRunsTheChildAndCancelsItsEffectsWhenTheCaseChanges() async {
    let clock = TestClock()
    let store = TestStore(initialState: CaseHost.State.probe(Probe.State())) {
      CaseHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.probe(.increment)) { $0 = .probe(Probe.State(count: 1)) }
    // A long-living child effect: ended by moving the state to another case (else the test
    // store would report it still running).
    await store.send(.probe(.startLongLiving))
    await store.send(.goIdle) { $0 = .idle }
    await store.finish()
  }

  @Test func ifCaseLetReportsAnActionForAnotherCase() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: CaseHost.State.idle) { CaseHost() }
      await store.send(.probe(.increment))
    }
    #expect(
      issues.map(\.message) == [
        """
        An "ifCaseLet" at "DepsCoreTests/EnumScopeTests.swift:33" received a child action when \
        child state was set to a different case.

          Action:
            CaseHost.Action.probe(.increment)
          State:
            CaseHost.State.idle

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set "CaseHost.State" to a different case before this reducer ran. This \
        reducer must run before any other reducer sets child state to a different case. This \
        ensures that child reducers can handle their actions while their state is still \
        available.

        An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a store when state is set to the appropriate \
        case. In SwiftUI applications, use "SwitchStore".
        """
      ])
  }
}
