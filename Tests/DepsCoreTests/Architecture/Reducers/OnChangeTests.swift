// `onChange(of:)`: the extra reducer (or the effect-returning closure) runs only when the value
// changed, with old and new values; the deprecated `removeDuplicates:` form decides "changed"
// with its own comparison.
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

  @Test func theEffectFormGetsTheOldValueAndTheState() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .setQuery(let query): state.query = query
        case .bumpOther: state.other += 1
        }
        return .none
      }
      .onChange(of: \.query) { oldValue, state in
        state.changes.append("\(oldValue)->\(state.query)")
        return .none
      }
    }
    await store.send(.setQuery("a")) {
      $0.query = "a"
      $0.changes = ["->a"]
    }
    await store.send(.bumpOther) { $0.other = 1 }
  }

  @available(*, deprecated)
  @Test func removeDuplicatesDecidesWhatCountsAsAChange() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .setQuery(let query): state.query = query
        case .bumpOther: state.other += 1
        }
        return .none
      }
      .onChange(of: \.query, removeDuplicates: { $0.count == $1.count }) { oldValue, newValue in
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
    // Same length: a duplicate by this comparison, so no change is seen.
    await store.send(.setQuery("b")) { $0.query = "b" }
  }
}
