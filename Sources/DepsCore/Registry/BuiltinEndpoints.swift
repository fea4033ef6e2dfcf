// The built-in dependency paths every library built with the module API offers: `uuid`,
// `date.now`, the two clocks, `withRandomNumberGenerator` (alias `random`), `calendar`, `locale`
// and `timeZone` (the last three read as their identifier) — the overridable face of DepsCore's
// built-in dependencies, each observed by a store's trace. A module of its own,
// registered like any other (docs/modules.md); DepsCABI's library registers it before the
// library's own modules.
#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization  // ICU: time zones, calendars, locales
#else
import Foundation
#endif

extension DepsModule {
  /// DepsCore's built-in dependency paths (`uuid`, `date.now`, `continuousClock`,
  /// `suspendingClock`, `withRandomNumberGenerator` / `random`, `calendar`, `locale`,
  /// `timeZone`), with their presets. Registers no feature.
  public static let builtins = DepsModule(name: "builtins") { _, endpoints in
    BuiltinEndpoints.register(in: endpoints)
  }
}

enum BuiltinEndpoints {
  static func register(in registry: EndpointRegistry) {
    registerUUID(in: registry)
    registerDate(in: registry)
    observeUUIDAndDate(in: registry)
    for path in ["continuousClock", "suspendingClock"] { registerClock(path, in: registry) }
    registerRandom(in: registry)
    registerIdentifiers(in: registry)
    observeClocksRandomAndValues(in: registry)
  }

  /// The clocks' `now` and `sleep`, `withRandomNumberGenerator` calls and the reads of
  /// `calendar`, `locale` and `timeZone` in a traced store.
  private static func observeClocksRandomAndValues(in registry: EndpointRegistry) {
    registry.observeCalls("continuousClock") { values, observe in
      values.continuousClock = TracedClock(values.continuousClock, observe: observe)
    }
    registry.observeCalls("suspendingClock") { values, observe in
      values.suspendingClock = TracedClock(values.suspendingClock, observe: observe)
    }
    registry.observeCalls("withRandomNumberGenerator") { values, observe in
      values.withRandomNumberGenerator = WithRandomNumberGenerator(
        counting: values.withRandomNumberGenerator
      ) { count in
        observe(.call(arguments: "null", outcome: count == 1 ? "1 draw" : "\(count) draws"))
      }
    }
    for path in ["calendar", "locale", "timeZone"] {
      registry.observeCalls(path) { values, observe in
        values.installReadObserver(path) { value in
          observe(.read(value: readText(value)))
        }
      }
    }
  }

  /// A value built-in's read value as its trace shows it: a calendar's preset name, a locale's
  /// or time zone's identifier, as JSON text.
  private static func readText(_ value: Any) -> String {
    switch value {
    case let calendar as Calendar: return calendarName(calendar)
    case let locale as Locale: return JSONValue.string(locale.identifier).json()
    case let timeZone as TimeZone: return JSONValue.string(timeZone.identifier).json()
    default: return JSONValue.string("\(value)").json()
    }
  }

  /// The name `calendar` presets take for `calendar`'s identifier, as JSON text.
  static func calendarName(_ calendar: Calendar) -> String {
    JSONValue.string(calendarNames[calendar.identifier] ?? "\(calendar.identifier)").json()
  }

  private static let calendarNames: [Calendar.Identifier: String] = [
    .gregorian: "gregorian", .iso8601: "iso8601", .buddhist: "buddhist", .japanese: "japanese",
    .hebrew: "hebrew", .islamic: "islamic", .chinese: "chinese", .persian: "persian",
  ]

  /// `uuid()` and `date.now` calls in a traced store, whatever supplied them (a preset, an
  /// override, the context's value).
  private static func observeUUIDAndDate(in registry: EndpointRegistry) {
    registry.observeCalls("uuid") { values, observe in
      let inner = values.uuid
      values.uuid = UUIDGenerator {
        let uuid = inner()
        observe(.call(.null, .success(.string(uuid.uuidString))))
        return uuid
      }
    }
    registry.observeCalls("date.now") { values, observe in
      let inner = values.date
      values.date = DateGenerator {
        let now = inner.now
        observe(.call(.null, .success(.double(now.timeIntervalSince1970))))
        return now
      }
    }
  }

  /// The message of an override's failure where the built-in cannot throw.
  private static func overrideFailure(_ error: any Error) -> String {
    switch error {
    case let error as BridgeError: error.message
    case let error as EndpointError: error.message
    default: "\(error)"
    }
  }

  private static func registerUUID(in registry: EndpointRegistry) {
    registry.register(
      "uuid", input: "null", output: "uuid", contexts: [.live],
      presets: ["\"incrementing\"", "a UUID string"],
      function: { values, foreign in
        values.uuid = UUIDGenerator {
          do {
            return try DynamicCoding.decodeResult(UUID.self, of: "uuid", from: foreign(.null))
          } catch {
            // `uuid()` cannot throw: the wrong value is the test's failure, named.
            reportIssue(overrideFailure(error))
            return UUID(0)
          }
        }
      },
      preset: { values, preset throws(BridgeError) in
        if case .string("incrementing") = preset {
          values.uuid = .incrementing
        } else if case .string(let text) = preset, let uuid = UUID(uuidString: text) {
          values.uuid = .constant(uuid)
        } else {
          throw BridgeError(
            .decode,
            "expected \"incrementing\" or a UUID string for uuid, got "
              + ValueError.excerpt(of: preset))
        }
      },
      invoke: { _ in
        @Dependency(\.uuid) var uuid
        return .string(uuid().uuidString)
      })
  }

  private static func registerDate(in registry: EndpointRegistry) {
    registry.register(
      "date.now", input: "null", output: "number (seconds since 1970)", contexts: [.live],
      presets: ["a number (seconds since 1970)"],
      function: { values, foreign in
        values.date = DateGenerator {
          do {
            let output = try foreign(.null)
            guard let seconds = output.doubleValue else {
              reportIssue(
                "override of date.now returned the wrong type: expected a number (seconds "
                  + "since 1970), got " + ValueError.excerpt(of: output))
              return Date(timeIntervalSince1970: 0)
            }
            return Date(timeIntervalSince1970: seconds)
          } catch {
            reportIssue(overrideFailure(error))
            return Date(timeIntervalSince1970: 0)
          }
        }
      },
      preset: { values, preset throws(BridgeError) in
        guard let seconds = preset.doubleValue, seconds.isFinite else {
          throw BridgeError(
            .decode,
            "expected a number of seconds since 1970 for date.now, got "
              + ValueError.excerpt(of: preset))
        }
        values.date = .constant(Date(timeIntervalSince1970: seconds))
      },
      invoke: { _ in
        @Dependency(\.date.now) var now
        return .double(now.timeIntervalSince1970)
      })
  }

  private static func registerClock(_ path: String, in registry: EndpointRegistry) {
    let keyPath: WritableKeyPath<DependencyValues, any Clock<Duration>> & Sendable =
      path == "continuousClock" ? \.continuousClock : \.suspendingClock
    registry.register(
      path, input: "null", output: "clock", contexts: [.live],
      presets: ["\"immediate\"", "\"test\"", "\"live\""],
      function: nil,
      preset: { values, preset throws(BridgeError) in
        switch preset {
        case .string("immediate"): values[keyPath: keyPath] = ImmediateClock()
        case .string("test"): values[keyPath: keyPath] = TestClock()
        case .string("live"):
          values[keyPath: keyPath] =
            path == "continuousClock"
            ? ContinuousClock() as any Clock<Duration>
            : SuspendingClock()
        default:
          throw BridgeError(
            .decode,
            "expected \"immediate\", \"test\" or \"live\" for \(path), got "
              + ValueError.excerpt(of: preset))
        }
      },
      invoke: nil)
  }

  private static func registerRandom(in registry: EndpointRegistry) {
    registry.register(
      "withRandomNumberGenerator", input: "null", output: "integer", contexts: [.live],
      presets: [#"{"seed": n}"#],
      function: nil,
      preset: { values, preset throws(BridgeError) in
        guard let seed = preset["seed"]?.intValue, preset.objectValue?.count == 1 else {
          throw BridgeError(
            .decode,
            #"expected {"seed": integer} for withRandomNumberGenerator, got "#
              + ValueError.excerpt(of: preset))
        }
        values.withRandomNumberGenerator = WithRandomNumberGenerator(
          LCRNG(seed: UInt64(truncatingIfNeeded: seed)))
      },
      invoke: { _ in
        @Dependency(\.withRandomNumberGenerator) var random
        return .int(random { Int.random(in: 0...Int(Int32.max), using: &$0) })
      })
    registry.alias("random", for: "withRandomNumberGenerator")
  }

  private static func registerIdentifiers(in registry: EndpointRegistry) {
    registry.register(
      "calendar", input: "null", output: "string", contexts: [.live],
      presets: ["a calendar identifier (\"gregorian\", \"iso8601\", …)"], function: nil,
      preset: { values, preset throws(BridgeError) in
        guard let name = preset.stringValue, let identifier = calendarIdentifier(name) else {
          throw BridgeError(
            .decode,
            "expected a calendar identifier for calendar, got " + ValueError.excerpt(of: preset))
        }
        guard ICU.isAvailable || identifier == .gregorian || identifier == .iso8601 else {
          throw BridgeError(
            .decode,
            "the \(name) calendar \(ICU.missing); \"gregorian\" and \"iso8601\" work")
        }
        values.calendar = Calendar(identifier: identifier)
      },
      invoke: { _ in
        @Dependency(\.calendar) var calendar
        return .string(calendarNames[calendar.identifier] ?? "\(calendar.identifier)")
      })
    registry.register(
      "locale", input: "null", output: "string", contexts: [.live],
      presets: ["a locale identifier (\"en_US\", …)"], function: nil,
      preset: { values, preset throws(BridgeError) in
        guard let name = preset.stringValue else {
          throw BridgeError(
            .decode,
            "expected a locale identifier for locale, got " + ValueError.excerpt(of: preset))
        }
        guard ICU.isAvailable else {
          throw BridgeError(.decode, "the locale \"\(name)\" \(ICU.missing)")
        }
        values.locale = Locale(identifier: name)
      },
      invoke: { _ in
        @Dependency(\.locale) var locale
        return .string(locale.identifier)
      })
    registry.register(
      "timeZone", input: "null", output: "string", contexts: [.live],
      presets: ["a time zone identifier (\"UTC\", \"Europe/Paris\", …)"], function: nil,
      preset: { values, preset throws(BridgeError) in
        if let name = preset.stringValue, TimeZone(identifier: name) == nil, !ICU.isAvailable {
          throw BridgeError(
            .decode, "the time zone \"\(name)\" \(ICU.missing); \"GMT\" works")
        }
        guard let name = preset.stringValue, let zone = TimeZone(identifier: name) else {
          throw BridgeError(
            .decode,
            "expected a time zone identifier for timeZone, got "
              + ValueError.excerpt(of: preset))
        }
        values.timeZone = zone
      },
      invoke: { _ in
        @Dependency(\.timeZone) var timeZone
        return .string(timeZone.identifier)
      })
  }

  private static func calendarIdentifier(_ name: String) -> Calendar.Identifier? {
    switch name {
    case "gregorian": .gregorian
    case "iso8601": .iso8601
    case "buddhist": .buddhist
    case "japanese": .japanese
    case "hebrew": .hebrew
    case "islamic": .islamic
    case "chinese": .chinese
    case "persian": .persian
    default: nil
    }
  }
}
