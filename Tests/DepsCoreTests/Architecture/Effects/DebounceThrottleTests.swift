// Effect.debounce and Effect.throttle on a test clock.
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

struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var searched: [String] = []
  }
  enum Action: Equatable {
    case queryChanged(String)
    case search(String)
    case scrolled(Int)
    case saved(Int)
  }
  enum CancelID: Hashable, Sendable { case search, save }
  let latest: Bool
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .send(.search(query))
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .search(let query):
      state.searched.append(query)
      return .none
    case .scrolled(let offset):
      return .send(.saved(offset))
        .throttle(id: CancelID.save, for: .seconds(1), clock: clock, latest: latest)
    case .saved(let offset):
      state.searched.append("saved \(offset)")
      return .none
    }
  }
}

@Suite struct DebounceThrottleTests {
  func store(_ clock: TestClock<Duration>, latest: Bool = true) -> TestStoreOf<Search> {
    TestStore(initialState: Search.State()) {
      Search(latest: latest)
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func debounceSendsOnlyAfterAQuietPeriod() async {
    let clock = TestClock()
    let store = store(clock)
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("ab")) { $0.query = "ab" }
    await clock.advance(by: .milliseconds(299))
    await store.send(.queryChanged("abc")) { $0.query = "abc" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search("abc")) { $0.searched = ["abc"] }
    await store.finish()
  }

  @Test func throttleLatest() async {
    let clock = TestClock()
    let store = store(clock, latest: true)
    await store.send(.scrolled(1))
    await store.receive(.saved(1)) { $0.searched = ["saved 1"] }
    await clock.advance(by: .milliseconds(100))
    await store.send(.scrolled(2))
    await store.send(.scrolled(3))
    await clock.advance(by: .milliseconds(900))
    await store.receive(.saved(3)) { $0.searched = ["saved 1", "saved 3"] }
    await clock.advance(by: .seconds(2))
    await store.send(.scrolled(4))
    await store.receive(.saved(4)) { $0.searched = ["saved 1", "saved 3", "saved 4"] }
    await store.finish()
  }

  @Test func throttleFirst() async {
    let clock = TestClock()
    let store = store(clock, latest: false)
    await store.send(.scrolled(10))
    await store.receive(.saved(10)) { $0.searched = ["saved 10"] }
    await store.send(.scrolled(20))
    await store.send(.scrolled(30))
    await clock.advance(by: .seconds(1))
    await store.receive(.saved(20)) { $0.searched = ["saved 10", "saved 20"] }
    await store.finish()
  }
}
