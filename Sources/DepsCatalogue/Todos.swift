// Seed 000's todo list: new todos take `uuid()` and `date.now`; the list is saved to
// `userDefaults` under the key "todos" after every change.
import DepsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Todos feature.
package struct Todos: Reducer {
  package struct Todo: Equatable, Codable, Sendable, Identifiable {
    package var id: UUID
    package var createdAt: Date
    package var title: String
    package init(id: UUID, createdAt: Date, title: String = "") {
      self.id = id
      self.createdAt = createdAt
      self.title = title
    }
  }

  package struct State: Equatable, Codable, Sendable {
    package var todos: [Todo] = []
    package init(todos: [Todo] = []) { self.todos = todos }
  }

  package enum Action: Equatable, Codable, Sendable {
    case addButtonTapped
    case titleChanged(id: UUID, title: String)
    case deleteButtonTapped(id: UUID)
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(\.userDefaults) var userDefaults

  package init() {}

  package var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.todos.append(Todo(id: uuid(), createdAt: date.now))
      case .titleChanged(let id, let title):
        guard let index = state.todos.firstIndex(where: { $0.id == id }) else { return .none }
        state.todos[index].title = title
      case .deleteButtonTapped(let id):
        state.todos.removeAll { $0.id == id }
      }
      return save(state.todos)
    }
  }

  private func save(_ todos: [Todo]) -> Effect<Action> {
    let userDefaults = self.userDefaults
    return .run { _ in
      try userDefaults.setValue(try ValueEncoder().encode(todos), "todos")
    }
  }
}
