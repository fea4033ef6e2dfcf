// `DependencyValues.continuousClock`, as in swift-dependencies: the clock features use where a
// `ContinuousClock` fits (time that keeps passing while the machine sleeps). Live: the system's
// `ContinuousClock`; test: an `UnimplementedClock` named "ContinuousClock".

import Clocks
extension DependencyValues {
  /// The clock features should use when a `ContinuousClock` would be appropriate.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// try await clock.sleep(for: .seconds(1))
  ///
  /// // In tests and previews, swap it for a controllable clock:
  /// withDependencies { $0.continuousClock = ImmediateClock() } operation: { … }
  /// ```
  /// Live: `ContinuousClock()`. Test: `UnimplementedClock(name: "ContinuousClock")`: unless
  /// overridden, every use reports `Unimplemented: ContinuousClock.<endpoint>` (`sleep(for:)`
  /// reports `.now`, then `.sleep`) and then returns at once, as an `ImmediateClock` would.
  /// See `suspendingClock` for a feature's `SuspendingClock`.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  private enum ContinuousClockKey: DependencyKey {
    static let liveValue: any Clock<Duration> = ContinuousClock()
    static let testValue: any Clock<Duration> = UnimplementedClock(name: "ContinuousClock")
  }
}
