// The `locale` dependency: `DependencyValues.locale` and its key, as in swift-dependencies.
// live: `Locale.autoupdatingCurrent`. No test value: read unoverridden in a test it reports
// "@Dependency(\.locale) has no test implementation …" and hands out the live locale.
#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization  // ICU: time zones, calendars, locales
#else
import Foundation
#endif

extension DependencyValues {
  /// The locale features should use.
  ///
  /// ```swift
  /// @Dependency(\.locale) var locale
  /// let text = amount.formatted(.number.locale(locale))
  ///
  /// // In a test:
  /// withDependencies { $0.locale = Locale(identifier: "en_US") } operation: { … }
  /// ```
  /// live: `Locale.autoupdatingCurrent`. It has no test value: read unoverridden in the test
  /// context it reports that, and then hands out the live locale.
  public var locale: Locale {
    get {
      let value = self[LocaleKey.self]
      // A read observer (a traced store's) is told (one atomic load until one is installed).
      if ReadObservers.mayObserve { noteRead("locale", value) }
      return value
    }
    set { self[LocaleKey.self] = newValue }
  }

  private enum LocaleKey: DependencyKey {
    typealias Value = Locale
    static let liveValue: Locale = .autoupdatingCurrent
  }
}
