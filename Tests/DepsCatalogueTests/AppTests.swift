// Seed 004's App: the tutorial sandbox runs a Todos child whose userDefaults is an in-memory
// mock, so it writes nothing to the parent's, while it inherits every other parent override
// (uuid, date).
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
import DepsTestSupport

@Suite struct AppTests {
  let now = Date(timeIntervalSince1970: 1_234_567_890)

  @Test func tutorialSandboxWritesNothingToTheParentsUserDefaults() async throws {
    let parentDefaults = UserDefaultsClient.inMemory()
    let app = AppFeature()
    let store = TestStore(initialState: AppFeature.State()) {
      app
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
      $0.userDefaults = parentDefaults
    }
    await store.send(.tutorialButtonTapped) { $0.tutorial = Todos.State() }
    await store.send(.tutorial(.addButtonTapped)) {
      $0.tutorial?.todos = [Todos.Todo(id: UUID(0), createdAt: now)]
    }
    await store.send(.tutorial(.titleChanged(id: UUID(0), title: "Try me"))) {
      $0.tutorial?.todos[0].title = "Try me"
    }
    #expect(try parentDefaults.value("todos") == nil)
    #expect(
      try app.sandbox.userDefaults.value("todos")
        == ValueEncoder().encode([Todos.Todo(id: UUID(0), createdAt: now, title: "Try me")]))

    await store.send(.todos(.addButtonTapped)) {
      $0.todos.todos = [Todos.Todo(id: UUID(1), createdAt: now)]
    }
    #expect(
      try parentDefaults.value("todos")
        == ValueEncoder().encode([Todos.Todo(id: UUID(1), createdAt: now)]))

    await store.send(.tutorialDismissed) { $0.tutorial = nil }
    await store.send(.tutorialButtonTapped) { $0.tutorial = Todos.State() }
    #expect(try app.sandbox.userDefaults.value("todos") == nil)
    #expect(try parentDefaults.value("todos")?.arrayValue?.count == 1)
  }

  @Test func tutorialActionAfterDismissalIsReported() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: AppFeature.State()) {
        AppFeature()
      } withDependencies: {
        $0.uuid = .incrementing
        $0.date = .constant(now)
      }
      await store.send(.tutorial(.addButtonTapped))
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix(
        #"An "ifLet" at "DepsCatalogue/App.swift:"#) == true)
  }
}
