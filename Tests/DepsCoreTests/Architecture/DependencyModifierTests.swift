// `.dependency(_:_:)` and `.transformDependency(_:transform:)`: a child runs (and creates its
// effects) with changed dependencies on top of the parent's, so it inherits every parent
// override and adds its own; the parent keeps its own values.
import Foundation
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
@testable import DepsCatalogue

/// Records the uuid, date and number fact it sees in the reducer and in its effect.
private struct Reader: Reducer {
  typealias State = [String]
  enum Action: Equatable {
    case read
    case effectRead(String)
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now

  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    switch action {
    case .read:
      @Dependency(\.numberFact) var numberFact
      state.append("reducer \(uuid().uuidString.suffix(1)) \(Int(now.timeIntervalSince1970))")
      return .run { send in
        @Dependency(\.uuid) var uuid
        let fact = try await numberFact.fetch(1)
        await send(.effectRead("effect \(uuid().uuidString.suffix(1)) \(fact)"))
      }
    case .effectRead(let text):
      state.append(text)
      return .none
    }
  }
}

private struct Pair: Reducer {
  struct State: Equatable {
    var parent: [String] = []
    var child: [String] = []
  }
  enum Action: Equatable {
    case parent(Reader.Action)
    case child(Reader.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.parent, action: Action.parent) {
      Reader()
    }
    Scope(state: \.child, action: Action.child) {
      Reader()
        .dependency(\.uuid, .constant(UUID(7)))
        .transformDependency(\.numberFact) { client in
          let parent = client.fetch
          client.fetch = { "child+" + (try await parent($0)) }
        }
    }
  }
}

@Suite struct DependencyModifierTests {
  @Test func childrenInheritParentOverridesAndAddTheirOwn() async {
    let store = TestStore(initialState: Pair.State()) {
      Pair()
    } withDependencies: {
      $0.uuid = .constant(UUID(1))
      $0.date = .constant(Date(timeIntervalSince1970: 100))
      $0.numberFact.fetch = { "fact \($0)" }
    }
    await store.send(.parent(.read)) { $0.parent = ["reducer 1 100"] }
    await store.receive(.parent(.effectRead("effect 1 fact 1"))) {
      $0.parent.append("effect 1 fact 1")
    }
    await store.send(.child(.read)) { $0.child = ["reducer 7 100"] }
    await store.receive(.child(.effectRead("effect 7 child+fact 1"))) {
      $0.child.append("effect 7 child+fact 1")
    }
  }

  @Test func chainedDependencyModifiersTheInnermostWins() async {
    let store = TestStore(initialState: [String]()) {
      Reader()
        .dependency(\.uuid, .constant(UUID(2)))
        .dependency(\.date, .constant(Date(timeIntervalSince1970: 5)))
        .dependency(\.uuid, .constant(UUID(3)))
    } withDependencies: {
      $0.numberFact.fetch = { "n\($0)" }
    }
    await store.send(.read) { $0 = ["reducer 2 5"] }
    await store.receive(.effectRead("effect 2 n1")) { $0.append("effect 2 n1") }
  }

  @Test func modifierOnCombinedReducersCoversAll() async {
    let store = TestStore(initialState: [String]()) {
      CombineReducers {
        Reader()
        Reader()
      }
      .transformDependency(\.date) { $0 = .constant(Date(timeIntervalSince1970: 9)) }
    } withDependencies: {
      $0.uuid = .constant(UUID(4))
      $0.numberFact.fetch = { _ in "f" }
    }
    store.exhaustivity = .off
    await store.send(.read) { $0 = ["reducer 4 9", "reducer 4 9"] }
    await store.finish()
  }
}
