// `withDependencies` (sync and async), `withDependencies(from:)` propagation from parent to child
// models (swift-dependencies' AppModel → TodosModel → EditTodoModel example), objects returned
// by `withDependencies` remembering their values, and the message for a parent without any.
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

// MARK: - The models of the "Overriding dependencies" / `withDependencies(from:)` article

final class AppModel {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.fileClient) var fileClient
  @Dependency(\.defaultsStore) var defaultsStore

  func todosButtonTapped() -> TodosModel {
    withDependencies(from: self) {
      TodosModel()
    }
  }
}

final class TodosModel {
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.fileClient) var fileClient
  @Dependency(\.defaultsStore) var defaultsStore

  func editButtonTapped(todo: TodoItem) -> EditTodoModel {
    withDependencies(from: self) {
      EditTodoModel(todo: todo)
    }
  }
}

final class EditTodoModel {
  let todo: TodoItem
  @Dependency(\.apiClient) var apiClient
  @Dependency(\.fileClient) var fileClient
  @Dependency(\.defaultsStore) var defaultsStore

  init(todo: TodoItem) { self.todo = todo }
}

/// A parent with no `@Dependency` property.
final class PlainParent {
  func child() -> ChildModel {
    withDependencies(from: self) { ChildModel() }
  }
}

final class ChildModel {
  @Dependency(\.fullDependency) var fullDependency
}

@Suite struct WithDependenciesTests {
  @Test func appModelPropagatesMocksToTodosAndEditTodo() {
    isolated { recorder in
      let mockDefaults = DefaultsStore(name: "mock")
      let app = withDependencies {
        $0.apiClient = .mock
        $0.fileClient = .mock("saved todos")
        $0.defaultsStore = mockDefaults
      } operation: {
        AppModel()
      }
      let todos = app.todosButtonTapped()
      let edit = todos.editButtonTapped(todo: TodoItem(id: 1, title: "Milk"))
      for model in [todos.apiClient, edit.apiClient] {
        #expect(model.currentUser() == AppUser(id: 42, name: "Blob"))
      }
      #expect(todos.fileClient.load("todos") == "saved todos")
      #expect(edit.fileClient.load("todos") == "saved todos")
      #expect(todos.defaultsStore === mockDefaults)
      #expect(edit.defaultsStore === mockDefaults)
      #expect(edit.todo.title == "Milk")
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func childScopeCanChangeOneDependencyAndInheritTheRest() {
    let sandbox = DefaultsStore(name: "onboarding sandbox")
    let app = withDependencies {
      $0.apiClient = .mock
      $0.fileClient = .mock("saved todos")
    } operation: {
      AppModel()
    }
    let onboarding = withDependencies(from: app) {
      $0.defaultsStore = sandbox
    } operation: {
      TodosModel()
    }
    #expect(onboarding.defaultsStore === sandbox)
    #expect(onboarding.apiClient.currentUser().id == 42)
    #expect(onboarding.fileClient.load("x") == "saved todos")
    let edit = onboarding.editButtonTapped(todo: TodoItem(id: 2, title: "Eggs"))
    #expect(edit.defaultsStore === sandbox)
    #expect(edit.apiClient.currentUser().id == 42)
  }

  @Test func currentOverridesWinOverTheParents() {
    let app = withDependencies {
      $0.apiClient = .mock
    } operation: {
      AppModel()
    }
    let todos = withDependencies {
      $0.fileClient = .mock("current")
      $0.apiClient.currentUser = { AppUser(id: 7, name: "Current") }
    } operation: {
      withDependencies(from: app) { TodosModel() }
    }
    #expect(todos.fileClient.load("x") == "current")
    #expect(todos.apiClient.currentUser().id == 7)
  }

  @Test func objectReturnedByWithDependenciesIsRemembered() {
    let parent = withDependencies {
      $0.fullDependency.value = 42
    } operation: {
      PlainParent()
    }
    let child = parent.child()
    #expect(child.fullDependency.value == 42)
  }

  @Test func parentWithNoDependenciesIsReported() {
    let recorder = RecordingIssueReporter()
    let parent = PlainParent()
    let line = #line + 2
    let child = withIssueReporters([recorder]) {
      withDependencies(from: parent) {
        $0.fullDependency.value = 5
      } operation: {
        ChildModel()
      }
    }
    #expect(
      recorder.messages == [
        """
        You are trying to propagate dependencies to a child model from a model with no \
        dependencies. To fix this, the given 'PlainParent' must be returned from another \
        'withDependencies' closure, or the class must hold at least one '@Dependency' property.
        """
      ])
    #expect(recorder.issues.first?.line == UInt(line))
    #expect(recorder.issues.first?.fileID == "DepsCoreTests/WithDependenciesTests.swift")
    // Unlike swift-dependencies, the explicit changes still apply: a sandboxing override (a
    // mock store) must not be dropped because the parent carried no values.
    #expect(child.fullDependency.value == 5)
  }

  @Test func asyncFromPropagatesTheParentsValues() async {
    let app = withDependencies {
      $0.apiClient = .mock
    } operation: {
      AppModel()
    }
    let todos = await withDependencies(from: app) {
      $0.fileClient = .mock("async")
    } operation: {
      await Task.yield()
      return TodosModel()
    }
    #expect(todos.apiClient.currentUser().id == 42)
    #expect(todos.fileClient.load("x") == "async")
  }

  @Test func asyncFromReportsAParentWithNoDependencies() async {
    let recorder = RecordingIssueReporter()
    let parent = PlainParent()
    await withIssueReporters([recorder]) {
      await withDependencies(from: parent) {
        await Task.yield()
      }
    }
    #expect(recorder.messages.count == 1)
    #expect(recorder.messages.first?.contains("the given 'PlainParent' must be returned") == true)
  }

  // MARK: - Async scopes

  @Test func asyncScopeFlowsIntoTasksAsyncLetAndGroups() async {
    await withDependencies {
      $0.fullDependency.value = 42
    } operation: {
      await Task.yield()
      let task = Task {
        @Dependency(\.fullDependency.value) var value
        return value
      }
      async let child: Int = {
        @Dependency(\.fullDependency.value) var value
        return value
      }()
      let grouped = await withTaskGroup(of: Int.self, returning: [Int].self) { group in
        for _ in 1...3 {
          group.addTask {
            @Dependency(\.fullDependency.value) var value
            return value
          }
        }
        var values: [Int] = []
        for await value in group { values.append(value) }
        return values
      }
      #expect(await task.value == 42)
      #expect(await child == 42)
      #expect(grouped == [42, 42, 42])
    }
  }

  @Test func asyncScopeSurvivesSuspensions() async throws {
    try await withDependencies {
      $0.fullDependency.value = 1
    } operation: {
      try await withDependencies {
        $0.timeSource.now = 2
      } operation: {
        try await Task.sleep(nanoseconds: 1_000)
        #expect(DependencyValues._current.fullDependency.value == 1)
        #expect(DependencyValues._current.timeSource.now == 2)
        #expect(DependencyValues._current.context == .test)
      }
    }
  }

  @Test func asyncUpdateClosureCanAwait() async {
    await withDependencies {
      await Task.yield()
      $0.testOnly = 11
    } operation: {
      #expect(DependencyValues._current.testOnly == 11)
    }
  }

  @Test func objectReturnedByAsyncWithDependenciesIsRemembered() async {
    let parent = await withDependencies {
      $0.fullDependency.value = 77
    } operation: {
      await Task.yield()
      return PlainParent()
    }
    #expect(parent.child().fullDependency.value == 77)
  }

  @Test func withDependenciesRethrows() {
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try withDependencies { _ in
        throw Failure()
      } operation: {
      }
    }
    #expect(throws: Failure.self) {
      try withDependencies {
        $0.testOnly = 1
      } operation: {
        throw Failure()
      }
    }
  }
}
