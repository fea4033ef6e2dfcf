// The failure texts a TestStore produces in TCA's wording that show no value: the timeouts, the
// still-running effect, the skipped steps. The texts that show values are a store's
// `TestStoreWording`'s (TestStoreWording.swift): Swift syntax for Swift tests, a front's own
// for the C and Lua test stores.

package enum TestStoreMessages {
  package static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  package static let unnecessaryModify = """
    Expected state to change, but no change occurred.

    The trailing closure made no observable modifications to state. If no change to state is \
    expected, omit the trailing closure.
    """

  package static func threw(_ error: any Error) -> String { "Threw error: \(error)" }

  package static func seconds(_ nanoseconds: UInt64) -> String {
    "\(Double(nanoseconds) / 1_000_000_000)"
  }

  package static func timeoutAdvice(explicitTimeout: Bool) -> String {
    explicitTimeout
      ? #"try increasing the duration of this assertion's "timeout""#
      : #"configure this assertion with an explicit "timeout""#
  }

  package static func inFlightSuggestion(explicitTimeout: Bool) -> String {
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

  /// The advice when the effects that could have delivered the action all ended.
  package static let noEffectsInFlight = """
    There are no in-flight effects that could deliver this action. Could the effect you \
    expected to deliver this action have been cancelled?
    """

  /// `receive` waited and nothing (matching) arrived: `inFlight` tells whether effects still
  /// run (the clock advice) or all ended (`noEffectsInFlight`).
  package static func receiveTimedOut(
    exhaustive: Bool, nanoseconds: UInt64, explicitTimeout: Bool, inFlight: Bool
  ) -> String {
    """
    Expected to receive \(exhaustive ? "an action" : "a matching action"), but received none\
    \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

    \(inFlight ? inFlightSuggestion(explicitTimeout: explicitTimeout) : noEffectsInFlight)
    """
  }

  package static let didNotReceiveMatching =
    "Expected to receive an action matching predicate, but didn't get one."

  package static let effectStillRunning = """
    An effect returned for this action is still running. It must complete before the end of \
    the test.

    To fix, inspect any effects the reducer returns for this action and ensure that all of \
    them complete by the end of the test. There are a few reasons why an effect may not have \
    completed:

    If using async/await in your effect, it may need a little bit of time to properly \
    finish. To fix you can simply perform "await store.finish()" at the end of your test.

    If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", etc.), \
    make sure that you wait enough time for it to perform the effect. If you are using a test \
    clock/scheduler, advance it so that the effects may complete, or consider using an \
    immediate clock/scheduler to immediately perform the effect instead.

    If you are returning a long-living effect (timers, notifications, subjects, etc.), \
    then make sure those effects are torn down by marking the effect ".cancellable" and \
    returning a corresponding cancellation effect ("Effect.cancel") from another action, or, \
    if your effect is driven by a Combine subject, send it a completion.

    If you do not wish to assert on these effects, perform "await \
    store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
    "store.exhaustivity = .off".
    """

  package static func finishTimedOut(nanoseconds: UInt64, explicitTimeout: Bool) -> String {
    """
    Expected effects to finish, but there are still effects in-flight\
    \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

    \(inFlightSuggestion(explicitTimeout: explicitTimeout))
    """
  }

  /// `TestStoreTask.finish` timed out (TCA's wording, which differs from the store's `finish`).
  package static func taskTimedOut(nanoseconds: UInt64, explicitTimeout: Bool) -> String {
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

  package static let sendToDismissed = "Can't send action to dismissed test store."

  package static let noReceivedActionsToSkip = "There were no received actions to skip."
  package static let noInFlightEffectsToSkip = "There were no in-flight effects to skip."

  package static func skippedAssertion(_ message: String) -> String {
    "Skipped assertions.\n\n\(message)"
  }
}
