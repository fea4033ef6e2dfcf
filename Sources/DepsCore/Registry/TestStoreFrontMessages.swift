// A C or Lua test store's words (`FrontTestStoreWording`): values in the JSON shapes of
// docs/values.md with the project's one JSON diff (ValueDiff), and advice naming the front's own
// calls: a C or Lua test is told `store:finish()` / `deps_test_store_finish(t, ms)`, not
// `await store.finish()`. The verdicts, and the texts that show no value or call, are the
// TestStore's own (ComposableArchitecture's TestStoreMessages.swift).

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

  static func receiveCall(_ dialect: TestStoreDialect) -> String {
    dialect == .c ? "deps_test_store_receive" : "store:receive"
  }

  static func skipReceivedCall(_ dialect: TestStoreDialect) -> String {
    dialect == .c ? "deps_test_store_skip_received_actions(t)" : "store:skip_received_actions()"
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

  static func clockPreset(
    _ dialect: TestStoreDialect, _ preset: String, path: String = "continuousClock"
  ) -> String {
    dialect == .c
      ? #"deps_overrides_set(o, "\#(path)", "\"\#(preset)\"")"#
      : #"d.\#(path) = "\#(preset)""#
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
    _ dialect: TestStoreDialect, exhaustive: Bool, nanoseconds: UInt64, explicitTimeout: Bool,
    inFlight: Bool
  ) -> String {
    guard dialect != .swift else {
      return receiveTimedOut(
        exhaustive: exhaustive, nanoseconds: nanoseconds, explicitTimeout: explicitTimeout,
        inFlight: inFlight)
    }
    return """
      Expected to receive \(exhaustive ? "an action" : "a matching action"), but received none\
      \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

      \(inFlight ? frontInFlightSuggestion(dialect) : noEffectsInFlight)
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
      the test.

      To fix, inspect any effects the reducer returns for this action and ensure that all of \
      them complete by the end of the test. There are a few reasons why an effect may not have \
      completed:

      If an effect waits for outside work, it may need a little bit of time to finish. To fix \
      you can call "\(finishCall(dialect))" at the end of your test.

      If an effect waits on a clock (a sleep, a timer), make sure that you wait enough time \
      for it to perform the effect. If you are using a test clock, advance it \
      ("\(advanceCall(dialect))") so that the effects may complete, or consider using an \
      immediate clock ("\(clockPreset(dialect, "immediate"))") to perform the effect at once.

      If you are returning a long-living effect (timers, subscriptions, etc.), then make sure \
      those effects are torn down: \(cancel).

      If you do not wish to assert on these effects, call "\(skipInFlightCall(dialect))", or \
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
  /// swift-dependencies' advice for a dependency a test did not override (the fronts replace
  /// it with their own words).
  package static let swiftOverrideAdvice =
    "If you are using the Composable Architecture, mutate the 'dependencies' property on your "
    + "'TestStore'. Otherwise, use 'withDependencies' to define a scope for the override. If "
    + "you'd like to provide a default value for all tests, implement the 'testValue' "
    + "requirement of the 'DependencyKey' protocol."

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
    let swiftAdvice = Self.swiftOverrideAdvice
    let frontAdvice =
      dialect == .c
      ? "Override it in the deps_overrides the store is opened with (deps_overrides_set or "
        + "deps_overrides_set_endpoint)."
      : "Override it in the store's dependencies (dependencies = function(d) … end), or with "
        + "deps.with_dependencies."
    text = replacing(swiftAdvice, with: frontAdvice, in: text)
    // The runaway rule's fix (ComposableArchitecture's RunawayIssues.swift).
    for path in ["continuousClock", "suspendingClock"] {
      text = replacing(
        "$0.\(path) = TestClock()", with: clockPreset(dialect, "test", path: path), in: text)
    }
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

/// The words of a C or Lua test store's failures.
package struct FrontTestStoreWording: TestStoreWording {
  /// The front whose calls the advice names.
  package let dialect: TestStoreDialect

  package init(_ dialect: TestStoreDialect) { self.dialect = dialect }

  package func stateMismatch(hasAssertion: Bool, expected: Any, actual: Any) -> String {
    TestStoreMessages.stateMismatch(hasAssertion: hasAssertion, expected: expected, actual: actual)
  }

  package func mustHandle(_ actions: [Any]) -> String { TestStoreMessages.mustHandle(actions) }

  package func didNotReceive(_ expected: Any) -> String {
    TestStoreMessages.didNotReceive(expected)
  }

  package func unexpectedAction(expected: Any, received: Any) -> String {
    TestStoreMessages.unexpectedAction(expected: expected, received: received)
  }

  package func unexpectedAction(received: Any) -> String {
    TestStoreMessages.unexpectedAction(received: received)
  }

  package func unhandledAtEnd(_ actions: [Any]) -> String {
    TestStoreMessages.unhandledAtEnd(actions, dialect)
  }

  package func skippedReceived(_ actions: [Any]) -> String {
    TestStoreMessages.skippedReceived(actions)
  }

  package func cancelledInFlight(_ origins: [Any]) -> String {
    TestStoreMessages.cancelledInFlight(origins)
  }

  package func receiveTimedOut(
    exhaustive: Bool, nanoseconds: UInt64, explicitTimeout: Bool, inFlight: Bool
  ) -> String {
    TestStoreMessages.receiveTimedOut(
      dialect, exhaustive: exhaustive, nanoseconds: nanoseconds, explicitTimeout: explicitTimeout,
      inFlight: inFlight)
  }

  package func finishTimedOut(nanoseconds: UInt64, explicitTimeout: Bool) -> String {
    TestStoreMessages.finishTimedOut(
      dialect, nanoseconds: nanoseconds, explicitTimeout: explicitTimeout)
  }

  package func effectStillRunning(action: Any?, site: String?) -> String {
    TestStoreMessages.effectStillRunning(dialect, action: action, site: site)
  }

  package var endsWithLastSteps: Bool { false }
}

/// The failure texts that show values, in the JSON shapes of docs/values.md.
extension TestStoreMessages {
  /// Actions are shown in the JSON shapes of docs/values.md, the same on every front.
  static func describe(_ value: Any) -> String {
    JSONValue(reflecting: value).json()
  }

  static func stateDiff(expected: Any, actual: Any) -> String {
    if let diff = ValueDiff.diff(JSONValue(reflecting: expected), JSONValue(reflecting: actual)) {
      return "\(diff)\n\n(Expected: -, Actual: +)"
    }
    return """
      Expected:
        \(describe(expected))

      Actual:
        \(describe(actual))
      """
  }

  static func stateMismatch(hasAssertion: Bool, expected: Any, actual: Any) -> String {
    let heading =
      hasAssertion
      ? "A state change does not match expectation"
      : "State was not expected to change, but a change occurred"
    return "\(heading).\n\n\(stateDiff(expected: expected, actual: actual))"
  }

  static func indexedList(_ actions: [Any]) -> String {
    var lines = ["["]
    for (index, action) in actions.enumerated() {
      lines.append("  [\(index)]: \(describe(action))" + (index < actions.count - 1 ? "," : ""))
    }
    lines.append("]")
    return lines.joined(separator: "\n")
  }

  static func mustHandle(_ actions: [Any]) -> String {
    """
    Must handle \(plural(actions.count, "received action")) before sending an action.

    Unhandled actions: \(indexedList(actions))
    """
  }

  static func didNotReceive(_ expected: Any) -> String {
    """
    Expected to receive the following action, but didn't:

      \(describe(expected))
    """
  }

  static func unexpectedAction(expected: Any, received: Any) -> String {
    let body: String
    if let diff = ValueDiff.diff(JSONValue(reflecting: expected), JSONValue(reflecting: received)) {
      body = "\(diff)\n\n(Expected: -, Received: +)"
    } else {
      body = "Expected:\n  \(describe(expected))\n\nReceived:\n  \(describe(received))"
    }
    return "Received unexpected action:\n\n\(body)"
  }

  static func unexpectedAction(received: Any) -> String {
    "Received unexpected action:\n\n  \(describe(received))"
  }

  static func unhandledAtEnd(_ actions: [Any], _ dialect: TestStoreDialect) -> String {
    let lines = actions.map { "    \(describe($0))" }.joined(separator: "\n")
    return """
      The store received \(plural(actions.count, "unexpected action")).

        Unhandled actions:
      \(lines)

      To fix, explicitly assert against these actions using "\(receiveCall(dialect))", skip \
      these actions by calling "\(skipReceivedCall(dialect))", or consider using a \
      non-exhaustive test store: "\(exhaustivityOff(dialect))".
      """
  }

  static func skippedReceived(_ actions: [Any]) -> String {
    let list = actions.count == 1 ? describe(actions[0]) : indexedList(actions)
    return """
      \(actions.count) received action\(actions.count == 1 ? " was" : "s were") skipped.

      \(list)
      """
  }

  static func cancelledInFlight(_ origins: [Any]) -> String {
    let list = origins.count == 1 ? describe(origins[0]) : indexedList(origins)
    return """
      \(origins.count) in-flight effect\(origins.count == 1 ? " was" : "s were") cancelled, \
      originating from:

      \(list)
      """
  }

  /// A front called its test store from inside the store's own work.
  static let nestedTestStoreCall =
    "the test store is handling an action: a test store takes calls from the test itself, "
    + "not from its reducer, an endpoint override or an effect running inside it"
}
