// The deprecated case-path spellings TCA still compiles (`/Action.child`, `/State.case`), used
// the way older TCA code and TCA's own tests use them. The tests are deprecated themselves, so
// their use of deprecated API warns nowhere.
import ComposableArchitecture
import Testing

@Reducer
private struct Legacy {
  struct State: Equatable {
    var child: Child.State?
    var rows: IdentifiedArrayOf<Child.State> = []
  }
  enum Action {
    case child(Child.Action)
    case rows(IdentifiedActionOf<Child>)
    case show
  }
  @available(*, deprecated)
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .show = action { state.child = Child.State(id: 1) }
      return .none
    }
    .ifLet(\.child, action: /Action.child) { Child() }
  }
}

@Reducer
private struct Child {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@MainActor
struct LegacyCasePathTests {
  @available(*, deprecated)
  @Test func slashCasePathsStillWork() async {
    let store = TestStore(initialState: Legacy.State()) { Legacy() }
    await store.send(.show) { $0.child = Child.State(id: 1) }
    await store.send(.child(.increment)) { $0.child?.count = 1 }
    let path: AnyCasePath<Legacy.Action, Child.Action> = /Legacy.Action.child
    #expect(path.extract(from: .child(.increment)) != nil)
    #expect(path.extract(from: .show) == nil)
    #expect((/Legacy.Action.show).extract(from: .show) != nil)
  }
}
