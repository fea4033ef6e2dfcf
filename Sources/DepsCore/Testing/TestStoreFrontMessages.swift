// The TestStore failures whose advice names API calls, in the words of the front that runs the
// test: a C or Lua test is told `store:finish()` / `deps_test_store_finish(t, ms)`, not
// `await store.finish()`. The verdicts and the rest of the texts are the same on every front
// (TestStoreMessages.swift).

/// The language a test store's advice speaks.
public enum TestStoreDialect: Sendable, Equatable {
  /// Swift (`await store.finish()`), the default.
  case swift
  /// The C ABI (`deps_test_store_finish(t, timeout_ms)`).
  case c
  /// Lua (`store:finish()`).
  case lua
}

extension TestStoreDialect {
  /// An issue's message in this front's terms (library-internal Swift locations dropped,
  /// Swift-only advice replaced).
  ///
  /// ```swift
  /// TestStoreDialect.lua.translate(message)
  /// ```
  public func translate(_ message: String) -> String {
    TestStoreMessages.inDialect(message, self)
  }
}

extension TestStoreMessages {
  /// `finish` (and the timeout to give it) as the dialect writes it.
  static func finishCall(_ dialect: TestStoreDialect) -> String {
    dialect == .c ? "deps_test_store_finish(t, timeout_ms)" : "store:finish()"
  }

  static func skipInFlightCall(_ dialect: TestStoreDialect) -> String {
    dialect == .c ? "deps_test_store_skip_in_flight_effects(t)" : "store:skip_in_flight_effects()"
  }

  static func exhaustivityOff(_ dialect: TestStoreDialect) -> String {
    dialect == .c ? "deps_test_store_set_exhaustive(t, 0)" : #"store.exhaustivity = "off""#
  }

  static func advanceCall(_ dialect: TestStoreDialect) -> String {
    dialect == .c ? "deps_test_store_advance(t, seconds)" : "store:advance(seconds)"
  }

  static func clockPreset(_ dialect: TestStoreDialect, _ preset: String) -> String {
    dialect == .c
      ? #"deps_overrides_set(o, "continuousClock", "\"\#(preset)\"")"#
      : #"d.continuousClock = "\#(preset)""#
  }

  static func frontTimeoutAdvice(_ dialect: TestStoreDialect) -> String {
    dialect == .c
      ? #"give this call a longer "timeout_ms""#
      : #"give this call a longer timeout (in seconds)"#
  }

  static func frontInFlightSuggestion(_ dialect: TestStoreDialect) -> String {
    """
    There are effects in-flight. If the effect that delivers this action waits on a clock \
    (a sleep, a timer), make sure that you wait enough time for it to perform the effect. If \
    you are using a test clock, advance it ("\(advanceCall(dialect))") so that the effects may \
    complete, or consider using an immediate clock ("\(clockPreset(dialect, "immediate"))") \
    to perform the effect at once.

    If you are not using a clock, or cannot use one, \(frontTimeoutAdvice(dialect)).
    """
  }

  /// `receiveTimedOut` for a C or Lua test.
  static func receiveTimedOut(
    _ dialect: TestStoreDialect, exhaustive: Bool, nanoseconds: UInt64, explicitTimeout: Bool
  ) -> String {
    guard dialect != .swift else {
      return receiveTimedOut(
        exhaustive: exhaustive, nanoseconds: nanoseconds, explicitTimeout: explicitTimeout)
    }
    return """
      Expected to receive \(exhaustive ? "an action" : "a matching action"), but received none\
      \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

      \(frontInFlightSuggestion(dialect))
      """
  }

  /// `finishTimedOut` for a C or Lua test.
  static func finishTimedOut(
    _ dialect: TestStoreDialect, nanoseconds: UInt64, explicitTimeout: Bool
  ) -> String {
    guard dialect != .swift else {
      return finishTimedOut(nanoseconds: nanoseconds, explicitTimeout: explicitTimeout)
    }
    return """
      Expected effects to finish, but there are still effects in-flight\
      \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

      \(frontInFlightSuggestion(dialect))
      """
  }

  /// The still-running effect for a C or Lua test: the advice in the front's calls, then the
  /// action that started the effect and where the test sent it (`site`, when known).
  static func effectStillRunning(
    _ dialect: TestStoreDialect, action: Any?, site: String?
  ) -> String {
    let cancel =
      dialect == .c
      ? "send the action that stops them before the end of the test, or cancel them with "
        + "\"deps_test_store_skip_in_flight_effects(t)\""
      : "start them with an id (\"deps.run(fn, {id = …})\") and return a corresponding "
        + "cancellation effect (\"deps.cancel(id)\") from another action"
    var text = """
      An effect returned for this action is still running. It must complete before the end of \
      the test. …

      To fix, inspect any effects the reducer returns for this action and ensure that all of \
      them complete by the end of the test. There are a few reasons why an effect may not have \
      completed:

      • If an effect waits for outside work, it may need a little bit of time to finish. To fix \
      you can call "\(finishCall(dialect))" at the end of your test.

      • If an effect waits on a clock (a sleep, a timer), make sure that you wait enough time \
      for it to perform the effect. If you are using a test clock, advance it \
      ("\(advanceCall(dialect))") so that the effects may complete, or consider using an \
      immediate clock ("\(clockPreset(dialect, "immediate"))") to perform the effect at once.

      • If you are returning a long-living effect (timers, subscriptions, etc.), then make sure \
      those effects are torn down: \(cancel).

      • If you do not wish to assert on these effects, call "\(skipInFlightCall(dialect))", or \
      consider using a non-exhaustive test store: "\(exhaustivityOff(dialect))".
      """
    if let action {
      text += "\n\nStarted by the action: \(describe(action))"
      if let site { text += " (sent at \(site))" }
    }
    return text
  }

  /// `advance` on a store without a test clock.
  static func noTestClock(_ dialect: TestStoreDialect) -> String {
    "this store has no test clock to advance: ask for one when opening it ("
      + (dialect == .swift ? "$0.continuousClock = TestClock()" : clockPreset(dialect, "test"))
      + ")"
  }
}

extension TestStoreMessages {
  /// An issue reported while a C or Lua call ran, told in that front's terms: locations inside
  /// the library's Swift sources (`DepsCatalogue/Counter.swift:21`, any module's `#fileID`) are
  /// dropped — the front
  /// positions the error at the user's own call — and advice naming Swift API is replaced by
  /// the front's. Other text is unchanged.
  static func inDialect(_ message: String, _ dialect: TestStoreDialect) -> String {
    guard dialect != .swift else { return message }
    var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let heading = line.hasPrefix("  Location:") || line.hasPrefix("  Defined in '")
      if heading, index + 1 < lines.count, isLibraryLocation(lines[index + 1]) {
        lines.removeSubrange(index...(index + 1))
        // The blank line that separated the removed block from what came before.
        if index > 0, index <= lines.count, lines[index - 1].isEmpty,
          index == lines.count || lines[index].isEmpty
        {
          lines.remove(at: index - 1)
          index -= 1
        }
        continue
      }
      index += 1
    }
    var text = lines.joined(separator: "\n")
    let swiftAdvice =
      "If you are using the Composable Architecture, mutate the 'dependencies' property on your "
      + "'TestStore'. Otherwise, use 'withDependencies' to define a scope for the override. If "
      + "you'd like to provide a default value for all tests, implement the 'testValue' "
      + "requirement of the 'DependencyKey' protocol."
    let frontAdvice =
      dialect == .c
      ? "Override it in the deps_overrides the store is opened with (deps_overrides_set or "
        + "deps_overrides_set_endpoint)."
      : "Override it in the store's dependencies (dependencies = function(d) … end), or with "
        + "deps.with_dependencies."
    text = replacing(swiftAdvice, with: frontAdvice, in: text)
    // `An "Effect.run" returned from "DepsCatalogue/Counter.swift:21" threw …`: the place is
    // the library's, not the caller's.
    if let start = text.firstRange(of: #" returned from ""#),
      let end = text[start.upperBound...].firstIndex(of: "\""),
      isLibraryLocation(String(text[start.upperBound..<end]))
    {
      text.removeSubrange(start.lowerBound...end)
    }
    return text
  }

  /// True for an (indented) `<Module>/<file>.swift:<line>`: a `#fileID` location in the Swift
  /// sources of the library (DepsCore, the catalogue, a library's own modules).
  private static func isLibraryLocation(_ line: String) -> Bool {
    let trimmed = line.drop { $0 == " " }
    guard let slash = trimmed.firstIndex(of: "/"), let suffix = trimmed.firstRange(of: ".swift:")
    else { return false }
    let module = trimmed[..<slash]
    return !module.isEmpty && slash < suffix.lowerBound
      && module.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
  }

  private static func replacing(_ target: String, with replacement: String, in text: String)
    -> String
  {
    guard !target.isEmpty, let range = text.firstRange(of: target) else { return text }
    var copy = text
    copy.replaceSubrange(range, with: replacement)
    return copy
  }
}
