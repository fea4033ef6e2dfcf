// How a test store words the failures that show values or name API calls. A Swift test's store
// speaks TCA's texts with values in Swift syntax and swift-custom-dump's diff
// (`SwiftTestStoreWording`); a front that drives a test store (the C and Lua test stores) gives
// its own wording: values in its own shapes, advice in its own calls. The verdicts, and which
// failure is reported where, are the store's alone.

/// The words of a test store's failures (see the top of this file).
package protocol TestStoreWording: Sendable {
  /// An assertion's expected state differs from the actual one (`hasAssertion`: a closure was
  /// given; without one, no change was expected).
  func stateMismatch(hasAssertion: Bool, expected: Any, actual: Any) -> String
  /// An action was sent while received actions were not asserted yet.
  func mustHandle(_ actions: [Any]) -> String
  /// `receive(expected)` found nothing received.
  func didNotReceive(_ expected: Any) -> String
  /// `receive(expected)` found another action first.
  func unexpectedAction(expected: Any, received: Any) -> String
  /// `receive(matching:)` found an action that does not match.
  func unexpectedAction(received: Any) -> String
  /// `receive(\.case, value)` found the case with another value.
  func unexpectedCaseValue(expected: Any, received: Any) -> String
  /// Actions were received and never asserted by the end of the test.
  func unhandledAtEnd(_ actions: [Any]) -> String
  /// A non-exhaustive store skipped these received actions.
  func skippedReceived(_ actions: [Any]) -> String
  /// A non-exhaustive store cancelled the effects these sends started.
  func cancelledInFlight(_ origins: [Any]) -> String
  /// `receive` waited `nanoseconds` for effects and nothing (matching) arrived; `inFlight`:
  /// effects still run (else they all ended without sending it).
  func receiveTimedOut(
    exhaustive: Bool, nanoseconds: UInt64, explicitTimeout: Bool, inFlight: Bool
  ) -> String
  /// `finish` waited `nanoseconds` and effects still ran.
  func finishTimedOut(nanoseconds: UInt64, explicitTimeout: Bool) -> String
  /// An effect the send of `action` started (at `site` when a front knows it) still ran at the
  /// end of the test.
  func effectStillRunning(action: Any?, site: String?) -> String
  /// Whether the failures end with a store instrument's last steps (a front adds them itself).
  var endsWithLastSteps: Bool { get }
}

/// TCA's failure texts, with values in Swift syntax: what a Swift test's store says.
package struct SwiftTestStoreWording: TestStoreWording {
  package init() {}

  package func stateMismatch(hasAssertion: Bool, expected: Any, actual: Any) -> String {
    SwiftTestStoreMessages.stateMismatch(
      hasAssertion: hasAssertion, expected: expected, actual: actual)
  }

  package func mustHandle(_ actions: [Any]) -> String {
    SwiftTestStoreMessages.mustHandle(actions)
  }

  package func didNotReceive(_ expected: Any) -> String {
    SwiftTestStoreMessages.didNotReceive(expected)
  }

  package func unexpectedAction(expected: Any, received: Any) -> String {
    SwiftTestStoreMessages.unexpectedAction(expected: expected, received: received)
  }

  package func unexpectedAction(received: Any) -> String {
    SwiftTestStoreMessages.unexpectedAction(received: received)
  }

  package func unexpectedCaseValue(expected: Any, received: Any) -> String {
    SwiftTestStoreMessages.unexpectedCaseValue(expected: expected, received: received)
  }

  package func unhandledAtEnd(_ actions: [Any]) -> String {
    SwiftTestStoreMessages.unhandledAtEnd(actions)
  }

  package func skippedReceived(_ actions: [Any]) -> String {
    SwiftTestStoreMessages.skippedReceived(actions)
  }

  package func cancelledInFlight(_ origins: [Any]) -> String {
    SwiftTestStoreMessages.cancelledInFlight(origins)
  }

  package func receiveTimedOut(
    exhaustive: Bool, nanoseconds: UInt64, explicitTimeout: Bool, inFlight: Bool
  ) -> String {
    TestStoreMessages.receiveTimedOut(
      exhaustive: exhaustive, nanoseconds: nanoseconds, explicitTimeout: explicitTimeout,
      inFlight: inFlight)
  }

  package func finishTimedOut(nanoseconds: UInt64, explicitTimeout: Bool) -> String {
    TestStoreMessages.finishTimedOut(nanoseconds: nanoseconds, explicitTimeout: explicitTimeout)
  }

  package func effectStillRunning(action: Any?, site: String?) -> String {
    TestStoreMessages.effectStillRunning
  }

  package var endsWithLastSteps: Bool { true }
}
