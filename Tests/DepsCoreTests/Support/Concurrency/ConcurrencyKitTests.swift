// The concurrency kit: the re-entrant lock (re-entry, exclusion across threads, one acquisition
// per front call on a bridged store even when callbacks re-enter), the pumped executor (jobs run
// only on the pumping thread; `wake`), and the monotonic clock's deadlines.
import Foundation
import Synchronization
import Testing

@testable import DepsCatalogue
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

@Suite struct ConcurrencyKitTests {
  // MARK: ReentrantLock

  @Test func theHolderReentersWithoutTakingTheLockAgain() {
    let lock = ReentrantLock()
    #expect(!lock.isHeldByCurrentThread)
    let inner = lock.withLock { () -> (Bool, Int) in
      lock.withLock { (lock.isHeldByCurrentThread, lock.acquisitions) }
    }
    #expect(inner == (true, 1))
    #expect(!lock.isHeldByCurrentThread)
    lock.lock()
    lock.lock()
    lock.unlock()
    #expect(lock.isHeldByCurrentThread)
    lock.unlock()
    #expect(!lock.isHeldByCurrentThread)
    #expect(lock.withLock { lock.acquisitions } == 3)
  }

  @Test func anotherThreadWaitsForTheHolder() {
    final class Counter: @unchecked Sendable {
      let lock = ReentrantLock()
      var value = 0
    }
    let counter = Counter()
    let perThread = 20_000
    let group = DispatchGroup()
    for _ in 0..<3 {
      group.enter()
      Thread.detachNewThread {
        for _ in 0..<perThread {
          counter.lock.withLock { counter.lock.withLock { counter.value += 1 } }
        }
        group.leave()
      }
    }
    group.wait()
    #expect(counter.lock.withLock { counter.value } == 3 * perThread)
  }

  @Test func aThrownErrorReleasesTheLock() {
    struct Refused: Error {}
    let lock = ReentrantLock()
    #expect(throws: Refused.self) { try lock.withLock { () throws(Refused) in throw Refused() } }
    #expect(!lock.isHeldByCurrentThread)
  }

  /// What a C call does (`deps_store_send` then `deps_store_state` under the handle's lock, which
  /// is the store's call lock): the whole call takes the lock once, and an observer sending
  /// back into the store from inside the call re-enters it.
  @Test func aFrontCallOnABridgedStoreTakesItsCallLockOnce() throws {
    let features = FeatureRegistry()
    let endpoints = EndpointRegistry()
    for module in [DepsModule.builtins, SeedCatalogue.module] {
      module.register(into: features, endpoints: endpoints)
    }
    let store = try features.descriptor("Counter").open(
      context: .test, overrides: DependencyOverrides(registry: endpoints))
    defer { store.close() }
    let lock = try #require((store as AnyObject as? any CallSerialized)?.callLock)
    let seen = Mutex<[String]>([])
    store.observe { action, _ in
      seen.withLock { $0.append(action.json()) }
      if action == "incrementButtonTapped" {
        #expect(lock.isHeldByCurrentThread)
        #expect((try? store.send("decrementButtonTapped")) == [])
      }
    }
    let (taken, issues, state) = try lock.withLock { () throws(BridgeError) in
      let before = lock.acquisitions
      let issues = try store.send("incrementButtonTapped")
      let state = store.state
      return (lock.acquisitions - before, issues, state)
    }
    #expect(taken == 0)
    #expect(issues == [])
    #expect(state["count"] == 0)
    #expect(seen.withLock { $0 } == [#""incrementButtonTapped""#, #""decrementButtonTapped""#])
  }

  // MARK: PumpExecutor

  @Test func aTaskPreferringThePumpExecutorRunsOnlyOnThePumpingThread() {
    let executor = PumpExecutor()
    let me = pthread_self()
    let threads = Mutex<[Bool]>([])
    let done = Atomic<Bool>(false)
    Task(executorPreference: executor) {
      threads.withLock { $0.append(pthread_equal(pthread_self(), me) != 0) }
      await Task.yield()
      threads.withLock { $0.append(pthread_equal(pthread_self(), me) != 0) }
      try? await Task.sleep(nanoseconds: 1_000_000)
      threads.withLock { $0.append(pthread_equal(pthread_self(), me) != 0) }
      done.store(true, ordering: .releasing)
    }
    executor.pump { done.load(ordering: .acquiring) }
    #expect(threads.withLock { $0 } == [true, true, true])
    #expect(!executor.hasReadyJobs)
  }

  @Test func readyWorkRunsInOrderAcrossGrowthAndWrapAround() {
    let executor = PumpExecutor()
    let ran = Mutex<[Int]>([])
    func enqueue(_ range: Range<Int>) {
      for index in range { executor.enqueue(work: { ran.withLock { $0.append(index) } }) }
    }
    enqueue(0..<10)
    #expect(executor.drain(budget: 6) == 6)
    // The queue's first slots are free again: these wrap around, then outgrow it.
    enqueue(10..<60)
    #expect(executor.hasReadyJobs)
    #expect(executor.drain() == 54)
    #expect(!executor.hasReadyJobs)
    #expect(ran.withLock { $0 } == Array(0..<60))
  }

  @Test func workStillQueuedIsReleasedWithTheExecutor() {
    weak var captured: Probe?
    do {
      let executor = PumpExecutor()
      let probe = Probe()
      captured = probe
      executor.enqueue(work: { _ = probe })
      #expect(executor.hasReadyJobs)
    }
    #expect(captured == nil)
  }

  private final class Probe: Sendable {}

  @Test func wakeEndsAWaitWithoutWork() {
    let executor = PumpExecutor()
    executor.wake()
    let started = MonotonicClock.now
    #expect(!executor.waitForWork(until: MonotonicClock.deadline(after: .seconds(5))))
    #expect(MonotonicClock.now - started < 4_000_000_000)
    executor.enqueue(work: {})
    #expect(executor.waitForWork(until: MonotonicClock.deadline(after: .seconds(5))))
    #expect(executor.drain() == 1)
  }

  @Test func theExecutorReportsItsEarliestDeadline() {
    let executor = PumpExecutor()
    #expect(executor.millisecondsUntilWork == -1)
    let later = executor.addDeadline(MonotonicClock.deadline(after: .seconds(60)))
    let sooner = executor.addDeadline(MonotonicClock.deadline(after: .seconds(30)))
    #expect((29_000...30_000).contains(executor.millisecondsUntilWork))
    executor.removeDeadline(sooner)
    #expect((59_000...60_000).contains(executor.millisecondsUntilWork))
    executor.removeDeadline(later)
    executor.enqueue(work: {})
    #expect(executor.millisecondsUntilWork == 0)
    executor.drain()
  }

  // MARK: MonotonicClock

  @Test func deadlinesSaturateAndNeverLieInThePast() {
    let now = MonotonicClock.now
    #expect(MonotonicClock.deadline(after: .seconds(-5)) >= now)
    #expect(MonotonicClock.deadline(after: -5.0) >= now)
    #expect(MonotonicClock.deadline(after: .seconds(Int64.max)) == .max)
    #expect(MonotonicClock.deadline(afterNanoseconds: .max) == .max)
    let inOneSecond = MonotonicClock.deadline(after: .seconds(1))
    #expect(inOneSecond >= now + 1_000_000_000)
    #expect(inOneSecond < MonotonicClock.now + 2_000_000_000)
    #expect(abs(MonotonicClock.seconds - Double(MonotonicClock.now) / 1e9) < 1)
  }
}
