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

extension TestStoreMessages {
  /// `finish` (and the timeout to give it) as the dialect writes it.
  static func finishCall(_ dialect: TestStoreDialect) -> String {
    dialect == .c ? "deps_test_store_finish(t, timeout_ms)" : "store:finish()"
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
