// Fidelity: the TestStore's `state` is the state as of the last assertion (TCA's
// `TestReducer.state`), and assertion closures run with the store's dependencies (TCA runs them
// inside `withDependencies { $0 = store.dependencies }`).
import Foundation
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

private struct Chain: Reducer {
  struct State: Equatable {
    var steps: [String] = []
    var stamp: Date?
  }
  enum Action: Equatable { case a, b, c, stamp }
  @Dependency(\.date.now) var now
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .a:
      state.steps.append("a")
      return .run { send in
        await send(.b)
        await send(.c)
      }
    case .b:
      state.steps.append("b")
      return .none
    case .c:
      state.steps.append("c")
      return .none
    case .stamp:
      state.stamp = now
      return .none
    }
  }
}

@Suite struct TestStoreFidelityTests {
  @Test func stateIsTheStateAsOfTheLastAssertion() async {
    let store = TestStore(initialState: Chain.State()) { Chain() }
    await store.send(.a) { $0.steps = ["a"] }
    // The effect has already fed .b and .c into the store; they are not asserted yet.
    #expect(store.currentState.steps == ["a", "b", "c"])
    #expect(store.state.steps == ["a"])
    await store.receive(.b) { $0.steps = ["a", "b"] }
    #expect(store.state.steps == ["a", "b"])
    await store.receive(.c) { $0.steps = ["a", "b", "c"] }
    #expect(store.state.steps == ["a", "b", "c"])
  }

  @Test func insideAnAssertionStateIsTheStateBeforeTheStep() async {
    let store = TestStore(initialState: Chain.State()) { Chain() }
    store.exhaustivity = .off
    await store.send(.a) {
      #expect(store.state.steps == [])
      $0.steps = ["a"]
    }
    await store.skipReceivedActions()
    #expect(store.state.steps == ["a", "b", "c"])
  }

  @Test func assertionClosuresRunWithTheStoresDependencies() async {
    let fixed = Date(timeIntervalSince1970: 1_234_567_890)
    let store = TestStore(initialState: Chain.State()) {
      Chain()
    } withDependencies: {
      $0.date.now = fixed
    }
    await store.send(.stamp) {
      @Dependency(\.date.now) var now
      $0.stamp = now
    }
    store.dependencies.date.now = fixed.addingTimeInterval(60)
    await store.send(.stamp) {
      @Dependency(\.date) var date
      $0.stamp = date.now
    }
  }
}
