// Tests for the clock built-ins: ImmediateClock, UnimplementedClock, TestClock (including the
// store pump API) and the `continuousClock` / `suspendingClock` dependencies.
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

@Suite struct ClocksTests {
  // MARK: ImmediateClock

  // Sleeping hours of clock time within the one-minute limit proves no real time is waited
  // (a wall-clock bound flaked under sanitizers and load).
  @Test(.timeLimit(.minutes(1)))
  func immediateClockSleepsReturnAtOnceAndAdvanceNow() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3 * 3600))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(2 * 3600)), tolerance: nil)
    #expect(clock.now.offset == .seconds(5 * 3600))
  }

  @Test func immediateClockThrowsWhenCancelled() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.now.offset == .zero)
  }

  // MARK: UnimplementedClock

  @Test func unimplementedClockReportsEachEndpointThenActsImmediately() async throws {
    let recorder = RecordingIssueReporter()
    let clock = UnimplementedClock(name: "ContinuousClock")
    let (start, resolution) = try await withIssueReporters([recorder]) {
      let start = clock.now
      let resolution = clock.minimumResolution
      try await clock.sleep(until: start.advanced(by: .seconds(1)), tolerance: nil)
      return (start, resolution)
    }
    #expect(
      recorder.messages == [
        "Unimplemented: ContinuousClock.now",
        "Unimplemented: ContinuousClock.minimumResolution",
        "Unimplemented: ContinuousClock.sleep",
      ])
    #expect(resolution == .zero)
    let end = withIssueReporters([recorder]) { clock.now }
    #expect(start.duration(to: end) == .seconds(1))
    #expect(recorder.issues.first?.fileID.hasSuffix("ClocksTests.swift") == true)
  }

  @Test func unimplementedClockDefaultNameAndBase() async throws {
    let recorder = RecordingIssueReporter()
    let base = TestClock()
    withIssueReporters([recorder]) {
      _ = UnimplementedClock().now
      _ = UnimplementedClock(base, name: "Base").now
      _ = UnimplementedClock(base).now
    }
    #expect(
      recorder.messages == [
        "Unimplemented: Clock.now", "Unimplemented: Base.now",
        "Unimplemented: TestClock<Duration>.now",
      ])
  }

  // MARK: TestClock

  @Test func testClockWakesOnlyOnceTheDeadlineIsReached() async throws {
    let clock = TestClock()
    let woke = Atomic(false)
    let task = Task {
      try await clock.sleep(for: .seconds(1))
      woke.store(true, ordering: .sequentiallyConsistent)
    }
    await waitForSleepers(1, on: clock)
    await clock.advance(by: .milliseconds(500))
    #expect(clock.sleeperCount == 1)
    #expect(clock.now.offset == .milliseconds(500))
    let wokeEarly = woke.load(ordering: .sequentiallyConsistent)
    #expect(!wokeEarly)
    await clock.advance(by: .milliseconds(500))
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(1))
    guard clock.sleeperCount == 0 else { return task.cancel() }
    try await task.value
    let wokeAtDeadline = woke.load(ordering: .sequentiallyConsistent)
    #expect(wokeAtDeadline)
  }

  @Test func advancesDeliverEachWakeUpOnceInOrder() async throws {
    let clock = TestClock()
    let ticks = Mutex<[Swift.Duration]>([])
    let task = Task {
      for _ in 1...3 {
        try await clock.sleep(for: .seconds(1))
        ticks.withLock { $0.append(clock.now.offset) }
      }
    }
    // Plain tasks run on the global pool, so whether a woken task has re-registered its next
    // sleep before the clock looks again depends on the machine's load (as with swift-clocks);
    // the single-advance guarantee is tested on a pumped executor below. Here: one wake-up per
    // second, in order, never twice.
    for _ in 1...3 {
      await waitForSleepers(1, on: clock)
      await clock.advance(by: .seconds(1))
    }
    #expect(clock.sleeperCount == 0)
    task.cancel()
    _ = await task.result
    #expect(ticks.withLock { $0 } == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now.offset == .seconds(3))
  }

  @Test func cancellingASleepingTaskThrowsCancellationError() async {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await waitForSleepers(1, on: clock)
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
    #expect(clock.nextDeadline == nil)
  }

  @Test func sleepingInACancelledTaskThrowsAtOnce() async {
    let clock = TestClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aDeadlineInThePastReturnsAtOnce() async throws {
    let clock = TestClock<Duration>(now: .init(offset: .seconds(10)))
    try await clock.sleep(until: .init(offset: .seconds(9)), tolerance: nil)
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func advanceToThePastLeavesNowUnchanged() async {
    let clock = TestClock<Duration>(now: .init(offset: .seconds(10)))
    await clock.advance(to: .init(offset: .seconds(5)))
    #expect(clock.now.offset == .seconds(10))
    clock.advanceSynchronously(by: .seconds(-1))
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func checkSuspensionThrowsWhileSomethingSleeps() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await waitForSleepers(1, on: clock)
    await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(1))
    try await clock.checkSuspension()
    try await task.value
  }

  @Test func runAdvancesUntilNoSleepIsLeft() async throws {
    let clock = TestClock()
    let ticks = Atomic(0)
    let task = Task {
      for _ in 1...10 {
        try await clock.sleep(for: .seconds(1))
        ticks.add(1, ordering: .sequentiallyConsistent)
      }
    }
    await waitForSleepers(1, on: clock)
    await clock.run(timeout: .seconds(10))
    task.cancel()
    _ = await task.result
    let tickCount = ticks.load(ordering: .sequentiallyConsistent)
    #expect(tickCount == 10)
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func runReportsSleepsStillSuspendingAfterTheTimeout() async {
    let clock = TestClock()
    let task = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await waitForSleepers(1, on: clock)
    let recorder = RecordingIssueReporter()
    await withIssueReporters([recorder]) {
      await clock.run(timeout: .milliseconds(30))
    }
    #expect(
      recorder.messages == [
        """
        Expected all sleeps to finish, but some are still suspending after 0.03 seconds.

        There are sleeps suspending. This could mean you are not advancing the test clock far \
        enough for your feature to execute its logic, or there could be a bug in your \
        feature's logic.

        You can also increase the timeout of 'run' to be greater than 0.03 seconds.
        """
      ])
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }

  // MARK: TestClock pumps

  @Test func advanceSynchronouslyPumpsAfterEveryWakeUp() async throws {
    let clock = TestClock()
    let pumpedAt = Mutex<[Swift.Duration]>([])
    let token = clock.attachPump { pumpedAt.withLock { $0.append(clock.now.offset) } }
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await waitForSleepers(1, on: clock)
    clock.advanceSynchronously(by: .seconds(2))
    #expect(pumpedAt.withLock { $0 } == [.zero, .seconds(1), .seconds(2)])
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(2))
    clock.detachPump(token)
    clock.advanceSynchronously(by: .seconds(1))
    #expect(pumpedAt.withLock { $0 }.count == 3)
    try await task.value
  }

  @Test func aStoreExecutorTimerTicksOncePerSecondOfAdvance() {
    let clock = TestClock()
    let executor = ManualTaskExecutor()
    let ticks = Mutex<[Swift.Duration]>([])
    let token = clock.attachPump { executor.runUntilIdle() }
    defer { clock.detachPump(token) }
    let task = Task(executorPreference: executor) {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.withLock { $0.append(clock.now.offset) }
      }
    }
    executor.runUntilIdle()
    #expect(clock.sleeperCount == 1)
    #expect(clock.nextDeadline == .init(offset: .seconds(1)))
    clock.advanceSynchronously(by: .seconds(3))
    #expect(ticks.withLock { $0 } == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.nextDeadline == .init(offset: .seconds(4)))
    clock.advanceSynchronously(by: .milliseconds(500))
    #expect(ticks.withLock { $0 }.count == 3)
    task.cancel()
    executor.runUntilIdle()
    #expect(clock.sleeperCount == 0)
  }

  @Test func asyncAdvancePumpsAStoreExecutorToo() async {
    let clock = TestClock()
    let executor = ManualTaskExecutor()
    let ticks = Mutex<[Swift.Duration]>([])
    let token = clock.attachPump { executor.runUntilIdle() }
    defer { clock.detachPump(token) }
    let task = Task(executorPreference: executor) {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.withLock { $0.append(clock.now.offset) }
      }
    }
    await clock.advance(by: .seconds(2))
    #expect(ticks.withLock { $0 } == [.seconds(1), .seconds(2)])
    #expect(clock.nextDeadline == .init(offset: .seconds(3)))
    task.cancel()
    executor.runUntilIdle()
    #expect(clock.sleeperCount == 0)
  }

  @Test func endlessZeroSleepsAreReportedInsteadOfHanging() {
    let clock = TestClock()
    let executor = ManualTaskExecutor()
    let token = clock.attachPump { executor.runUntilIdle() }
    defer { clock.detachPump(token) }
    let task = Task(executorPreference: executor) {
      while true { try await clock.sleep(for: .zero) }
    }
    executor.runUntilIdle()
    let recorder = RecordingIssueReporter()
    withIssueReporters([recorder]) { clock.advanceSynchronously(by: .seconds(1)) }
    #expect(
      recorder.messages == [
        """
        TestClock stopped advancing at 0.0 seconds: sleeps kept being scheduled at that same \
        instant (10000 wake-ups without time moving forward).

        To fix, make sure code that sleeps in a loop sleeps for a positive duration.
        """
      ])
    #expect(clock.now.offset == .zero)
    task.cancel()
    executor.runUntilIdle()
  }

  // MARK: continuousClock / suspendingClock

  @Test func unoverriddenClocksReportInTheTestContext() async throws {
    let recorder = RecordingIssueReporter()
    try await withIssueReporters([recorder]) {
      try await withDependencies {
        $0.context = .test
        $0.useFreshCache()
      } operation: {
        @Dependency(\.continuousClock) var continuous
        @Dependency(\.suspendingClock) var suspending
        _ = continuous.now
        try await suspending.sleep(for: .seconds(1))
      }
    }
    #expect(
      recorder.messages == [
        "Unimplemented: ContinuousClock.now",
        // `sleep(for:)` reads `now` to compute its deadline, then sleeps.
        "Unimplemented: SuspendingClock.now", "Unimplemented: SuspendingClock.sleep",
      ])
  }

  @Test func liveClocksAreTheSystemClocks() {
    withDependencies {
      $0.context = .live
      $0.useFreshCache()
    } operation: {
      @Dependency(\.continuousClock) var continuous
      @Dependency(\.suspendingClock) var suspending
      #expect(continuous is ContinuousClock)
      #expect(suspending is SuspendingClock)
    }
  }

  @Test func anImmediateClockOverrideIsUsedByDependency() async throws {
    let recorder = RecordingIssueReporter()
    let clock = ImmediateClock()
    try await withIssueReporters([recorder]) {
      try await withDependencies {
        $0.context = .test
        $0.continuousClock = clock
      } operation: {
        @Dependency(\.continuousClock) var continuous
        try await continuous.sleep(for: .seconds(2))
      }
    }
    #expect(recorder.messages.isEmpty)
    #expect(clock.now.offset == .seconds(2))
  }
}

/// Yields until `count` sleeps are suspended on `clock` (bounded to about a second).
private func waitForSleepers(_ count: Int, on clock: TestClock<Duration>) async {
  let start = ContinuousClock.now
  while clock.sleeperCount < count, ContinuousClock.now - start < .seconds(5) {
    await Task.yield()
  }
}

/// A serial executor that runs jobs only when `runUntilIdle` is called, like a store's.
private final class ManualTaskExecutor: TaskExecutor, Sendable {
  private let jobs = Mutex<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
  }

  func runUntilIdle() {
    while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
