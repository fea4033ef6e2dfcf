// `TestClock`, as in swift-clocks: a clock whose time moves only when a test advances it.
// Deps adds one thing: stores run effects on an executor of their own that only runs when
// pumped (docs/architecture.md, "The concurrency rule"), so a store using this clock attaches a pump
// and every wake-up is followed by a pump, letting woken effects run and sleep again before the
// clock looks for the next deadline. The lock guards the clock's state only: continuations are
// resumed and pumps called after it is released.
import DepsConcurrency
import IssueReporting
import Synchronization

/// A clock whose time can be controlled in a deterministic manner.
///
/// ```swift
/// let clock = TestClock()
/// let task = Task { try await clock.sleep(for: .seconds(1)); print("woke") }
/// await clock.advance(by: .milliseconds(500))  // still asleep
/// await clock.advance(by: .milliseconds(500))  // prints "woke"
/// ```
/// A sleep suspends until the clock is advanced to its deadline; cancelling the sleeping task
/// makes it throw `CancellationError` at once.
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in the clock's time: an offset from its origin.
  ///
  /// ```swift
  /// let deadline = TestClock<Duration>.Instant(offset: .seconds(1))
  /// ```
  public typealias Instant = OffsetInstant<Duration>

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: UnsafeContinuation<Void, any Error>
  }

  private struct State {
    var now: Instant
    var minimumResolution: Duration = .zero
    /// Suspended sleeps, in the order they started.
    var sleepers: [Sleeper] = []
    var lastSleeperID: UInt64 = 0
    /// Sleeps woken by an advance whose task has not run past the wake-up yet.
    var unacknowledgedWakes: Set<UInt64> = []
    var pumps: [(token: TestClockPumpToken, pump: @Sendable () -> Void)] = []
    var lastPumpID: UInt64 = 0
  }

  private let state: Mutex<State>

  /// Wake-ups at one instant after which an advance gives up (a loop sleeping for zero).
  private static var maximumWakeUpsPerInstant: Int { 10_000 }

  /// Creates a test clock whose time starts at `now`.
  ///
  /// ```swift
  /// let clock = TestClock<Duration>(now: .init(offset: .seconds(60)))
  /// ```
  public init(now: Instant = .init()) {
    state = Mutex(State(now: now))
  }

  /// The current instant; it changes only when the clock is advanced.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(2))
  /// clock.now.offset  // 2 seconds
  /// ```
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The clock's resolution (zero unless set).
  ///
  /// ```swift
  /// TestClock().minimumResolution  // .zero
  /// ```
  public var minimumResolution: Duration {
    get { state.withLock { $0.minimumResolution } }
    set { state.withLock { $0.minimumResolution = newValue } }
  }

  /// Suspends until the clock is advanced to `deadline`; a deadline already in the past returns
  /// at once. Throws `CancellationError` as soon as the sleeping task is cancelled.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
  /// ```
  /// - Parameters:
  ///   - deadline: the instant to wake up at.
  ///   - tolerance: ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      state.lastSleeperID += 1
      return state.lastSleeperID
    }
    do {
      try await withTaskCancellationHandler {
        try await withUnsafeThrowingContinuation { continuation in
          let outcome: Result<Void, any Error>? = state.withLock { state in
            if Task.isCancelled { return .failure(CancellationError()) }
            if deadline < state.now { return .success(()) }
            state.sleepers.append(
              Sleeper(id: id, deadline: deadline, continuation: continuation))
            return nil
          }
          if let outcome { continuation.resume(with: outcome) }
        }
      } onCancel: {
        let cancelled = state.withLock { state -> Sleeper? in
          guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
          return state.sleepers.remove(at: index)
        }
        cancelled?.continuation.resume(throwing: CancellationError())
      }
    } catch {
      acknowledgeWake(id)
      throw error
    }
    acknowledgeWake(id)
    try Task.checkCancellation()
  }

  /// Throws `SuspensionError` if any sleep is still suspended on the clock, after letting other
  /// tasks run.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// try await clock.checkSuspension()  // throws if something still sleeps
  /// ```
  public func checkSuspension() async throws {
    await ClockYield.megaYield()
    guard state.withLock({ $0.sleepers.isEmpty }) else { throw SuspensionError() }
  }

  /// Advances the clock by `duration`, waking every sleep due on the way in deadline order.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(3))  // a 1-second timer ticks three times
  /// ```
  /// After each wake-up the clock calls every attached store pump and lets other tasks run, so
  /// woken work may schedule new sleeps that are also due before the target.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: state.withLock { $0.now.advanced(by: duration) })
  }

  /// Advances the clock to `deadline`, waking every sleep due on the way in deadline order.
  /// A deadline in the past leaves `now` unchanged.
  ///
  /// ```swift
  /// await clock.advance(to: .init(offset: .seconds(10)))
  /// ```
  public func advance(to deadline: Instant) async {
    await ClockYield.megaYield()
    runPumps()
    var count = WakeUpCount(instant: now)
    advancing: while true {
      switch wakeNextAndPump(upTo: deadline, &count) {
      case .woke:
        await waitForWokenTasks()
        await ClockYield.megaYield()
      case .noneDue: break advancing
      case .stopped: return
      }
    }
    moveNow(to: deadline)
    runPumps()
    await ClockYield.megaYield()
  }

  /// Advances the clock until no sleep is left, reporting an issue (and cancelling the sleeps)
  /// if that takes longer than `timeout` of real time, e.g. for an endless timer.
  ///
  /// ```swift
  /// model.startTimerButtonTapped()  // a timer that ticks ten times
  /// await clock.run()
  /// ```
  /// - Parameters:
  ///   - duration: the real time allowed for all sleeps to finish.
  ///   - fileID: where the issue points (default: the caller).
  ///   - filePath: its `#filePath`.
  ///   - line: its `#line`.
  ///   - column: its `#column`.
  public func run(
    timeout duration: Swift.Duration = .milliseconds(500),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let end = MonotonicClock.deadline(after: duration)
    await ClockYield.megaYield()
    while let deadline = nextDeadline, !Task.isCancelled {
      guard MonotonicClock.now < end else {
        cancelAllSleepers()
        reportIssue(
          """
          Expected all sleeps to finish, but some are still suspending after \(duration).

          There are sleeps suspending. This could mean you are not advancing the test clock far \
          enough for your feature to execute its logic, or there could be a bug in your \
          feature's logic.

          You can also increase the timeout of 'run' to be greater than \(duration).
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      await advance(to: deadline)
    }
  }

  // MARK: - Store pumps (package API)

  /// Attaches `pump`, a synchronous call that runs a store's executor until it is idle; the
  /// clock calls it (without holding its lock) after every wake-up and at the start and end of
  /// every advance. Returns the token that detaches it.
  ///
  /// ```swift
  /// let token = clock.attachPump { executor.runUntilIdle() }
  /// defer { clock.detachPump(token) }
  /// ```
  package func attachPump(_ pump: @escaping @Sendable () -> Void) -> TestClockPumpToken {
    state.withLock { state in
      state.lastPumpID += 1
      let token = TestClockPumpToken(id: state.lastPumpID)
      state.pumps.append((token: token, pump: pump))
      return token
    }
  }

  /// Detaches the pump `token` names; unknown or already detached tokens are ignored.
  ///
  /// ```swift
  /// clock.detachPump(token)
  /// ```
  package func detachPump(_ token: TestClockPumpToken) {
    state.withLock { state in state.pumps.removeAll { $0.token == token } }
  }

  /// Advances the clock by `duration` without suspending, for callers outside async code (the
  /// C and Lua fronts): pumps, then for each earliest deadline not after the target sets `now`
  /// to it, resumes every sleep due then and pumps; finally sets `now` to the target and pumps.
  /// Sleeps of tasks that no pump drives wake but run later, on their own executors.
  ///
  /// ```swift
  /// clock.advanceSynchronously(by: .seconds(3))  // a store's 1-second timer ticks 3 times
  /// ```
  package func advanceSynchronously(by duration: Duration) {
    advanceSynchronously(to: state.withLock { $0.now.advanced(by: duration) })
  }

  /// `advanceSynchronously(by:)` to an instant; a deadline in the past leaves `now` unchanged.
  ///
  /// ```swift
  /// clock.advanceSynchronously(to: .init(offset: .seconds(5)))
  /// ```
  package func advanceSynchronously(to deadline: Instant) {
    runPumps()
    var count = WakeUpCount(instant: now)
    advancing: while true {
      switch wakeNextAndPump(upTo: deadline, &count) {
      case .woke: continue
      case .noneDue: break advancing
      case .stopped: return
      }
    }
    moveNow(to: deadline)
    runPumps()
  }

  /// How many sleeps are suspended on the clock right now.
  ///
  /// ```swift
  /// if clock.sleeperCount > 0 { … }  // an effect is waiting for time to pass
  /// ```
  package var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// The earliest deadline of the suspended sleeps, or nil when none is suspended.
  ///
  /// ```swift
  /// if let next = clock.nextDeadline { clock.advanceSynchronously(to: next) }
  /// ```
  package var nextDeadline: Instant? {
    state.withLock { state in state.sleepers.lazy.map(\.deadline).min() }
  }

  // MARK: - Internals

  /// Removes the sleeps due at the earliest deadline not after `target` and moves `now` to that
  /// deadline; nil when no sleep is due by `target`.
  private func wakeNext(upTo target: Instant) -> (instant: Instant, sleepers: [Sleeper])? {
    state.withLock { state in
      guard let next = state.sleepers.lazy.map(\.deadline).min(), next <= target else {
        return nil
      }
      if state.now < next { state.now = next }
      let due = state.sleepers.filter { $0.deadline <= next }
      state.sleepers.removeAll { $0.deadline <= next }
      for sleeper in due { state.unacknowledgedWakes.insert(sleeper.id) }
      return (instant: next, sleepers: due)
    }
  }

  private func moveNow(to deadline: Instant) {
    state.withLock { state in
      if state.now < deadline { state.now = deadline }
    }
  }

  /// Wake-ups seen at one instant, to stop an endless chain of zero-length sleeps.
  private struct WakeUpCount {
    var instant: Instant
    var count = 0
  }

  private enum WakeStep { case woke, noneDue, stopped }

  /// One step of an advance: wakes the sleepers due next (up to `deadline`) and runs the
  /// pumps; `.stopped` (reported) when too many wake-ups happen without time moving forward.
  private func wakeNextAndPump(upTo deadline: Instant, _ count: inout WakeUpCount) -> WakeStep {
    guard let woken = wakeNext(upTo: deadline) else { return .noneDue }
    if woken.instant == count.instant {
      count.count += 1
      if count.count > Self.maximumWakeUpsPerInstant {
        reportEndlessWakeUps(at: woken.instant)
        return .stopped
      }
    } else {
      count = WakeUpCount(instant: woken.instant, count: 1)
    }
    for sleeper in woken.sleepers { sleeper.continuation.resume() }
    runPumps()
    return .woke
  }

  private func runPumps() {
    let pumps = state.withLock { state in state.pumps.map(\.pump) }
    for pump in pumps { pump() }
  }

  private func acknowledgeWake(_ id: UInt64) {
    _ = state.withLock { state in state.unacknowledgedWakes.remove(id) }
  }

  /// Lets other tasks run until every woken sleep has returned to its task. Bounded: at least
  /// 200 hops, extended up to one second of real time when the machine is busy (a sleep on an
  /// executor nobody pumps may stay unacknowledged).
  private func waitForWokenTasks() async {
    let end = MonotonicClock.deadline(after: .seconds(1))
    var hops = 0
    while !state.withLock({ $0.unacknowledgedWakes.isEmpty }) {
      if hops >= 200 && MonotonicClock.now > end { return }
      await ClockYield.megaYield(count: 1)
      hops += 1
    }
  }

  private func cancelAllSleepers() {
    let sleepers = state.withLock { state in
      let sleepers = state.sleepers
      state.sleepers.removeAll()
      return sleepers
    }
    for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
  }

  private func reportEndlessWakeUps(at instant: Instant) {
    reportIssue(
      """
      TestClock stopped advancing at \(instant.offset): sleeps kept being scheduled at that \
      same instant (\(Self.maximumWakeUpsPerInstant) wake-ups without time moving forward).

      To fix, make sure code that sleeps in a loop sleeps for a positive duration.
      """)
  }
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a test clock measured in `Swift.Duration`, starting at offset zero.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// withDependencies { $0.continuousClock = clock } operation: { … }
  /// ```
  public convenience init() {
    self.init(now: .init())
  }
}

/// Thrown by `TestClock.checkSuspension()` when sleeps are still suspended on the clock.
///
/// ```swift
/// do { try await clock.checkSuspension() } catch is SuspensionError { … }
/// ```
public struct SuspensionError: Error {}

/// Names a pump attached to a `TestClock` with `attachPump`, for `detachPump`.
///
/// ```swift
/// let token = clock.attachPump { executor.runUntilIdle() }
/// clock.detachPump(token)
/// ```
package struct TestClockPumpToken: Hashable, Sendable {
  let id: UInt64
}
