// The Swift TestStore's failure texts that show values, as TCA prints them: values in Swift
// syntax (SwiftDump) and differences as swift-custom-dump's proportional diff (SwiftDiff),
// indented by 4, then the legend `(Expected: −, Actual: +)`.
import CustomDump

enum SwiftTestStoreMessages {
  static func describe(_ value: Any, indent: Int = 0) -> String {
    SwiftDump.dump(value, indent: indent)
  }

  /// The diff indented by 4 and its legend; both values whole when no difference shows.
  static func difference(expected: Any, actual: Any, actualName: String) -> String {
    if let diff = SwiftDiff.diff(expected, actual) {
      return "\(SwiftDump.indenting(diff, by: 4))\n\n(Expected: \(SwiftDiff.removed), "
        + "\(actualName): \(SwiftDiff.added))"
    }
    return """
      Expected:
      \(SwiftDump.indenting(String(describing: expected), by: 2))

      \(actualName):
      \(SwiftDump.indenting(String(describing: actual), by: 2))
      """
  }

  static func stateMismatch(hasAssertion: Bool, expected: Any, actual: Any) -> String {
    let heading =
      hasAssertion
      ? "A state change does not match expectation"
      : "State was not expected to change, but a change occurred"
    return "\(heading).\n\n"
      + difference(expected: expected, actual: actual, actualName: "Actual")
  }

  static func mustHandle(_ actions: [Any]) -> String {
    """
    Must handle \(TestStoreMessages.plural(actions.count, "received action")) before sending \
    an action.

    Unhandled actions: \(describe(actions))
    """
  }

  static func didNotReceive(_ expected: Any) -> String {
    """
    Expected to receive the following action, but didn't:

    \(describe(expected, indent: 2))
    """
  }

  static func unexpectedAction(expected: Any, received: Any) -> String {
    "Received unexpected action:\n\n"
      + difference(expected: expected, actual: received, actualName: "Received")
  }

  static func unexpectedAction(received: Any) -> String {
    "Received unexpected action:\n\n\(describe(received, indent: 2))"
  }

  /// As TCA's `receive(\.case, value)`: the diff indented by two, against "Actual".
  static func unexpectedCaseValue(expected: Any, received: Any) -> String {
    guard let diff = SwiftDiff.diff(expected, received) else {
      return unexpectedAction(received: received)
    }
    return "Received unexpected action:\n\n\(SwiftDump.indenting(diff, by: 2))\n\n"
      + "(Expected: \(SwiftDiff.removed), Actual: \(SwiftDiff.added))"
  }

  static func unhandledAtEnd(_ actions: [Any]) -> String {
    let lines = actions.map { "    \(ReducerMessages.debugCaseOutput($0, abbreviated: true))" }
      .joined(separator: "\n")
    return """
      The store received \(TestStoreMessages.plural(actions.count, "unexpected action")).

        Unhandled actions:
      \(lines)

      To fix, explicitly assert against these actions using "store.receive", skip these actions \
      by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
      store: "store.exhaustivity = .off".
      """
  }

  static func skippedReceived(_ actions: [Any]) -> String {
    let list = actions.count == 1 ? describe(actions[0]) : describe(actions)
    return """
      \(actions.count) received action\(actions.count == 1 ? " was" : "s were") skipped.

      \(list)
      """
  }

  static func cancelledInFlight(_ origins: [Any]) -> String {
    let list = origins.count == 1 ? describe(origins[0]) : describe(origins)
    return """
      \(origins.count) in-flight effect\(origins.count == 1 ? " was" : "s were") cancelled, \
      originating from:

      \(list)
      """
  }
}
