// Bindings: BindingReducer applies `.set(\.field, value)`; `case .binding(\.field)` matches;
// binding actions compare by field and value.
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

struct Settings: Reducer {
  struct State: Equatable {
    var name = ""
    var isOn = false
    var log: [String] = []
  }
  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case reset
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        state.log.append("name is \(state.name)")
        return .none
      case .binding:
        return .none
      case .reset:
        state = State()
        return .none
      }
    }
  }
}

@Suite struct BindingTests {
  @Test func bindingReducerSetsFieldsAndTheParentSeesWhich() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.set(\.name, "Blob")) {
      $0.name = "Blob"
      $0.log = ["name is Blob"]
    }
    await store.send(.binding(.set(\.isOn, true))) { $0.isOn = true }
    await store.send(.reset) { $0 = Settings.State() }
  }

  @Test func bindingActionsCompareByFieldAndValue() {
    typealias B = BindingAction<Settings.State>
    #expect(B.set(\.name, "a") == B.set(\.name, "a"))
    #expect(B.set(\.name, "a") != B.set(\.name, "b"))
    #expect(B.set(\.isOn, true) != B.set(\.name, "a"))
    #expect(Settings.Action.set(\.name, "a").binding == B.set(\.name, "a"))
    #expect(Settings.Action.reset.binding == nil)
  }

  @Test func aWrongBindingIsAFailedReceiveWithBothValues() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Settings.State()) {
        Reduce<Settings.State, Settings.Action> { _, action in
          action == .reset ? .send(.set(\.name, "x")) : .none
        }
      }
      await store.send(.reset)
      await store.receive(.set(\.name, "y"))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("Received unexpected action:") == true)
    #expect(issues.first?.message.contains("\"x\"") == true)
    #expect(issues.first?.message.contains("\"y\"") == true)
  }
}
