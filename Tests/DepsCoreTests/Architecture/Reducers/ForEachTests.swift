// `IdentifiedArray` and `forEach`: element actions by id, a missing id reported in TCA's words,
// the effects of removed elements cancelled.
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

struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action: Equatable {
    case increment
    case startTimer
    case tick
  }
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment, .tick:
      state.count += 1
      return .none
    case .startTimer:
      return .run { send in
        try await clock.sleep(for: .seconds(3600))
        await send(.tick)
      }
    }
  }
}

struct Rows: Reducer {
  struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [] }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case remove(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .remove(let id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(\.rows, action: Action.rows) { Row() }
  }
}

@Suite struct ForEachTests {
  @Test func identifiedArrayBasics() {
    var array: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2)]
    #expect(array.ids == [1, 2])
    #expect(array.append(Row.State(id: 1, count: 9)).inserted == false)
    array[id: 2]?.count = 5
    #expect(array[id: 2]?.count == 5)
    array[id: 3] = Row.State(id: 3)
    #expect(array.ids == [1, 2, 3])
    array[id: 1] = nil
    #expect(array.ids == [2, 3])
    array.insert(Row.State(id: 0), at: 0)
    #expect(array.ids == [0, 2, 3])
    #expect(array[id: 3] == Row.State(id: 3))
    array.removeAll { $0.id == 2 }
    #expect(array.map(\.id) == [0, 3])
    #expect(array[id: 3]?.id == 3)
    array.remove(atOffsets: [0])
    #expect(array.ids == [3])
    #expect(array == [Row.State(id: 3)])
  }

  @Test func elementActionsReachTheirElement() async {
    let store = TestStore(
      initialState: Rows.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    ) { Rows() }
    await store.send(.rows(.element(id: 2, action: .increment))) { $0.rows[id: 2]?.count = 1 }
  }

  @Test func removingAnElementCancelsItsEffects() async {
    let store = TestStore(initialState: Rows.State(rows: [Row.State(id: 1)])) {
      Rows()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await store.send(.remove(1)) { $0.rows = [] }
    await store.finish()
  }

  @Test func anActionForAMissingElementIsReported() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Rows.State()) { Rows() }
      await store.send(.rows(.element(id: 7, action: .increment)))
    }
    #expect(
      issues.map(\.message) == [
        """
        A "forEach" at "DepsCoreTests/ForEachTests.swift:54" received an action for a missing \
        element.

          Action:
            Rows.Action.rows(.element(id:, action: .increment))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element reducers \
        can handle their actions while their state is still available.

        An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living effect.

        This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a store when its \
        state contains an element at this id. In SwiftUI applications, use "ForEachStore".
        """
      ])
  }
}
