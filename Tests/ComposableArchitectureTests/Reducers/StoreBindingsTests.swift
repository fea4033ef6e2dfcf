// Writing state through a store (`store.count = 42`, `store.state = …`) sends binding actions,
// for a `BindableAction` and for a `ViewAction` whose view action is one; a binding action no
// `BindingReducer` applied reports TCA's warning, unless the store's state is gone.
import ComposableArchitecture
import DependenciesTestSupport
import Testing

@Reducer
private struct Form {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var name = ""
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@Reducer
private struct ViewForm {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action: ViewAction {
    case view(View)
    enum View: BindableAction {
      case binding(BindingAction<State>)
      case resetButtonTapped
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      if case .view(.resetButtonTapped) = action { state.count = 0 }
      return .none
    }
  }
}

@Reducer
private struct Host {
  @ObservableState
  struct State: Equatable {
    var form: Form.State?
  }
  enum Action {
    case form(Form.Action)
    case close
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .close = action { state.form = nil }
      return .none
    }
    .ifLet(\.form, action: \.form) { Form() }
  }
}

private struct FormScreen: ViewActionSending {
  let store: StoreOf<ViewForm>
}

private let unhandled = """
  A binding action sent from a store was not handled.

    Action:
      StoreBindingsTests.Action.binding(.set(_, 42))

  To fix this, invoke "BindingReducer()" from your feature reducer's "body".
  """

struct StoreBindingsTests {
  fileprivate enum Action: BindableAction {
    case binding(BindingAction<Form.State>)
  }

  @Test func settingAMemberSendsItsBindingAction() {
    let store = Store(initialState: Form.State()) { Form() }
    let issues = recordIssues {
      store.count = 42
      store.name = "Blob"
    }
    #expect(issues.isEmpty)
    #expect(store.state == Form.State(count: 42, name: "Blob"))
  }

  @Test func settingTheStateSendsABindingOfTheWholeState() {
    let store = Store(initialState: Form.State()) { Form() }
    store.state = Form.State(count: 7, name: "Blob")
    #expect(store.count == 7)
    #expect(store.name == "Blob")
  }

  @Test func aBindingNoReducerAppliesReportsTCAsWarning() {
    let store = Store<Form.State, Action>(initialState: Form.State()) {}
    let issues = recordIssues { store.count = 42 }
    #expect(issues.map(\.message) == [unhandled])
    #expect(store.count == 0)
  }

  @Test func theWarningDumpsTheValueOneLevelDeep() {
    let store = Store<Form.State, Action>(initialState: Form.State()) {}
    let issues = recordIssues { store.state = Form.State(count: 1) }
    #expect(
      issues.map(\.message) == [
        unhandled.replacing("(_, 42)", with: "(_, Form.State(…))")
      ])
  }

  @Test func aViewActionsBindingIsSentThroughTheViewCase() {
    let store = Store(initialState: ViewForm.State()) { ViewForm() }
    let issues = recordIssues { store.count = 3 }
    #expect(issues.isEmpty)
    #expect(store.count == 3)
    FormScreen(store: store).send(.resetButtonTapped)
    #expect(store.count == 0)
    FormScreen(store: store).send(.resetButtonTapped, animation: .default)
    store.state = ViewForm.State(count: 5)
    #expect(store.count == 5)
  }

  @Test func aChildWhoseStateIsGoneReportsOnlyTheIfLetWarning() throws {
    let store = Store(initialState: Host.State(form: Form.State())) { Host() }
    let form = try #require(store.scope(\.form, action: \.form))
    form.count = 1
    #expect(store.form?.count == 1)
    store.send(.close)
    let issues = recordIssues { form.count = 2 }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("An \"ifLet\" at ") == true)
  }
}
