// A feature written only with TCA 1.x idioms — `@Reducer` structs and enums, `@ObservableState`,
// `@Presents`, case key paths, an alert, a stack, `@DependencyClient` and `@DependencyEntry` —
// driven by TestStore in Swift Testing and in XCTest, unchanged from how TCA code reads.
import ComposableArchitecture
import Testing
import XCTest

@DependencyClient
struct GreetingClient: Sendable {
  var greet: @Sendable (_ name: String) async throws -> String
}

extension GreetingClient: TestDependencyKey {
  static let testValue = GreetingClient()
}

extension DependencyValues {
  var greeting: GreetingClient {
    get { self[GreetingClient.self] }
    set { self[GreetingClient.self] = newValue }
  }
  @DependencyEntry var greetingPrefix = "Hello"
}

@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action {
    case decrementButtonTapped
    case incrementButtonTapped
    case delegate(Delegate)
    @CasePathable
    enum Delegate { case close }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return state.count >= 3 ? .send(.delegate(.close)) : .none
      case .delegate:
        return .none
      }
    }
  }
}

@Reducer
struct Greeter {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var greeting: String?
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case greetButtonTapped
    case greeted(Result<String, any Error>)
  }
  @Dependency(\.greeting) var greeting
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .greetButtonTapped:
        return .run { [name = state.name] send in
          await send(.greeted(Result { try await greeting.greet(name: name) }))
        }
      case .greeted(.success(let text)):
        state.greeting = text
        return .none
      case .greeted(.failure):
        state.greeting = nil
        return .none
      }
    }
  }
}

@Reducer
struct App {
  @Reducer
  enum Destination {
    case counter(Counter)
    case greeter(Greeter)
    case alert(AlertState<Alert>)
    @CasePathable
    enum Alert { case confirmReset }
  }

  @Reducer
  enum Path {
    case counter(Counter)
  }

  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var path = StackState<Path.State>()
    var resets = 0
  }

  enum Action {
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Path>)
    case showCounter
    case showGreeter
    case resetTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.alert(.confirmReset))):
        state.resets += 1
        return .none
      case .destination(.presented(.counter(.delegate(.close)))):
        state.destination = nil
        return .none
      case .destination:
        return .none
      case .path(.element(id: let id, action: .counter(.delegate(.close)))):
        state.path.pop(from: id)
        return .none
      case .path:
        return .none
      case .showCounter:
        state.destination = .counter(Counter.State(id: 1))
        return .none
      case .showGreeter:
        state.destination = .greeter(Greeter.State())
        return .none
      case .resetTapped:
        state.destination = .alert(AlertState { TextState("Reset?") })
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }
}

extension App.Destination.State: Equatable {}
extension App.Path.State: Equatable {}

@MainActor
struct TCAIdiomsTests {
  @Test func presentedCounterClosesThroughItsDelegate() async {
    let store = TestStore(initialState: App.State()) { App() }
    await store.send(.showCounter) { $0.destination = .counter(Counter.State(id: 1)) }
    await store.send(\.destination.counter.incrementButtonTapped) {
      $0.destination?.modify(\.counter) { $0.count = 1 }
    }
    await store.send(\.destination.counter.incrementButtonTapped) {
      $0.destination?.counter?.count = 2
    }
    await store.send(\.destination.counter.incrementButtonTapped) {
      $0.destination?.counter?.count = 3
    }
    await store.receive(\.destination.counter.delegate.close) { $0.destination = nil }
  }

  @Test func greeterUsesTheDependencyClient() async {
    let store = TestStore(initialState: App.State()) {
      App()
    } withDependencies: {
      $0.greeting.greet = { "Hello, \($0)!" }
    }
    await store.send(.showGreeter) { $0.destination = .greeter(Greeter.State()) }
    await store.send(\.destination.greeter.binding.name, "Blob") {
      $0.destination?.greeter?.name = "Blob"
    }
    await store.send(\.destination.greeter.greetButtonTapped)
    await store.receive(\.destination.greeter.greeted.success, "Hello, Blob!") {
      $0.destination?.greeter?.greeting = "Hello, Blob!"
    }
  }

  @Test func alertIsDismissedAfterItsAction() async {
    let store = TestStore(initialState: App.State()) { App() }
    await store.send(.resetTapped) {
      $0.destination = .alert(AlertState { TextState("Reset?") })
    }
    await store.send(\.destination.alert.confirmReset) {
      $0.destination = nil
      $0.resets = 1
    }
  }

  @Test func stackElementPopsItself() async {
    let store = TestStore(
      initialState: App.State(path: StackState([.counter(Counter.State(id: 7, count: 2))]))
    ) { App() }
    await store.send(\.path[id: 0].counter.incrementButtonTapped) {
      $0.path[id: 0]?.modify(\.counter) { $0.count = 3 }
    }
    await store.receive(\.path[id: 0].counter.delegate.close) {
      $0.path[id: 0] = nil
    }
  }

  @Test func casePathsOnActionsAndState() {
    let action = App.Action.destination(.presented(.counter(.incrementButtonTapped)))
    #expect(action.is(\.destination))
    #expect(action[case: \.destination.counter] != nil)
    #expect(action[case: \.destination.greeter] == nil)
    #expect(!action.is(\.showCounter))
    let state = App.Destination.State.counter(Counter.State(id: 3, count: 4))
    #expect(state.counter?.count == 4)
    #expect(state.is(\.counter))
    #expect(!state.is(\.greeter))
  }

  @Test func dependencyEntryHasItsDefault() {
    @Dependency(\.greetingPrefix) var prefix
    #expect(prefix == "Hello")
  }
}

final class TCAIdiomsXCTests: XCTestCase {
  @MainActor
  func testPresentedCounterClosesThroughItsDelegate() async {
    let store = TestStore(initialState: App.State()) { App() }
    await store.send(.showCounter) { $0.destination = .counter(Counter.State(id: 1)) }
    await store.send(\.destination.counter.incrementButtonTapped) {
      $0.destination?.counter?.count = 1
    }
    await store.send(\.destination.counter.incrementButtonTapped) {
      $0.destination?.counter?.count = 2
    }
    await store.send(\.destination.counter.incrementButtonTapped) {
      $0.destination?.counter?.count = 3
    }
    await store.receive(\.destination.counter.delegate.close) { $0.destination = nil }
  }

  @MainActor
  func testStackPushAndPop() async {
    let store = TestStore(initialState: App.State()) { App() }
    await store.send(\.path.push, (id: 0, state: .counter(Counter.State(id: 9)))) {
      $0.path[id: 0] = .counter(Counter.State(id: 9))
    }
    await store.send(\.path.popFrom, 0) { $0.path[id: 0] = nil }
  }
}
