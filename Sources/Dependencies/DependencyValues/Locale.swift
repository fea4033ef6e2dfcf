// The `locale` and `preferredLocales` dependencies, as in swift-dependencies.
// `locale`, live: `Locale.autoupdatingCurrent`. `preferredLocales`, live: the user's preferred
// languages (`Locale.preferredLanguages`) as locales, read again at each use. Neither has a test
// value: read unoverridden in a test each reports "@Dependency(\.…) has no test implementation …"
// and hands out the live value.
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

  /// The user's preferred content languages, most preferred first.
  ///
  /// Unlike `locale` (the locale for formatting and regional conventions), this is the ordered
  /// list of languages content should be chosen in.
  ///
  /// ```swift
  /// @Dependency(\.preferredLocales) var preferredLocales
  /// let title = catalog.title(in: preferredLocales)
  ///
  /// // In a test:
  /// withDependencies {
  ///   $0.preferredLocales = [Locale(identifier: "es-ES")]
  /// } operation: { … }
  /// ```
  /// live: `Locale.preferredLanguages` as locales, read at each use. It has no test value: read
  /// unoverridden in the test context it reports that, and then hands out the live list.
  public var preferredLocales: [Locale] {
    get { self[PreferredLocalesKey.self].locales }
    set { self[PreferredLocalesKey.self] = PreferredLocales(constant: newValue) }
  }

  private enum PreferredLocalesKey: DependencyKey {
    typealias Value = PreferredLocales
    static let liveValue = PreferredLocales(constant: nil)
  }

  /// The preferred locales: a fixed list once set, else the system's list at each read.
  private struct PreferredLocales: Sendable {
    let constant: [Locale]?

    var locales: [Locale] {
      constant ?? Locale.preferredLanguages.map { Locale(identifier: $0) }
    }
  }
}
