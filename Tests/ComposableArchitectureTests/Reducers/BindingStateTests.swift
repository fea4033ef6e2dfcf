// `@BindingState` (deprecated, as in TCA): binding actions set a field through `\.$field`,
// compare by field and value, match in a reducer's `switch`, and extract through
// `\.binding.$field`.
import ComposableArchitecture
import Testing

@available(*, deprecated)
@Reducer
private struct Toggles {
  struct State: Equatable {
    @BindingState var name = ""
    @BindingState var count = 0
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(.set(\.$name, "special")):
        state.name += "*"
      case .binding(\.$name):
        state.name += "!"
      case .binding:
        break
      }
      return .none
    }
  }
}

// Each test is deprecated itself, so its use of the deprecated wrapper warns nowhere.
struct BindingStateTests {
  @available(*, deprecated)
  @Test func bindingActionsCompareByFieldAndValue() {
    #expect(BindingAction<Toggles.State>.set(\.$count, 1) == .set(\.$count, 1))
    #expect(BindingAction<Toggles.State>.set(\.$count, 1) != .set(\.$count, 2))
  }

  @available(*, deprecated)
  @Test func aReducerMatchesTheFieldAndTheValue() async {
    let store = TestStore(initialState: Toggles.State()) { Toggles() }
    await store.send(.binding(.set(\.$name, "special"))) { $0.name = "special*" }
    await store.send(.binding(.set(\.$name, "Hello"))) { $0.name = "Hello!" }
    await store.send(.binding(.set(\.$count, 3))) { $0.count = 3 }
  }

  @available(*, deprecated)
  @Test func theCasePathOfAFieldExtractsItsValue() {
    let action = Toggles.Action.binding(.set(\.$count, 42))
    #expect(action[case: \.binding.$count] == 42)
    #expect(action[case: \.binding.$name] == nil)
  }
}
