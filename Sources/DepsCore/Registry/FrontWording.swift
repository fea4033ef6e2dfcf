// A C or Lua test store's words (`FrontTestStoreWording`): values in the JSON shapes of
// docs/values.md with the project's one JSON diff (ValueDiff), and advice naming the front's own
// calls: a C or Lua test is told `store:finish()` / `deps_test_store_finish(t, ms)`, not
// `await store.finish()`. The verdicts, and the texts that show no value or call, are the
// TestStore's own (ComposableArchitecture's TestStoreMessages.swift).

// What a front words for the stores it opens (`FrontWording`): the spellings of its test calls,
// its advice, and how it tells an issue. The fronts give their own (DepsCABI's C and Lua
// wordings); a store no front words speaks Swift (`SwiftFrontWording`). A bridged test store's
// failures (`FrontTestStoreWording`) show values in the JSON shapes of docs/values.md with the
// project's one JSON diff (ValueDiff), and their advice names the front's calls. The verdicts,
// and the texts that show no value or call, are the TestStore's own (ComposableArchitecture's
// TestStoreMessages.swift).

/// The words a front gives the stores it opens: how its tests spell the test store's calls, its
/// advice, and how it tells an issue reported while one of its calls ran.
///
/// A C test is told `deps_test_store_finish(t, timeout_ms)`, a Lua test `store:finish()`; the
/// sentences around those words are the store's own. Set it with `BridgedStore.wording` and
/// `BridgedTestStore.wording`.
public protocol FrontWording: Sendable {
  /// `finish`, with the timeout to give it (`store:finish()`).
  var finishCall: String { get }
  /// `receive` (`store:receive`).
  var receiveCall: String { get }
  /// Skipping the received actions (`store:skip_received_actions()`).
  var skipReceivedCall: String { get }
  /// Skipping the in-flight effects (`store:skip_in_flight_effects()`).
  var skipInFlightCall: String { get }
  /// Making the test store non-exhaustive (`store.exhaustivity = "off"`).
  var exhaustivityOff: String { get }
  /// Advancing the test clock (`store:advance(seconds)`).
  var advanceCall: String { get }
  /// Opening the store with the clock `preset` (`"test"`, `"immediate"`) at the dependency
  /// `path` (`d.continuousClock = "test"`).
  func clockPreset(_ preset: String, path: String) -> String
  /// What to do when a wait timed out with effects in flight and no clock to use.
  var longerTimeoutAdvice: String { get }
  /// How a long-living effect (a timer, a subscription) is torn down.
  var tearDownAdvice: String { get }
  /// An issue reported while one of the front's calls ran, in the front's terms.
  func issue(_ message: String) -> String
}

/// The Swift API's words: what a store says when no front gave it its own.
public struct SwiftFrontWording: FrontWording {
  /// The Swift wording.
  public init() {}
  /// `await store.finish()`.
  public var finishCall: String { "await store.finish()" }
  /// `store.receive`.
  public var receiveCall: String { "store.receive" }
  /// `await store.skipReceivedActions()`.
  public var skipReceivedCall: String { "await store.skipReceivedActions()" }
  /// `await store.skipInFlightEffects()`.
  public var skipInFlightCall: String { "await store.skipInFlightEffects()" }
  /// `store.exhaustivity = .off`.
  public var exhaustivityOff: String { "store.exhaustivity = .off" }
  /// `await clock.advance(by: duration)`.
  public var advanceCall: String { "await clock.advance(by: duration)" }
  /// `$0.continuousClock = TestClock()` (`ImmediateClock()` for `"immediate"`).
  public func clockPreset(_ preset: String, path: String) -> String {
    "$0.\(path) = \(preset == "immediate" ? "ImmediateClock()" : "TestClock()")"
  }
  /// TCA's advice for an explicit timeout.
  public var longerTimeoutAdvice: String {
    TestStoreMessages.timeoutAdvice(explicitTimeout: true)
  }
  /// TCA's `.cancellable` advice.
  public var tearDownAdvice: String {
    #"mark them ".cancellable" and return a corresponding cancellation effect ("Effect.cancel") "#
      + "from another action"
  }
  /// The issue as Swift reported it.
  public func issue(_ message: String) -> String { message }
}

extension FrontWording {
  /// The continuous clock's `preset`.
  func clockPreset(_ preset: String) -> String { clockPreset(preset, path: "continuousClock") }
}

extension TestStoreMessages {
  static func frontInFlightSuggestion(_ front: any FrontWording) -> String {
    """
    There are effects in-flight. If the effect that delivers this action waits on a clock \
    (a sleep, a timer), make sure that you wait enough time for it to perform the effect. If \
    you are using a test clock, advance it ("\(front.advanceCall)") so that the effects may \
    complete, or consider using an immediate clock ("\(front.clockPreset("immediate"))") \
    to perform the effect at once.

    If you are not using a clock, or cannot use one, \(front.longerTimeoutAdvice).
    """
  }

  /// `receiveTimedOut` for a bridged test store.
  static func receiveTimedOut(
    _ front: any FrontWording, exhaustive: Bool, nanoseconds: UInt64, inFlight: Bool
  ) -> String {
    """
    Expected to receive \(exhaustive ? "an action" : "a matching action"), but received none\
    \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

    \(inFlight ? frontInFlightSuggestion(front) : noEffectsInFlight)
    """
  }

  /// `finishTimedOut` for a bridged test store.
  static func finishTimedOut(_ front: any FrontWording, nanoseconds: UInt64) -> String {
    """
    Expected effects to finish, but there are still effects in-flight\
    \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

    \(frontInFlightSuggestion(front))
    """
  }

  /// The still-running effect for a bridged test store: the advice in the front's calls, then
  /// the action that started the effect and where the test sent it (`site`, when known).
  static func effectStillRunning(_ front: any FrontWording, action: Any?, site: String?)
    -> String
  {
    var text = """
      An effect returned for this action is still running. It must complete before the end of \
      the test.

      To fix, inspect any effects the reducer returns for this action and ensure that all of \
      them complete by the end of the test. There are a few reasons why an effect may not have \
      completed:

      If an effect waits for outside work, it may need a little bit of time to finish. To fix \
      you can call "\(front.finishCall)" at the end of your test.

      If an effect waits on a clock (a sleep, a timer), make sure that you wait enough time \
      for it to perform the effect. If you are using a test clock, advance it \
      ("\(front.advanceCall)") so that the effects may complete, or consider using an \
      immediate clock ("\(front.clockPreset("immediate"))") to perform the effect at once.

      If you are returning a long-living effect (timers, subscriptions, etc.), then make sure \
      those effects are torn down: \(front.tearDownAdvice).

      If you do not wish to assert on these effects, call "\(front.skipInFlightCall)", or \
      consider using a non-exhaustive test store: "\(front.exhaustivityOff)".
      """
    if let action {
      text += "\n\nStarted by the action: \(describe(action))"
      if let site { text += " (sent at \(site))" }
    }
    return text
  }

  /// `advance` on a store without a test clock.
  static func noTestClock(_ front: any FrontWording) -> String {
    "this store has no test clock to advance: ask for one when opening it ("
      + front.clockPreset("test") + ")"
  }
}

/// The words of a bridged test store's failures.
package struct FrontTestStoreWording: TestStoreWording {
  /// The front whose calls the advice names.
  package let front: any FrontWording

  package init(_ front: any FrontWording) { self.front = front }

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

  /// The fronts show a case's other value as any other unexpected action: a JSON diff.
  package func unexpectedCaseValue(expected: Any, received: Any) -> String {
    TestStoreMessages.unexpectedAction(expected: expected, received: received)
  }

  package func unhandledAtEnd(_ actions: [Any]) -> String {
    TestStoreMessages.unhandledAtEnd(actions, front)
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
      front, exhaustive: exhaustive, nanoseconds: nanoseconds, inFlight: inFlight)
  }

  package func finishTimedOut(nanoseconds: UInt64, explicitTimeout: Bool) -> String {
    TestStoreMessages.finishTimedOut(front, nanoseconds: nanoseconds)
  }

  package func effectStillRunning(action: Any?, site: String?) -> String {
    TestStoreMessages.effectStillRunning(front, action: action, site: site)
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

  static func unhandledAtEnd(_ actions: [Any], _ front: any FrontWording) -> String {
    let lines = actions.map { "    \(describe($0))" }.joined(separator: "\n")
    return """
      The store received \(plural(actions.count, "unexpected action")).

        Unhandled actions:
      \(lines)

      To fix, explicitly assert against these actions using "\(front.receiveCall)", skip \
      these actions by calling "\(front.skipReceivedCall)", or consider using a \
      non-exhaustive test store: "\(front.exhaustivityOff)".
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
