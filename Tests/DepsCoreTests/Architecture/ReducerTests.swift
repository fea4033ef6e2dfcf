// Reducers and their composition: `Reduce`, `body` with the result builder (order, merged
// effects, `if`/`else`, `if` without `else`), `CombineReducers` and `EmptyReducer`.
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

/// Appends its name to the log and returns an effect sending `.logged(name)`.
private func logging(_ name: String) -> Reduce<[String], LogAction> {
  Reduce { state, action in
    guard case .go = action else { return .none }
    state.append(name)
    return .send(.logged(name))
  }
}

private enum LogAction: Equatable {
  case go
  case logged(String)
}

/// A reducer choosing its branch with `if`/`else` and an optional `if`.
private struct Branching: Reducer {
  let useFirst: Bool
  let addExtra: Bool

  var body: some Reducer<[String], LogAction> {
    if useFirst {
      logging("first")
    } else {
      logging("second")
    }
    if addExtra {
      logging("extra")
    }
  }
}

/// A reducer implementing `reduce(into:action:)` directly (its body is empty).
private struct Direct: Reducer {
  func reduce(into state: inout Int, action: Int) -> Effect<Int> {
    state += action
    return .none
  }
}

@Suite struct ReducerTests {
  @Test func reduceRunsTheClosure() async {
    let store = TestStore(initialState: 1) { Direct() }
    await store.send(41) { $0 = 42 }
  }

  @Test func reduceWrapsAnotherReducer() async {
    let store = TestStore(initialState: 0) { Reduce(Direct()) }
    await store.send(2) { $0 = 2 }
  }

  @Test func bodyRunsReducersInOrderAndMergesTheirEffects() async {
    let store = TestStore(initialState: [String]()) {
      logging("a")
      logging("b")
      logging("c")
    }
    await store.send(.go) { $0 = ["a", "b", "c"] }
    await store.receive(.logged("a"))
    await store.receive(.logged("b"))
    await store.receive(.logged("c"))
  }

  @Test func ifElseInTheBuilder() async {
    for (useFirst, addExtra, expected) in [
      (true, false, ["first"]), (false, false, ["second"]), (true, true, ["first", "extra"]),
      (false, true, ["second", "extra"]),
    ] {
      let store = TestStore(initialState: [String]()) {
        Branching(useFirst: useFirst, addExtra: addExtra)
      }
      store.exhaustivity = .off
      await store.send(.go) { $0 = expected }
      #expect(store.state == expected)
    }
  }

  @Test func combineReducersGroupsReducers() async {
    let store = TestStore(initialState: [String]()) {
      CombineReducers {
        logging("x")
        logging("y")
      }
      logging("z")
    }
    await store.send(.go) { $0 = ["x", "y", "z"] }
    await store.receive(.logged("x"))
    await store.receive(.logged("y"))
    await store.receive(.logged("z"))
  }

  @Test func emptyReducerAndEmptyBlockDoNothing() async {
    let store = TestStore(initialState: [String]()) {
      EmptyReducer<[String], LogAction>()
    }
    await store.send(.go)
    let empty = TestStore(initialState: [String]()) {
      CombineReducers<[String], LogAction, EmptyReducer<[String], LogAction>> {}
    }
    await empty.send(.go)
  }
}
