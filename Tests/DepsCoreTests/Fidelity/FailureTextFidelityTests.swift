// Fidelity: the Swift TestStore's failure texts as TCA prints them (its TestStoreFailureTests
// shapes): Swift-syntax values, the proportional diff indented by 4, the legends.
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

private struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable {
    case tap
    case first
    case second
    case response(State)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state.count += 1
      return .none
    case .first:
      return .send(.second)
    case .second:
      return .none
    case .response(let new):
      state = new
      return .none
    }
  }
}

@Suite struct FailureTextFidelityTests {
  @Test func aOneFieldStateDiffShowsBothSides() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.tap) { $0.count = 0 }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

            − Counter.State(count: 0)
            + Counter.State(count: 1)

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func anUnexpectedStateChange() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.tap)
    }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

            − Counter.State(count: 0)
            + Counter.State(count: 1)

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func receivedActionsAreShownInSwiftSyntax() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.first)
      await store.send(.first)
      await store.receive(.first)
      await store.skipReceivedActions(strict: false)
    }
    #expect(
      issues.map(\.message) == [
        """
        Must handle 1 received action before sending an action.

        Unhandled actions: [
          [0]: .second
        ]
        """,
        """
        Received unexpected action:

            − Counter.Action.first
            + Counter.Action.second

        (Expected: −, Received: +)
        """,
      ])
  }

  @Test func aPayloadDiffOpensTheCase() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.response(Counter.State(count: 2))) { $0.count = 2 }
      await store.receive(.response(Counter.State(count: 3)))
    }
    #expect(
      issues.map(\.message) == [
        """
        Expected to receive the following action, but didn't:

          Counter.Action.response(
            Counter.State(count: 3)
          )
        """
      ])
  }

  @Test func theJSONFrontsKeepTheirTexts() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      store.wording = FrontTestStoreWording(SwiftFrontWording())
      await store.send(.tap)
    }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

            {
          -   "count": 0
          +   "count": 1
            }

        (Expected: -, Actual: +)
        """
      ])
  }
}
