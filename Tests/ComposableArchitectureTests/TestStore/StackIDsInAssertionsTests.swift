// A test store's assertion closures append stack elements with the ids the store gave, as
// TCA's TestStore (StackReducerTests.testPresent, testSendCopiesStackElementIDGenerator): a
// send's closure counts from the id the reducer took first; a receive's from the store's next
// id; neither takes ids from the store.
import ComposableArchitecture
import DependenciesTestSupport
import Testing

@Suite struct StackIDsInAssertionsTests {
  @Reducer struct Parent {
    struct State: Equatable {
      var children = StackState<Int>()
    }
    enum Action: Equatable {
      case children(StackActionOf<Child>)
      case pushTwo
      case pushLater
      case pushed
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .children:
          return .none
        case .pushTwo:
          state.children.append(1)
          state.children.append(2)
          return .none
        case .pushLater:
          return .send(.pushed)
        case .pushed:
          state.children.append(3)
          return .none
        }
      }
      .forEach(\.children, action: \.children) { Child() }
    }
  }

  @Reducer struct Child {
    typealias State = Int
    typealias Action = Never
    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  @Test func aSendsClosureAppendsWithTheIdsTheReducerTook() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.pushTwo) {
      $0.children.append(1)
      $0.children.append(2)
    }
    #expect(store.state.children.ids == [0, 1])
    await store.send(.pushTwo) {
      $0.children.append(1)
      $0.children.append(2)
    }
    #expect(store.state.children.ids == [0, 1, 2, 3])
  }

  @Test func aReceivesClosureAppendsWithTheStoresNextIdWithoutTakingIt() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.pushLater)
    // The reducer took #0 for `.pushed`; the closure's append counts from the next id, #1.
    let issues = await recordIssues {
      await store.receive(\.pushed) { $0.children.append(3) }
    }
    #expect(
      issues.map { $0.message.hasPrefix("A state change does not match expectation.") } == [true])
    await store.send(.pushTwo) {
      $0.children.append(1)
      $0.children.append(2)
    }
    #expect(store.state.children.ids == [0, 1, 2])
  }
}
