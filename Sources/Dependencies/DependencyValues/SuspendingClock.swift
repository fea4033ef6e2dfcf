// `DependencyValues.suspendingClock`, as in swift-dependencies: the clock features use where a
// `SuspendingClock` fits (time that stops while the machine sleeps). Live: the system's
// `SuspendingClock`; test: an `UnimplementedClock` named "SuspendingClock".

import Clocks
extension DependencyValues {
  /// The clock features should use when a `SuspendingClock` would be appropriate.
  ///
  /// ```swift
  /// @Dependency(\.suspendingClock) var clock
  /// try await clock.sleep(for: .seconds(1))
  ///
  /// // In tests and previews, swap it for a controllable clock:
  /// withDependencies { $0.suspendingClock = ImmediateClock() } operation: { … }
  /// ```
  /// Live: `SuspendingClock()`. Test: `UnimplementedClock(name: "SuspendingClock")`: unless
  /// overridden, every use reports `Unimplemented: SuspendingClock.<endpoint>` (`sleep(for:)`
  /// reports `.now`, then `.sleep`) and then returns at once, as an `ImmediateClock` would.
  /// See `continuousClock` for a feature's `ContinuousClock`.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }

  private enum SuspendingClockKey: DependencyKey {
    static let liveValue: any Clock<Duration> = SuspendingClock()
    static let testValue: any Clock<Duration> = UnimplementedClock(name: "SuspendingClock")
  }
}
