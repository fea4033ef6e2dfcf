// `Clock.timer(interval:tolerance:)`, as in swift-clocks: an async sequence that yields once per
// interval of the clock's time (test clocks included), usable on `any Clock<Duration>` — the
// type `@Dependency(\.continuousClock)` has.

extension Clock where Duration: Hashable {
  /// A sequence yielding the clock's time once every `interval` until the task is cancelled.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// for await _ in clock.timer(interval: .seconds(1)) {
  ///   await send(.timerTicked)
  /// }
  /// ```
  public func timer(interval: Duration, tolerance: Duration? = nil) -> AsyncTimerSequence<Duration>
  {
    AsyncTimerSequence(clock: AnyClock(self), interval: interval, tolerance: tolerance)
  }
}

/// Yields the clock's time once per interval (see `Clock.timer(interval:)`); ends when the
/// iterating task is cancelled.
public struct AsyncTimerSequence<Duration: DurationProtocol & Hashable>: AsyncSequence, Sendable {
  /// Each element is the clock's time when the tick happened.
  public typealias Element = AnyClock<Duration>.Instant

  let clock: AnyClock<Duration>
  let interval: Duration
  let tolerance: Duration?

  /// The iterator: each `next()` sleeps until the next tick.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let clock: AnyClock<Duration>
    let interval: Duration
    let tolerance: Duration?
    var last: AnyClock<Duration>.Instant?

    /// Sleeps until one interval after the previous tick (or the start), then returns the
    /// time; nil once the task is cancelled.
    public mutating func next() async -> Element? {
      let next = (last ?? clock.now).advanced(by: interval)
      do {
        try await clock.sleep(until: next, tolerance: tolerance)
      } catch {
        return nil
      }
      last = next
      return clock.now
    }
  }

  /// Starts the timer.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(clock: clock, interval: interval, tolerance: tolerance, last: nil)
  }
}

/// A clock wrapping any clock with the same duration type (as swift-clocks' `AnyClock`): its
/// instants are offsets from the wrapped clock's time when it was wrapped.
///
/// ```swift
/// let clock = AnyClock(ContinuousClock())
/// try await clock.sleep(for: .seconds(1))
/// ```
public final class AnyClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in the wrapped clock's time: an offset from its time when it was wrapped.
  public typealias Instant = OffsetInstant<Duration>

  private let nowOffset: @Sendable () -> Duration
  private let sleepFor: @Sendable (Duration, Duration?) async throws -> Void
  private let resolution: @Sendable () -> Duration

  /// Wraps `clock`.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let start = clock.now
    self.nowOffset = { start.duration(to: clock.now) }
    self.sleepFor = { duration, tolerance in
      try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: tolerance)
    }
    self.resolution = { clock.minimumResolution }
  }

  /// The wrapped clock's time, as an offset.
  public var now: Instant { Instant(offset: nowOffset()) }

  /// The wrapped clock's resolution.
  public var minimumResolution: Duration { resolution() }

  /// Sleeps on the wrapped clock until `deadline`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepFor(now.duration(to: deadline), tolerance)
  }
}
