// `ImmediateClock`, as in swift-clocks: a clock whose sleeps never suspend. Sleeping moves `now`
// to the deadline and returns at once (after a cancellation check), so time-based code runs
// instantly in previews and tests. Edit here only for that clock's behaviour.
import DepsConcurrency
import Synchronization

/// A clock that does not suspend when sleeping: all of time is squashed into one instant.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(5))  // returns at once
/// clock.now.offset                         // 5 seconds
/// ```
/// Use it where a real clock would make you wait, e.g. `$0.continuousClock = ImmediateClock()`.
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in the clock's time: an offset from its origin.
  ///
  /// ```swift
  /// let later = ImmediateClock<Duration>.Instant(offset: .seconds(1)).advanced(by: .seconds(2))
  /// ```
  public typealias Instant = OffsetInstant<Duration>

  private struct State {
    var now: Instant
    var minimumResolution: Duration
  }

  private let state: Mutex<State>

  /// Creates a clock whose time starts at `now`.
  ///
  /// ```swift
  /// let clock = ImmediateClock<Duration>(now: .init(offset: .seconds(60)))
  /// ```
  public init(now: Instant = .init()) {
    state = Mutex(State(now: now, minimumResolution: .zero))
  }

  /// The current instant; every sleep moves it to the sleep's deadline.
  ///
  /// ```swift
  /// let clock = ImmediateClock()
  /// try await clock.sleep(for: .seconds(1))
  /// clock.now.offset  // 1 second
  /// ```
  public var now: Instant {
    get { state.withLock { $0.now } }
    set { state.withLock { $0.now = newValue } }
  }

  /// The clock's resolution (zero unless set).
  ///
  /// ```swift
  /// ImmediateClock().minimumResolution  // .zero
  /// ```
  public var minimumResolution: Duration {
    get { state.withLock { $0.minimumResolution } }
    set { state.withLock { $0.minimumResolution = newValue } }
  }

  /// Throws `CancellationError` if the task is cancelled, else sets `now` to `deadline`, yields
  /// once so other work on the same executor may run, and returns without waiting.
  ///
  /// ```swift
  /// try await ImmediateClock().sleep(until: .init(offset: .seconds(1)), tolerance: nil)
  /// ```
  /// - Parameters:
  ///   - deadline: the instant `now` becomes.
  ///   - tolerance: ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    state.withLock { $0.now = deadline }
    // One yield on the sleeping task's own executor: inside a store that is the store's serial
    // executor, so the effect never waits for the global pool (which may be busy or starved).
    await Task.yield()
  }
}

extension ImmediateClock where Duration == Swift.Duration {
  /// Creates an immediate clock measured in `Swift.Duration`, starting at offset zero.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ImmediateClock()
  /// ```
  public convenience init() {
    self.init(now: .init())
  }
}

extension Clock where Self == ImmediateClock<Swift.Duration> {
  /// A clock that does not suspend when sleeping.
  ///
  /// ```swift
  /// let clock = .immediate as ImmediateClock<Duration>
  /// ```
  /// In an existential context write `ImmediateClock()` instead of `.immediate`.
  public static var immediate: Self {
    ImmediateClock()
  }
}
