// The builder forms TCA's `ReducerBuilder` takes beyond a plain list: a `for` loop, a reducer held
// as `any Reducer`, an `if #available` branch; and TCA's current unlabeled spellings
// `Scope(_:action:)` and `store.scope(_:action:)`. Each is driven through a TestStore or a Store
// so the built reducer is shown to run, not only to compile.
import ComposableArchitecture
import Testing

@Reducer
private struct Tally {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }
  enum Action: Equatable { case bump }

  let step: Int

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += step
      state.log.append("+\(step)")
      return .none
    }
  }
}

@Reducer
private struct Holder {
  struct State: Equatable {
    var tally = Tally.State()
  }
  enum Action: Equatable { case tally(Tally.Action) }

  var body: some ReducerOf<Self> {
    Scope(\.tally, action: \.tally) {
      Tally(step: 2)
    }
  }
}

struct ReducerBuilderFormsTests {
  @Test func aForLoopRunsEachIterationsReducerInOrder() async {
    let store = TestStore(initialState: Tally.State()) {
      for step in 1...3 {
        Tally(step: step)
      }
    }
    await store.send(.bump) {
      $0.count = 6
      $0.log = ["+1", "+2", "+3"]
    }
  }

  @Test func anExistentialReducerRunsAfterTheOnesBeforeIt() async {
    let store = TestStore(initialState: Tally.State()) {
      Tally(step: 1)
      Tally(step: 10) as any ReducerOf<Tally>
    }
    await store.send(.bump) {
      $0.count = 11
      $0.log = ["+1", "+10"]
    }
  }

  @Test func anAvailabilityBranchRunsWhereTheSystemHasIt() async {
    let store = TestStore(initialState: Tally.State()) {
      if #available(macOS 9999, iOS 9999, *) {
        Tally(step: 5)
      }
    }
    await store.send(.bump) {
      $0.count = 5
      $0.log = ["+5"]
    }
  }

  @Test func theUnlabeledScopeRunsTheChild() async {
    let store = TestStore(initialState: Holder.State()) { Holder() }
    await store.send(.tally(.bump)) {
      $0.tally.count = 2
      $0.tally.log = ["+2"]
    }
  }

  @MainActor
  @Test func theUnlabeledStoreScopeSendsThroughTheParent() {
    let store = Store(initialState: Holder.State()) { Holder() }
    let child = store.scope(\.tally, action: \.tally)
    child.send(.bump)
    #expect(child.count == 2)
    #expect(store.withState(\.tally.log) == ["+2"])
  }
}
