// The `calendar` dependency: `DependencyValues.calendar` and its key, as in swift-dependencies.
// live: `Calendar.autoupdatingCurrent`. No test value: read unoverridden in a test it reports
// "@Dependency(\.calendar) has no test implementation …" and hands out the live calendar.
#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization  // ICU: time zones, calendars, locales
#else
import Foundation
#endif

extension DependencyValues {
  /// The calendar features should use when handling dates.
  ///
  /// ```swift
  /// @Dependency(\.calendar) var calendar
  /// let startOfDay = calendar.startOfDay(for: now)
  ///
  /// // In a test:
  /// withDependencies { $0.calendar = Calendar(identifier: .gregorian) } operation: { … }
  /// ```
  /// live: `Calendar.autoupdatingCurrent`. It has no test value: read unoverridden in the test
  /// context it reports that, and then hands out the live calendar.
  public var calendar: Calendar {
    get {
      let value = self[CalendarKey.self]
      // A read observer (a traced store's) is told (one atomic load until one is installed).
      if ReadObservers.mayObserve { noteRead("calendar", value) }
      return value
    }
    set { self[CalendarKey.self] = newValue }
  }

  private enum CalendarKey: DependencyKey {
    typealias Value = Calendar
    static let liveValue: Calendar = .autoupdatingCurrent
  }
}
