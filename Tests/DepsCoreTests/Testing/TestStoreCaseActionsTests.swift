// TestStore by case: receive(Action.case), receive(Action.case, value), send(Action.case, value)
// with case constructors as case paths, TCA's failure texts; TestStore.assert; TestStoreOf.
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

struct CaseFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var text = ""
  }
  enum Action: Equatable {
    case start
    case response(Int)
    case other(String)
    case child(Probe.Action)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .send(.response(42))
    case .response(let value):
      state.count = value
      return .none
    case .other(let text):
      state.text = text
      return .none
    case .child(.increment):
      state.count += 1
      return .none
    case .child:
      return .none
    }
  }
}

@Suite struct TestStoreCaseActionsTests {
  @Test func receiveByCaseAndByCaseAndValue() async {
    let store: TestStoreOf<CaseFeature> = TestStore(initialState: CaseFeature.State()) {
      CaseFeature()
    }
    await store.send(.start)
    await store.receive(CaseFeature.Action.response) { $0.count = 42 }
    await store.send(.start)
    await store.receive(CaseFeature.Action.response, 42)
  }

  @Test func sendByCaseAndPayload() async {
    let store = TestStore(initialState: CaseFeature.State()) { CaseFeature() }
    await store.send(CaseFeature.Action.child, .increment) { $0.count = 1 }
    await store.send(CaseFeature.Action.other, "hi") { $0.text = "hi" }
  }

  /// As TCA: the unexpected action's state is taken as it is, not asserted (no state diff).
  @Test func receiveByCaseOfAnotherCaseFails() async {
    let line = #line + 4
    let issues = await recordIssues {
      let store = TestStore(initialState: CaseFeature.State()) { CaseFeature() }
      await store.send(.start)
      await store.receive(CaseFeature.Action.other)
    }
    #expect(
      issues.map(\.message) == [
        """
        Received unexpected action:

          CaseFeature.Action.response(42)
        """
      ])
    #expect(issues.first?.message.hasPrefix("Received unexpected action:") == true)
    #expect(issues.first?.line == UInt(line))
  }

  /// As TCA's `receive(\.case, value)`: the diff indented by two, against "Actual".
  @Test func receiveByCaseWithAnotherValueShowsTheDifference() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: CaseFeature.State()) { CaseFeature() }
      await store.send(.start)
      await store.receive(CaseFeature.Action.response, 7) { $0.count = 42 }
    }
    #expect(
      issues.map(\.message) == [
        """
        Received unexpected action:

          − CaseFeature.Action.response(7)
          + CaseFeature.Action.response(42)

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func receiveByCaseWithNothingReceived() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: CaseFeature.State()) { CaseFeature() }
      await store.receive(CaseFeature.Action.response)
    }
    #expect(
      issues.map(\.message) == [
        "Expected to receive an action matching case path, but didn't get one."
      ])
  }

  @Test func nonExhaustiveReceiveByCaseSkipsToTheMatch() async {
    let store = TestStore(initialState: CaseFeature.State()) {
      Reduce<CaseFeature.State, CaseFeature.Action> { state, action in
        switch action {
        case .start: return .merge(.send(.other("a")), .send(.response(3)))
        case .response(let value): state.count = value
        case .other(let text): state.text = text
        case .child: break
        }
        return .none
      }
    }
    store.exhaustivity = .off
    await store.send(.start)
    await store.receive(CaseFeature.Action.response, 3) { $0.count = 3 }
    #expect(store.state.text == "a")
  }

  @Test func assertChecksTheCurrentState() async {
    let store = TestStore(initialState: CaseFeature.State()) { CaseFeature() }
    store.exhaustivity = .off
    await store.send(.child(.increment))
    await store.send(.other("x"))
    store.assert {
      $0.count = 1
      $0.text = "x"
    }
    // Changing nothing is fine here.
    store.assert { _ in }
  }

  @Test func assertReportsAMismatch() async {
    let line = #line + 5
    let issues = await recordIssues {
      let store = TestStore(initialState: CaseFeature.State()) { CaseFeature() }
      store.exhaustivity = .off
      await store.send(.child(.increment))
      store.assert { $0.count = 2 }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

            \u{2007} CaseFeature.State(
            −   count: 2,
            +   count: 1,
            \u{2007}   text: ""
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }
}
