// The instant type of the clocks Deps provides (`TestClock`, `ImmediateClock`,
// `UnimplementedClock`, `AnyClock`): a duration from the clock's origin. Each clock names it
// `Instant`, as swift-clocks' clocks do.

/// A point in a clock's time, measured as an offset from the clock's origin.
///
/// ```swift
/// let deadline = TestClock<Duration>.Instant(offset: .seconds(1))
/// deadline.advanced(by: .seconds(2)).offset  // 3 seconds
/// ```
/// `TestClock.Instant`, `ImmediateClock.Instant`, `UnimplementedClock.Instant` and
/// `AnyClock.Instant` all name this type.
public struct OffsetInstant<Duration: DurationProtocol & Hashable>: InstantProtocol {
  /// The distance from the clock's origin.
  public var offset: Duration

  /// Creates an instant at `offset` from the origin.
  ///
  /// ```swift
  /// let clock = TestClock(now: .init(offset: .seconds(10)))
  /// ```
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  /// The instant `duration` after this one.
  ///
  /// ```swift
  /// OffsetInstant<Duration>().advanced(by: .seconds(1)).offset  // 1 second
  /// ```
  public func advanced(by duration: Duration) -> Self {
    Self(offset: offset + duration)
  }

  /// The duration from this instant to `other`.
  ///
  /// ```swift
  /// let start = OffsetInstant<Duration>()
  /// start.duration(to: start.advanced(by: .seconds(3)))  // 3 seconds
  /// ```
  public func duration(to other: Self) -> Duration {
    other.offset - offset
  }

  /// Orders instants by offset.
  ///
  /// ```swift
  /// OffsetInstant<Duration>() < .init(offset: .seconds(1))  // true
  /// ```
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.offset < rhs.offset
  }
}
