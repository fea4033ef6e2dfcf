// The reducer-less `ifLet` over optional alert state (TCA's IfLetReducerTests.testEphemeralState
// shape): an action of the alert dismisses it, unless the parent presented a new alert while
// handling it.
import ComposableArchitecture
import Testing

@Suite struct EphemeralIfLetTests {
  @Reducer struct Feature {
    struct State: Equatable {
      var alert: AlertState<AlertAction>?
    }
    enum Action: Equatable {
      case alert(AlertAction)
      case tap
    }
    enum AlertAction: Equatable {
      case again
      case ok
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert(.ok):
          return .none
        case .alert(.again), .tap:
          state.alert = AlertState { TextState("Hello") }
          return .none
        }
      }
      .ifLet(\.alert, action: \.alert)
    }
  }

  @Test func anAlertActionDismissesTheAlertUnlessANewOneIsPresented() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.tap) { $0.alert = AlertState { TextState("Hello") } }
    await store.send(.alert(.again))
    await store.send(.alert(.ok)) { $0.alert = nil }
  }

  @Reducer struct ClosureFeature {
    struct State: Equatable {
      var alert: AlertState<Feature.AlertAction>?
    }
    enum Action: Equatable {
      case alert(Feature.AlertAction)
    }
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .none }
        .ifLet(\.alert, action: Action.alert)
    }
  }

  @Test func theClosureFormDismissesToo() async {
    let store = TestStore(
      initialState: ClosureFeature.State(alert: AlertState { TextState("Hi") })
    ) { ClosureFeature() }
    await store.send(.alert(.ok)) { $0.alert = nil }
  }
}
