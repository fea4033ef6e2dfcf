// Seed 004: an app holding a Todos list and a tutorial — a Todos sandbox whose userDefaults is
// an in-memory mock (fresh each time the tutorial opens) while every other dependency,
// including the parent's overrides, is inherited.
import DepsCore
import Synchronization

/// The App feature.
package struct AppFeature: Reducer {
  package struct State: Equatable, Codable, Sendable {
    package var todos = Todos.State()
    package var tutorial: Todos.State?
    package init(todos: Todos.State = Todos.State(), tutorial: Todos.State? = nil) {
      self.todos = todos
      self.tutorial = tutorial
    }
  }

  package enum Action: Equatable, Codable, Sendable {
    case todos(Todos.Action)
    case tutorialButtonTapped
    case tutorial(Todos.Action)
    case tutorialDismissed
  }

  /// The tutorial's in-memory userDefaults, replaced each time the tutorial opens.
  let sandbox = Sandbox()

  package init() {}

  package var body: some ReducerOf<Self> {
    Scope(state: \.todos, action: Action.todos) {
      Todos()
    }
    Reduce { state, action in
      switch action {
      case .tutorialButtonTapped:
        sandbox.reset()
        state.tutorial = Todos.State()
        return .none
      case .tutorialDismissed:
        state.tutorial = nil
        return .none
      case .todos, .tutorial:
        return .none
      }
    }
    .ifLet(\.tutorial, action: Action.tutorial) {
      Todos().dependency(\.userDefaults, sandbox.userDefaults)
    }
  }

  /// Holds the sandbox store for the lifetime of the feature's store.
  final class Sandbox: Sendable {
    private let current = Mutex(UserDefaultsClient.inMemory())
    var userDefaults: UserDefaultsClient { current.withLock { $0 } }
    func reset() { current.withLock { $0 = .inMemory() } }
  }
}
