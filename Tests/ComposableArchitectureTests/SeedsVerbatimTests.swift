// The guides' Swift snippets, as written there, compiled and passing as this package's own tests:
// a todo list on `\.date.now` and `\.uuid`, a number-fact client with live, preview and test
// values and its feature (a non-Equatable action holding `Result<String, Error>`), a counter
// whose delayed increment waits on a `DelayClient`, `@DependencyEntry` with and without
// `liveValue:`, and `@Dependency` in a model, a reducer and a helper function.
import ComposableArchitecture
import Foundation
import Testing

// URLSession lives in FoundationNetworking on Linux: the one line the guides' code gains here.
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: The todo list

@Reducer
struct TodoFeature {
  @ObservableState
  struct State: Equatable {
    var todos: IdentifiedArrayOf<Todo> = []
  }
  struct Todo: Equatable, Identifiable {
    let id: UUID
    var title = ""
    let createdAt: Date
  }
  enum Action {
    case addButtonTapped
    case titleChanged(id: Todo.ID, title: String)
  }
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.todos.append(Todo(id: uuid(), createdAt: now))
        return .none
      case let .titleChanged(id, title):
        state.todos[id: id]?.title = title
        return .none
      }
    }
  }
}

// MARK: The number fact client and its feature

@DependencyClient
struct NumberFactClient {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: DependencyKey {
  static let liveValue = Self(
    fetch: { number in
      let url = URL(string: "http://numbersapi.com/\(number)")!
      let (data, _) = try await URLSession.shared.data(from: url)
      return String(decoding: data, as: UTF8.self)
    }
  )
  static let previewValue = Self(fetch: { "\($0) is a good number." })
  static let testValue = Self()
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

@Reducer
struct Feature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var numberFact: String?
  }
  enum Action {
    case incrementButtonTapped
    case numberFactButtonTapped
    case numberFactResponse(Result<String, any Error>)
  }
  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .numberFactButtonTapped:
        return .run { [count = state.count] send in
          await send(.numberFactResponse(Result { try await numberFact.fetch(count) }))
        }
      case let .numberFactResponse(.success(fact)):
        state.numberFact = fact
        return .none
      case .numberFactResponse(.failure):
        return .none
      }
    }
  }
}

// MARK: The counter with a delay client

struct DelayClient: Sendable {
  var wait: @Sendable () async throws -> Void
}

extension DelayClient: DependencyKey {
  static let liveValue = DelayClient {
    @Dependency(\.continuousClock) var clock
    try await clock.sleep(for: .seconds(1))
  }
}

extension DependencyValues {
  var delayClient: DelayClient {
    get { self[DelayClient.self] }
    set { self[DelayClient.self] = newValue }
  }
}

@Reducer
struct CounterDependencyFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var isLoading = false
  }
  enum Action {
    case delayedIncrementButtonTapped
    case delayedIncrementFinished
  }
  @Dependency(\.delayClient) var delayClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .delayedIncrementButtonTapped:
        state.isLoading = true
        return .run { send in
          try await delayClient.wait()
          await send(.delayedIncrementFinished)
        }
      case .delayedIncrementFinished:
        state.isLoading = false
        state.count += 1
        return .none
      }
    }
  }
}

// MARK: @DependencyEntry

protocol APIClient: Sendable {
  func fetchUser() async throws -> String
}

struct MockAPIClient: APIClient {
  func fetchUser() async throws -> String { "Mock" }
}

struct LiveAPIClient: APIClient {
  func fetchUser() async throws -> String { "Live" }
}

extension DependencyValues {
  @DependencyEntry var mockOnlyClient: any APIClient = MockAPIClient()
  @DependencyEntry(liveValue: LiveAPIClient()) var apiClient: any APIClient = MockAPIClient()
}

// MARK: @Dependency in a model, a reducer and a helper function

@MainActor
final class TimestampModel {
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid
  var stamps: [String] = []

  func stamp() {
    stamps.append("\(uuid()) at \(now.timeIntervalSince1970)")
  }
}

func greeting() -> String {
  @Dependency(\.date.now) var now
  return now.timeIntervalSince1970 < 1 ? "Good morning" : "Good evening"
}

// MARK: The tests, as the guides write them

@MainActor
struct SeedsVerbatimTests {
  @Test func addTodo() async {
    let store = TestStore(initialState: TodoFeature.State()) {
      TodoFeature()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.uuid = .incrementing
    }
    await store.send(.addButtonTapped) {
      $0.todos = [
        TodoFeature.Todo(
          id: UUID(0), createdAt: Date(timeIntervalSince1970: 1_234_567_890))
      ]
    }
    await store.send(.titleChanged(id: UUID(0), title: "Milk")) {
      $0.todos[id: UUID(0)]?.title = "Milk"
    }
  }

  @Test func numberFact() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number." }
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.numberFactButtonTapped)
    await store.receive(\.numberFactResponse) { $0.numberFact = "1 is a good number." }
  }

  @Test func numberFactPreviewAndTestValues() async throws {
    let preview = try await withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.numberFact) var numberFact
      return try await numberFact.fetch(7)
    }
    #expect(preview == "7 is a good number.")
    await withKnownIssue {
      _ = try await NumberFactClient.testValue.fetch(1)
    }
  }

  @Test func delayedIncrement() async {
    let store = TestStore(initialState: CounterDependencyFeature.State()) {
      CounterDependencyFeature()
    } withDependencies: {
      $0.delayClient.wait = {}
    }
    await store.send(.delayedIncrementButtonTapped) { $0.isLoading = true }
    await store.receive(\.delayedIncrementFinished) {
      $0.isLoading = false
      $0.count = 1
    }
  }

  @Test func dependencyEntries() async throws {
    @Dependency(\.apiClient) var apiClient
    @Dependency(\.mockOnlyClient) var mockOnlyClient
    #expect(try await apiClient.fetchUser() == "Mock")
    #expect(try await mockOnlyClient.fetchUser() == "Mock")
    let live = try await withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.apiClient) var apiClient
      return try await apiClient.fetchUser()
    }
    #expect(live == "Live")
  }

  @Test func dependencyInAModelAndAHelper() {
    let model = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 0)
      $0.uuid = .constant(UUID(0))
    } operation: {
      TimestampModel()
    }
    model.stamp()
    #expect(model.stamps == ["00000000-0000-0000-0000-000000000000 at 0.0"])
    let text = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 0)
    } operation: {
      greeting()
    }
    #expect(text == "Good morning")
  }
}
