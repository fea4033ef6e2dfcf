// The built-in catalogue, registered with the Bridge: the five seed features and every
// built-in dependency path (API.md §2). The fronts reach the catalogue only through here.
#if canImport(FoundationEssentials)
import FoundationEssentials
import FoundationInternationalization  // ICU: time zones, calendars, locales
#else
import Foundation
#endif

enum Catalogue {
  static func registerFeatures(in registry: FeatureRegistry) {
    let result = #"{"success":string} | {"failure":string}"#
    registry.register(
      name: "Counter",
      summary: "Counts taps; the delayed increment waits on delayClient.wait (live only).",
      actions: [
        ActionDescriptor("incrementButtonTapped"), ActionDescriptor("decrementButtonTapped"),
        ActionDescriptor("delayedIncrementButtonTapped"),
        ActionDescriptor("delayedIncrementFinished"),
      ],
      dependencies: ["delayClient.wait", "continuousClock"],
      initialState: Counter.State(), codec: .codable, reducer: { Counter() })
    registry.register(
      name: "NumberFact",
      summary: "A counter that fetches a fact about its number through numberFact.fetch.",
      actions: [
        ActionDescriptor("incrementButtonTapped"), ActionDescriptor("decrementButtonTapped"),
        ActionDescriptor("numberFactButtonTapped"),
        ActionDescriptor("numberFactResponse", payload: result),
      ],
      dependencies: ["numberFact.fetch"],
      initialState: NumberFact.State(), codec: .codable, reducer: { NumberFact() })
    let todosActions = [
      ActionDescriptor("addButtonTapped"),
      ActionDescriptor("titleChanged", payload: #"{"id":uuid,"title":string}"#),
      ActionDescriptor("deleteButtonTapped", payload: #"{"id":uuid}"#),
    ]
    registry.register(
      name: "Todos",
      summary: "A todo list; new todos take uuid() and date.now and are saved to userDefaults.",
      actions: todosActions,
      dependencies: ["uuid", "date.now", "userDefaults"],
      initialState: Todos.State(), codec: .codable, reducer: { Todos() })
    registry.register(
      name: "Timer",
      summary: "Ticks every second on continuousClock while running (a cancellable effect).",
      actions: [ActionDescriptor("toggleButtonTapped"), ActionDescriptor("timerTicked")],
      dependencies: ["continuousClock"],
      initialState: TimerFeature.State(), codec: .codable, reducer: { TimerFeature() })
    registry.register(
      name: "App",
      summary: "Todos plus a tutorial sandbox whose userDefaults is an in-memory mock.",
      actions: [
        ActionDescriptor("todos", payload: "a Todos action"),
        ActionDescriptor("tutorialButtonTapped"),
        ActionDescriptor("tutorial", payload: "a Todos action"),
        ActionDescriptor("tutorialDismissed"),
      ],
      dependencies: ["uuid", "date.now", "userDefaults"],
      initialState: AppFeature.State(), codec: .codable, reducer: { AppFeature() })
  }

  static func registerEndpoints(in registry: EndpointRegistry) {
    registry.register("numberFact.fetch", \.numberFact.fetch)
    registry.markUnimplementedInTests("numberFact.fetch")
    registry.register("delayClient.wait", \.delayClient.wait, contexts: [.live])
    registerUUID(in: registry)
    registerDate(in: registry)
    for path in ["continuousClock", "suspendingClock"] { registerClock(path, in: registry) }
    registerRandom(in: registry)
    registerUserDefaults(in: registry)
    registerUserDefaultsAccess(in: registry)
    registerIdentifiers(in: registry)
  }

  private static func registerUUID(in registry: EndpointRegistry) {
    registry.register(
      "uuid", input: "null", output: "uuid", contexts: [.live],
      presets: ["\"incrementing\"", "a UUID string"],
      function: { values, foreign in
        values.uuid = UUIDGenerator {
          (try? DynamicCoding.decode(UUID.self, from: foreign(.null))) ?? UUID(0)
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
          let seconds = (try? foreign(.null))?.doubleValue ?? 0
          return Date(timeIntervalSince1970: seconds)
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
            path == "continuousClock" ? ContinuousClock() as any Clock<Duration>
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

  private static func registerUserDefaults(in registry: EndpointRegistry) {
    registry.register(
      "userDefaults", input: "null", output: "a string-keyed store of JSON values",
      presets: ["\"memory\"", "an object of initial contents (in memory)"],
      function: nil,
      preset: { values, preset throws(BridgeError) in
        switch preset {
        case .string("memory"): values.userDefaults = .inMemory()
        case .object(let object):
          var contents: [String: Value] = [:]
          for (key, value) in object { contents[key] = value }
          values.userDefaults = .inMemory(contents)
        default:
          throw BridgeError(
            .decode,
            "expected \"memory\" or an object for userDefaults, got "
              + ValueError.excerpt(of: preset))
        }
      },
      invoke: nil)
  }

  /// `userDefaults.get` / `userDefaults.set`: read and write the store in scope from Lua
  /// (`deps.dependency("userDefaults.set"){key = "k", value = v}`); not overridable themselves —
  /// override `userDefaults` as a whole.
  private static func registerUserDefaultsAccess(in registry: EndpointRegistry) {
    registry.register(
      "userDefaults.get", input: "string key", output: "a JSON value or null",
      presets: [], function: nil, preset: nil,
      invoke: { key in
        @Dependency(\.userDefaults) var userDefaults
        guard let key = key.stringValue else {
          throw BridgeError(.decode, "expected a string key, got \(ValueError.excerpt(of: key))")
        }
        return try userDefaults.value(key) ?? .null
      })
    registry.register(
      "userDefaults.set", input: #"{"key": string, "value": any}"#, output: "null",
      isThrowing: true, presets: [], function: nil, preset: nil,
      invoke: { input in
        @Dependency(\.userDefaults) var userDefaults
        guard let key = input["key"]?.stringValue else {
          throw BridgeError(
            .decode,
            #"expected {"key": string, "value": any}, got "# + ValueError.excerpt(of: input))
        }
        let value = input["value"]
        try userDefaults.setValue(value == .null ? nil : value, key)
        return .null
      })
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
      }, invoke: nil)
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
      }, invoke: nil)
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
      }, invoke: nil)
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
