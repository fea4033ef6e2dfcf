// `onChange(of:)`: the extra reducer runs only when the value changed, with old and new values.
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

@Suite struct OnChangeTests {
  struct State: Equatable {
    var query = ""
    var changes: [String] = []
    var other = 0
  }
  enum Action: Equatable {
    case setQuery(String)
    case bumpOther
  }

  @Test func runsOnlyWhenTheValueChanges() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .setQuery(let query): state.query = query
        case .bumpOther: state.other += 1
        }
        return .none
      }
      .onChange(of: \.query) { oldValue, newValue in
        Reduce { state, _ in
          state.changes.append("\(oldValue)->\(newValue)")
          return .none
        }
      }
    }
    await store.send(.setQuery("a")) {
      $0.query = "a"
      $0.changes = ["->a"]
    }
    await store.send(.setQuery("a"))
    await store.send(.bumpOther) { $0.other = 1 }
    await store.send(.setQuery("ab")) {
      $0.query = "ab"
      $0.changes = ["->a", "a->ab"]
    }
  }
}
