// Task.cancel(id:) and withTaskCancellation(id:cancelInFlight:), inside a store (sharing ids
// with Effect.cancellable/cancel) and outside any store.
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

struct Canceller: Reducer {
  struct State: Equatable { var finished: [Int] = [] }
  enum Action: Equatable {
    case startCancellable
    case cancelFromTask
    case startWork(Int)
    case cancelWork
    case finished(Int)
  }
  enum CancelID: Hashable, Sendable { case long, work }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startCancellable:
      return .run { _ in try await clock.sleep(for: .seconds(3600)) }
        .cancellable(id: CancelID.long)
    case .cancelFromTask:
      return .run { _ in Task.cancel(id: CancelID.long) }
    case .startWork(let n):
      return .run { send in
        try await withTaskCancellation(id: CancelID.work, cancelInFlight: true) {
          try await clock.sleep(for: .seconds(1))
        }
        await send(.finished(n))
      }
    case .cancelWork:
      return .cancel(id: CancelID.work)
    case .finished(let n):
      state.finished.append(n)
      return .none
    }
  }
}

@Suite struct CancellationTests {
  @Test func taskCancelInsideAnEffectCancelsTheStoresCancellableEffect() async {
    let store = TestStore(initialState: Canceller.State()) {
      Canceller()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.startCancellable)
    await store.send(.cancelFromTask)
    await store.finish()
  }

  @Test func cancelInFlightCancelsTheEarlierWork() async {
    let clock = TestClock()
    let store = TestStore(initialState: Canceller.State()) {
      Canceller()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startWork(1))
    await clock.advance(by: .milliseconds(500))
    await store.send(.startWork(2))
    await clock.advance(by: .seconds(1))
    // The first effect's sleep was cancelled: it ends without sending.
    await store.receive(.finished(2)) { $0.finished = [2] }
    await store.finish()
  }

  @Test func effectCancelReachesWithTaskCancellationWork() async {
    let clock = TestClock()
    let store = TestStore(initialState: Canceller.State()) {
      Canceller()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startWork(1))
    await store.send(.cancelWork)
    await clock.advance(by: .seconds(2))
    await store.finish()
    #expect(store.state.finished == [])
  }

  @Test func outsideAStoreTaskCancelCancelsTheWork() async throws {
    enum ID: Hashable, Sendable { case detached }
    let started = Mutex(false)
    let task = Task {
      await withTaskCancellation(id: ID.detached) { () async -> Bool in
        started.withLock { $0 = true }
        do {
          try await Task.sleep(for: .seconds(30))
          return false
        } catch {
          return true
        }
      }
    }
    while !started.withLock({ $0 }) { await Task.yield() }
    Task.cancel(id: ID.detached)
    let wasCancelled = await task.value
    #expect(wasCancelled)
  }

  @Test func outsideAStoreCancelInFlight() async throws {
    enum ID: Hashable, Sendable { case inFlight }
    let started = Mutex(false)
    let first = Task {
      try await withTaskCancellation(id: ID.inFlight) {
        started.withLock { $0 = true }
        try await Task.sleep(for: .seconds(30))
      }
    }
    while !started.withLock({ $0 }) { await Task.yield() }
    let second = await withTaskCancellation(id: ID.inFlight, cancelInFlight: true) { 42 }
    #expect(second == 42)
    await #expect(throws: CancellationError.self) { try await first.value }
  }
}
