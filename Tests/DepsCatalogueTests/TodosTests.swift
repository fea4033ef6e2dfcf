// Seed 000's Todos: new todos take `uuid()` and `date.now`; the list is saved to `userDefaults`
// under "todos" after every change.
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

@Suite struct TodosTests {
  let now = Date(timeIntervalSince1970: 1_234_567_890)

  @Test func addEditDeleteAndPersist() async throws {
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    }
    await store.send(.addButtonTapped) {
      $0.todos = [Todos.Todo(id: UUID(0), createdAt: now)]
    }
    await store.send(.addButtonTapped) {
      $0.todos.append(Todos.Todo(id: UUID(1), createdAt: now))
    }
    await store.send(.titleChanged(id: UUID(1), title: "Milk")) {
      $0.todos[1].title = "Milk"
    }
    await store.send(.deleteButtonTapped(id: UUID(0))) {
      $0.todos.removeFirst()
    }
    let saved = try store.dependencies.userDefaults.value("todos")
    #expect(
      saved?.json()
        == #"[{"id":"00000000-0000-0000-0000-000000000001","createdAt":1234567890,"title":"Milk"}]"#
    )
    #expect(saved == (try ValueEncoder().encode(store.state.todos)))
  }

  @Test func titleChangeOfUnknownTodoChangesNothing() async throws {
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(now)
    }
    await store.send(.titleChanged(id: UUID(9), title: "Eggs"))
    #expect(try store.dependencies.userDefaults.value("todos") == nil)
  }

  /// The test's cache of defaults is shared by its test stores, as in TCA: the second store
  /// sees what the first saved (each test starts with an empty one).
  @Test func theTestStoresOfOneTestShareItsUserDefaults() async throws {
    for round in 0..<2 {
      let store = TestStore(initialState: Todos.State()) {
        Todos()
      } withDependencies: {
        $0.uuid = .incrementing
        $0.date = .constant(now)
      }
      #expect(try (store.dependencies.userDefaults.value("todos") == nil) == (round == 0))
      await store.send(.addButtonTapped) {
        $0.todos = [Todos.Todo(id: UUID(0), createdAt: now)]
      }
    }
  }
}
