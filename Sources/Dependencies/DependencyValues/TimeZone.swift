// The `timeZone` dependency: `DependencyValues.timeZone` and its key, as in swift-dependencies.
// live: `TimeZone.autoupdatingCurrent`. No test value: read unoverridden in a test it reports
// "@Dependency(\.timeZone) has no test implementation …" and hands out the live time zone.
#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization  // ICU: time zones, calendars, locales
#else
import Foundation
#endif

extension DependencyValues {
  /// The time zone features should use when handling dates.
  ///
  /// ```swift
  /// @Dependency(\.timeZone) var timeZone
  /// let offset = timeZone.secondsFromGMT(for: now)
  ///
  /// // In a test:
  /// withDependencies { $0.timeZone = TimeZone(secondsFromGMT: 0) ?? .gmt } operation: { … }
  /// ```
  /// live: `TimeZone.autoupdatingCurrent`. It has no test value: read unoverridden in the test
  /// context it reports that, and then hands out the live time zone.
  public var timeZone: TimeZone {
    get {
      let value = self[TimeZoneKey.self]
      // A read observer (a traced store's) is told (one atomic load until one is installed).
      if ReadObservers.mayObserve { noteRead("timeZone", value) }
      return value
    }
    set { self[TimeZoneKey.self] = newValue }
  }

  private enum TimeZoneKey: DependencyKey {
    typealias Value = TimeZone
    static let liveValue: TimeZone = .autoupdatingCurrent
  }
}
