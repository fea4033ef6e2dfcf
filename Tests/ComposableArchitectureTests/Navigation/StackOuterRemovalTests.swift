// Elements removed by a reducer outside the stack's `forEach` (one composed before it, or after
// it) have their effects cancelled the next time the `forEach` runs, as TCA's (it remembers the
// ids it last saw: StackReducerTests.testOuterCancellation). Without it the child's long-living
// effect is still running when the test ends.
import ComposableArchitecture
import Testing

@Suite struct StackOuterRemovalTests {
  @Reducer struct Child {
    typealias State = Int
    enum Action: Equatable { case onAppear }
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .run { _ in try await Task.never() } }
    }
  }

  @Reducer struct Parent {
    struct State: Equatable {
      var children = StackState<Int>()
    }
    enum Action: Equatable {
      case children(StackActionOf<Child>)
      case removeBefore
      case removeAfter
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if action == .removeBefore { state.children.removeAll() }
        return .none
      }
      Reduce { _, _ in .none }
        .forEach(\.children, action: \.children) { Child() }
      Reduce { state, action in
        if action == .removeAfter { state.children.removeAll() }
        return .none
      }
    }
  }

  @Test func aRemovalBeforeTheForEachCancelsTheElementsEffects() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.children(.push(id: 0, state: 1))) { $0.children[id: 0] = 1 }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.removeBefore) { $0.children.removeAll() }
  }

  @Test func aRemovalAfterTheForEachCancelsOnItsNextRun() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.children(.push(id: 0, state: 1))) { $0.children[id: 0] = 1 }
    await store.send(.children(.element(id: 0, action: .onAppear)))
    await store.send(.removeAfter) { $0.children.removeAll() }
    await store.send(.removeAfter)
  }
}
