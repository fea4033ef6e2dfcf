// Every failure text a TestStore produces, in TCA's wording (1.x), in one place so the Swift,
// C and Lua fronts say exactly the same thing. Diffs use the project's one diff (ValueDiff).

enum TestStoreMessages {
  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

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
    return "\(heading): …\n\n\(stateDiff(expected: expected, actual: actual))"
  }

  static let unnecessaryModify = """
    Expected state to change, but no change occurred.

    The trailing closure made no observable modifications to state. If no change to state is \
    expected, omit the trailing closure.
    """

  static func threw(_ error: any Error) -> String { "Threw error: \(error)" }

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
    Must handle \(plural(actions.count, "received action")) before sending an action: …

    Unhandled actions: \(indexedList(actions))
    """
  }

  static func seconds(_ nanoseconds: UInt64) -> String {
    "\(Double(nanoseconds) / 1_000_000_000)"
  }

  static func timeoutAdvice(explicitTimeout: Bool) -> String {
    explicitTimeout
      ? #"try increasing the duration of this assertion's "timeout""#
      : #"configure this assertion with an explicit "timeout""#
  }

  static func inFlightSuggestion(explicitTimeout: Bool) -> String {
    let timeoutMessage = timeoutAdvice(explicitTimeout: explicitTimeout)
    return """
      There are effects in-flight. If the effect that delivers this action uses a \
      clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
      enough time for it to perform the effect. If you are using a test clock/scheduler, \
      advance it so that the effects may complete, or consider using an immediate \
      clock/scheduler to immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, \
      \(timeoutMessage).
      """
  }

  static func receiveTimedOut(exhaustive: Bool, nanoseconds: UInt64, explicitTimeout: Bool)
    -> String
  {
    """
    Expected to receive \(exhaustive ? "an action" : "a matching action"), but received none\
    \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

    \(inFlightSuggestion(explicitTimeout: explicitTimeout))
    """
  }

  static func didNotReceive(_ expected: Any) -> String {
    """
    Expected to receive the following action, but didn't: …

      \(describe(expected))
    """
  }

  static let didNotReceiveMatching =
    "Expected to receive an action matching predicate, but didn't get one."

  static func unexpectedAction(expected: Any, received: Any) -> String {
    let body: String
    if let diff = ValueDiff.diff(JSONValue(reflecting: expected), JSONValue(reflecting: received)) {
      body = "\(diff)\n\n(Expected: -, Received: +)"
    } else {
      body = "Expected:\n  \(describe(expected))\n\nReceived:\n  \(describe(received))"
    }
    return "Received unexpected action: …\n\n\(body)"
  }

  static func unexpectedAction(received: Any) -> String {
    "Received unexpected action: …\n\n  \(describe(received))"
  }

  static func unhandledAtEnd(_ actions: [Any]) -> String {
    let bullets = actions.map { "    • \(describe($0))" }.joined(separator: "\n")
    return """
      The store received \(plural(actions.count, "unexpected action")) by the end of this \
      test: …

        Unhandled actions:
      \(bullets)
      """
  }

  /// The still-running message. A front's send has no source line (C, Lua through the Bridge),
  /// so the message itself names the action that started the effect.
  static func effectStillRunning(startedBy send: (action: Any, location: SourceLocation)?)
    -> String
  {
    guard let send, send.location.line == 0 else { return effectStillRunning }
    return effectStillRunning + "\n\nStarted by the action: \(describe(send.action))"
  }

  static let effectStillRunning = """
    An effect returned for this action is still running. It must complete before the end of \
    the test. …

    To fix, inspect any effects the reducer returns for this action and ensure that all of \
    them complete by the end of the test. There are a few reasons why an effect may not have \
    completed:

    • If using async/await in your effect, it may need a little bit of time to properly \
    finish. To fix you can simply perform "await store.finish()" at the end of your test.

    • If an effect uses a clock or scheduler (via "receive(on:)", "delay", "debounce", etc.), \
    make sure that you wait enough time for it to perform the effect. If you are using a test \
    clock/scheduler, advance it so that the effects may complete, or consider using an \
    immediate clock/scheduler to immediately perform the effect instead.

    • If you are returning a long-living effect (timers, notifications, subjects, etc.), then \
    make sure those effects are torn down by marking the effect ".cancellable" and returning a \
    corresponding cancellation effect ("Effect.cancel") from another action, or, if your \
    effect is driven by a Combine subject, send it a completion.

    • If you do not wish to assert on these effects, perform "await \
    store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
    "store.exhaustivity = .off".
    """

  static func finishTimedOut(nanoseconds: UInt64, explicitTimeout: Bool) -> String {
    """
    Expected effects to finish, but there are still effects in-flight\
    \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

    \(inFlightSuggestion(explicitTimeout: explicitTimeout))
    """
  }

  /// `TestStoreTask.finish` timed out (TCA's wording, which differs from the store's `finish`).
  static func taskTimedOut(nanoseconds: UInt64, explicitTimeout: Bool) -> String {
    """
    Expected task to finish, but it is still in-flight\
    \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

    If this task delivers its action using a clock/scheduler (via "sleep(for:)", \
    "timer(interval:)", etc.), make sure that you wait enough time for it to perform its work. \
    If you are using a test clock/scheduler, advance the scheduler so that the effects may \
    complete, or consider using an immediate clock/scheduler to immediately perform the effect \
    instead.

    If you are not yet using a clock/scheduler, or cannot use a clock/scheduler, \
    \(timeoutAdvice(explicitTimeout: explicitTimeout)).
    """
  }

  static let noReceivedActionsToSkip = "There were no received actions to skip."
  static let noInFlightEffectsToSkip = "There were no in-flight effects to skip."

  static func skippedReceived(_ actions: [Any]) -> String {
    let list = actions.count == 1 ? describe(actions[0]) : indexedList(actions)
    return """
      \(actions.count) received action\(actions.count == 1 ? " was" : "s were") skipped:

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

  static func skippedAssertion(_ message: String) -> String {
    "Skipped assertions: …\n\n\(message)"
  }

  /// A front called its test store from inside the store's own work.
  static let nestedTestStoreCall =
    "the test store is handling an action: a test store takes calls from the test itself, "
    + "not from its reducer, an endpoint override or an effect running inside it"
}
