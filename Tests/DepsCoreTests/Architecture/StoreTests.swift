// `Store`: send, state, run(timeout:), settle, observe, close, StoreTask.finish/cancel, and
// dependencies frozen where the store is created (plus its own `withDependencies`).
import Foundation
import Synchronization
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

/// Waits for real time (a socket or a real clock in real features), then reports back.
struct RealSleeper: Reducer {
  struct State: Equatable { var done = 0 }
  enum Action: Equatable {
    case sleep(milliseconds: Int)
    case woke
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .sleep(let milliseconds):
      return .run { send in
        try await Task.sleep(for: .milliseconds(milliseconds))
        await send(.woke)
      }
    case .woke:
      state.done += 1
      return .none
    }
  }
}

@Suite struct StoreTests {
  @Test func sendRunsTheReducerAndEffectsUntilTheyWait() {
    let store = Store(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.send(.increment)
    #expect(store.state.count == 1)
    let task = store.send(.sendTwo)
    #expect(store.state.log == ["first", "second"])
    #expect(task.isFinished)
    let sleeping = store.send(.sleepThenRespond)
    #expect(!sleeping.isFinished)
    #expect(store.hasEffectsInFlight)
    sleeping.cancel()
    #expect(store.run(timeout: .seconds(1)))
    #expect(sleeping.isFinished)
    #expect(store.state.count == 1)
  }

  @Test func aSendFromAnObserverIsQueuedAfterTheCurrentAction() {
    let store = Store(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let seen = Mutex<[String]>([])
    store.observe { action, state in
      seen.withLock { $0.append("\(action) count=\(state.count)") }
      if action == .increment && state.count < 3 {
        store.send(.rename("n\(state.count)"))
        store.send(.increment)
      }
    }
    store.send(.increment)
    #expect(store.state.count == 3)
    #expect(
      seen.withLock { $0 } == [
        "increment count=1", "rename(\"n1\") count=1", "increment count=2",
        "rename(\"n2\") count=2", "increment count=3",
      ])
  }

  @Test func fiveThousandReentrantSendsDoNotGrowTheStack() {
    let store = Store(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.observe { action, state in
      if state.count < 5_000 { store.send(.increment) }
    }
    store.send(.increment)
    #expect(store.state.count == 5_000)
  }

  @Test func runWaitsForWorkThatCompletesElsewhere() {
    let store = Store(initialState: RealSleeper.State()) { RealSleeper() }
    store.send(.sleep(milliseconds: 20))
    store.send(.sleep(milliseconds: 10))
    #expect(store.state.done == 0)
    #expect(store.run(timeout: .seconds(5)))
    #expect(store.state.done == 2)
    #expect(!store.hasEffectsInFlight)
  }

  @Test func runGivesUpAfterItsTimeout() {
    let clock = TestClock()
    let store = Store(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.startLongLiving)
    let start = ContinuousClock.now
    #expect(!store.run(timeout: .milliseconds(30)))
    #expect(ContinuousClock.now - start >= .milliseconds(30))
    #expect(store.hasEffectsInFlight)
    store.close()
    #expect(!store.hasEffectsInFlight)
    #expect(clock.sleeperCount == 0)
  }

  @Test func settleAwaitsWithoutBlocking() async {
    let store = Store(initialState: RealSleeper.State()) { RealSleeper() }
    store.send(.sleep(milliseconds: 10))
    #expect(await store.settle(timeout: .seconds(5)))
    #expect(store.state.done == 1)
    let clock = TestClock()
    let stuck = Store(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = clock
    }
    stuck.send(.startLongLiving)
    #expect(await stuck.settle(timeout: .milliseconds(20)) == false)
    stuck.close()
  }

  @Test func storeTaskFinish() async {
    let store = Store(initialState: RealSleeper.State()) { RealSleeper() }
    await store.send(.sleep(milliseconds: 5)).finish()
    #expect(store.state.done == 1)
  }

  @Test func observeSeesEveryHandledActionAndState() {
    let store = Store(initialState: Probe.State()) { Probe() }
    let seen = Mutex<[String]>([])
    let observation = store.observe { action, state in
      seen.withLock { $0.append("\(action) \(state.log.count)") }
    }
    store.send(.sendTwo)
    store.removeObserver(observation)
    store.send(.increment)
    #expect(
      seen.withLock { $0 } == [
        "sendTwo 0", "first 1", "second 2",
      ])
  }

  @Test func closeCancelsEffectsAndIgnoresLaterSends() {
    let clock = TestClock()
    let store = Store(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.startLongLiving)
    #expect(clock.sleeperCount == 1)
    store.close()
    #expect(clock.sleeperCount == 0)
    #expect(!store.hasEffectsInFlight)
    let task = store.send(.increment)
    #expect(task.isFinished)
    #expect(store.state.count == 0)
    store.close()
  }

  @Test func dependenciesAreFrozenWhereTheStoreIsCreated() throws {
    let defaults = UserDefaultsClient.inMemory()
    let store = withDependencies {
      $0.uuid = .constant(UUID(5))
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    } operation: {
      Store(initialState: Todos.State()) {
        Todos()
      } withDependencies: {
        $0.date = .constant(Date(timeIntervalSince1970: 2))
        $0.userDefaults = defaults
      }
    }
    store.send(.addButtonTapped)
    #expect(
      store.state.todos == [Todos.Todo(id: UUID(5), createdAt: Date(timeIntervalSince1970: 2))])
    #expect(try defaults.value("todos")?.arrayValue?.count == 1)
    #expect(store.dependencies.uuid() == UUID(5))
  }
}
