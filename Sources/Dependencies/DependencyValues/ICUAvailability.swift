// Whether ICU (FoundationInternationalization) is in the process. It always is in the debug
// build, in Swift programs importing Foundation and in the default install; a library installed
// with `scripts/install --without-icu` leaves it out to stay small, and then FoundationEssentials
// knows only the time zone "GMT", only the gregorian and iso8601 calendars (the others trap), and
// no locale data. The calendar, locale and timeZone presets check this and refuse what needs ICU
// with a message, instead of crashing or silently answering wrong. See docs/embedding.md.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

package enum ICU {
  /// True when ICU's time zones, calendars and locales are available.
  package static let isAvailable: Bool = TimeZone(identifier: "America/New_York") != nil

  /// The explanation appended to a refused preset.
  package static let missing =
    "needs ICU, which this libDeps.so was built without (scripts/install --without-icu)"
}
