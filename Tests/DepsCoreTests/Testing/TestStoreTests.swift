// TestStore's happy paths: send/receive (Equatable and predicate forms), the test clock,
// finish, TestStoreTask, the test context, and a mutable `dependencies` (later actions see a
// change; running effects keep the values they captured).
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

/// A feature whose effect waits on the clock, then reads `numberFact.fetch`.
private struct Fetcher: Reducer {
  struct State: Equatable { var facts: [String] = [] }
  enum Action: Equatable {
    case fetch
    case fetched(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .fetch:
        @Dependency(\.numberFact) var numberFact
        let fetch = numberFact.fetch
        return .run { [count = state.facts.count] send in
          @Dependency(\.continuousClock) var clock
          try await clock.sleep(for: .seconds(1))
          @Dependency(\.numberFact) var later
          let first = try await fetch(count)
          let second = try await later.fetch(0)
          await send(.fetched("\(first)/\(second)"))
        }
      case .fetched(let fact):
        state.facts.append(fact)
        return .none
      }
    }
  }
}

@Suite struct TestStoreTests {
  @Test func runsInTheTestContextWithAFreshCache() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    #expect(store.dependencies.context == .test)
    #expect(store.timeout == .seconds(1))
    #expect(store.exhaustivity == .on)
  }

  @Test func receiveWithThePredicateForm() async {
    let store = probeStore()
    await store.send(.sendTwo)
    await store.receive({ $0 == .first }) { $0.log = ["first"] }
    await store.receive({ if case .second = $0 { true } else { false } }) {
      $0.log.append("second")
    }
  }

  @Test func testClockDrivesSleepingEffects() async {
    let clock = TestClock()
    let store = probeStore(clock: clock)
    await store.send(.sleepThenRespond)
    await clock.advance(by: .milliseconds(500))
    #expect(store.state.count == 0)
    await clock.advance(by: .milliseconds(500))
    await store.receive(.respond(1)) { $0.count = 1 }
    await store.finish()
  }

  @Test func immediateClockNeedsNoAdvance() async {
    let store = TestStore(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.sleepThenRespond)
    // ImmediateClock lets other tasks run through background-priority hops on the global
    // executor, which a busy machine can starve for a while: allow more than the default.
    await store.receive(.respond(1), timeout: .seconds(10)) { $0.count = 1 }
  }

  @Test func testStoreTaskFinishAndCancel() async {
    let clock = TestClock()
    let store = probeStore(clock: clock)
    let sleeping = await store.send(.sleepThenRespond)
    #expect(!sleeping.isFinished)
    await clock.advance(by: .seconds(1))
    await sleeping.finish()
    #expect(sleeping.isFinished)
    await store.receive(.respond(1)) { $0.count = 1 }

    let longLiving = await store.send(.startLongLiving)
    #expect(!longLiving.isFinished)
    longLiving.cancel()
    await store.finish()
    #expect(longLiving.isFinished)
    #expect(clock.sleeperCount == 0)
  }

  @Test func anUnboundedTimeoutWaitsInsteadOfOverflowing() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: RealSleeper.State()) { RealSleeper() }
      await store.send(.sleep(milliseconds: 5)).finish(timeout: .seconds(Int64.max))
      await store.receive(.woke, timeout: .seconds(Int64.max)) { $0.done = 1 }
      // Long enough that `finish` starts before the effect's action arrives, even on a
      // loaded machine (a received action at `finish`'s start is reported, as in TCA).
      await store.send(.sleep(milliseconds: 500))
      await store.finish(timeout: .seconds(Int64.max))
      await store.receive(.woke) { $0.done = 2 }
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func cancellationByID() async {
    let clock = TestClock()
    let store = probeStore(clock: clock)
    await store.send(.startLongLiving)
    await store.send(.startLongLiving)
    #expect(clock.sleeperCount == 2)
    await store.send(.stopLongLiving)
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func changedDependenciesReachLaterActionsButNotRunningEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Fetcher.State()) {
      Fetcher()
    } withDependencies: {
      $0.continuousClock = clock
      $0.numberFact.fetch = { _ in "A" }
    }
    await store.send(.fetch)
    store.dependencies.numberFact.fetch = { _ in "B" }
    await clock.advance(by: .seconds(1))
    await store.receive(.fetched("A/A")) { $0.facts = ["A/A"] }
    await store.send(.fetch)
    await clock.advance(by: .seconds(1))
    await store.receive(.fetched("B/B")) { $0.facts = ["A/A", "B/B"] }
  }

  @Test func replacingTheClockInDependenciesStillDrivesEffects() async {
    let store = probeStore()
    let clock = TestClock()
    store.dependencies.continuousClock = clock
    await store.send(.sleepThenRespond)
    await clock.advance(by: .seconds(1))
    await store.receive(.respond(1)) { $0.count = 1 }
  }

  @Test func receiveAssertsTheStateAfterEachReceivedAction() async {
    let store = probeStore(state: Probe.State(count: 7))
    await store.send(.sendTwo)
    await store.receive(.first) { $0.log = ["first"] }
    // The state as of the last assertion (TCA): `.second` is received but not asserted yet.
    #expect(store.state.log == ["first"])
    await store.receive(.second) { $0.log = ["first", "second"] }
  }

  @Test func storesInParallelTestsDoNotShareDependencies() async {
    await withTaskGroup(of: UUID.self) { group in
      for index in 0..<8 {
        group.addTask {
          let store = TestStore(initialState: Todos.State()) {
            Todos()
          } withDependencies: {
            $0.uuid = .constant(UUID(index))
            $0.date = .constant(Date(timeIntervalSince1970: 0))
          }
          await store.send(.addButtonTapped) {
            $0.todos = [Todos.Todo(id: UUID(index), createdAt: Date(timeIntervalSince1970: 0))]
          }
          return store.state.todos[0].id
        }
      }
      var ids: Set<UUID> = []
      for await id in group { ids.insert(id) }
      #expect(ids.count == 8)
    }
  }
}
