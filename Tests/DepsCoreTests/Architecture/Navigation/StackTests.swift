// StackState / StackAction and forEach over a stack: generational ids, element actions,
// push/popFrom, popped elements' effects cancelled, \.dismiss pops, TCA's reports.
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

struct StackHost: Reducer {
  struct State: Equatable {
    var path = StackState<Sheet.State>()
  }
  enum Action: Equatable {
    case path(StackActionOf<Sheet>)
    case pushTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .pushTapped = action { state.path.append(Sheet.State()) }
      return .none
    }
    .forEach(\.path, action: Action.path) { Sheet() }
  }
}

@Suite struct StackTests {
  func makeStore() -> TestStoreOf<StackHost> {
    TestStore(initialState: StackHost.State()) {
      StackHost()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
  }

  @Test func stackStateIDsAreGenerational() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var path = StackState<Int>()
      path.append(42)
      path.append(1729)
      #expect(path[id: 0] == 42)
      #expect(path[id: 1] == 1729)
      path.removeAll()
      path.append(-1)
      #expect(path.ids == [2])
      #expect(Array(path) == [-1])
    }
  }

  @Test func pushElementActionsAndPop() async {
    let store = makeStore()
    await store.send(.pushTapped) { $0.path[id: 0] = Sheet.State() }
    await store.send(.pushTapped) { $0.path[id: 1] = Sheet.State() }
    await store.send(.path(.element(id: 0, action: .increment))) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await store.send(.path(.push(id: 2, state: Sheet.State(count: 9)))) {
      $0.path[id: 2] = Sheet.State(count: 9)
    }
    await store.send(.pushTapped) { $0.path[id: 3] = Sheet.State() }
  }

  @Test func elementDismissPopsItAndPoppingCancelsEffects() async {
    let store = makeStore()
    await store.send(.pushTapped) { $0.path[id: 0] = Sheet.State() }
    await store.send(.path(.element(id: 0, action: .startLongLiving)))
    await store.send(.path(.element(id: 0, action: .closeButtonTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await store.finish()
  }

  @Test func reportsMissingElementsAndDuplicatePushes() async {
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.path(.popFrom(id: 3)))
      await store.send(.pushTapped) { $0.path[id: 0] = Sheet.State() }
      await store.send(.path(.push(id: 0, state: Sheet.State())))
      await store.send(.path(.element(id: 9, action: .increment)))
    }
    #expect(issues.count == 3)
    #expect(
      issues.first?.message == """
        A "forEach" at "DepsCoreTests/StackTests.swift:31" received a "popFrom" action for a \
        missing element.

          ID:
            #3
          Path IDs:
            []
        """)
    #expect(
      issues.dropFirst().first?.message == """
        A "forEach" at "DepsCoreTests/StackTests.swift:31" received a "push" action for an \
        element it already contains.

          ID:
            #0
          Path IDs:
            [#0]
        """)
    #expect(
      issues.last?.message == """
        A "forEach" at "DepsCoreTests/StackTests.swift:31" received an action for a missing \
        element.

          Action:
            Sheet.Action.increment

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element \
        reducers can handle their actions while their state is still available.

        An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living effect.

        This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a store when its \
        state contains an element at this id. In SwiftUI applications, use \
        "NavigationStack.init(path:)" with a binding to a store.
        """)
  }
}
