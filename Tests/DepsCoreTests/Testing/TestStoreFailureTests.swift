// Every TestStore failure message, asserted in full (TCA 1.x wording, values and diffs in Swift
// syntax as swift-custom-dump prints them), with the line each one points at. Unchanged diff
// lines start with a figure space (U+2007), removed ones with a minus sign (U+2212).
import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting
import DepsTestSupport

@Suite struct TestStoreFailureTests {
  @Test func stateChangeDoesNotMatchExpectation() async {
    let line = #line + 3
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

            \u{2007} Probe.State(
            −   count: 2,
            +   count: 1,
            \u{2007}   name: "",
            \u{2007}   log: []
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
    #expect(issues.first?.line == UInt(line))
    #expect(issues.first?.fileID == "DepsCoreTests/TestStoreFailureTests.swift")
  }

  @Test func nestedStateDiffShowsOnlyWhatDiffers() async {
    let issues = await recordIssues {
      let store = probeStore(state: Probe.State(log: ["a", "b"]))
      await store.send(.sendTwo)
      await store.receive(.first) { $0.log = ["a", "b", "x"] }
      await store.receive(.second) { $0.log.append("second") }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

            \u{2007} Probe.State(
            \u{2007}   count: 0,
            \u{2007}   name: "",
            \u{2007}   log: [
            \u{2007}     … (2 unchanged),
            −     [2]: "x"
            +     [2]: "first"
            \u{2007}   ]
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func stateWasNotExpectedToChange() async {
    let line = #line + 3
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.rename("Blob"))
    }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

            \u{2007} Probe.State(
            \u{2007}   count: 0,
            −   name: "",
            +   name: "Blob",
            \u{2007}   log: []
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func expectedStateToChange() async {
    let line = #line + 3
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.noop) { $0.count = 0 }
    }
    #expect(
      issues.map(\.message) == [
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state \
        is expected, omit the trailing closure.
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func throwingAssertion() async {
    struct Invalid: Error {}
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.increment) { _ in throw Invalid() }
    }
    #expect(issues.map(\.message) == ["Threw error: Invalid()"])
  }

  @Test func mustHandleReceivedActionsBeforeSending() async {
    let line = #line + 4
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sendTwo)
      await store.send(.increment) { $0.count = 1 }
      await store.skipReceivedActions()
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(
      issues.map(\.message) == [
        """
        Must handle 2 received actions before sending an action.

        Unhandled actions: [
          [0]: .first,
          [1]: .second
        ]
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func mustHandleOneReceivedAction() async {
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sendTwo)
      await store.receive(.first) { $0.log = ["first"] }
      await store.send(.noop)
      await store.skipReceivedActions()
    }
    #expect(
      issues.map(\.message) == [
        """
        Must handle 1 received action before sending an action.

        Unhandled actions: [
          [0]: .second
        ]
        """
      ])
  }

  @Test func receiveTimesOutWithEffectsInFlight() async {
    let line = #line + 4
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sleepThenRespond)
      await store.receive(.respond(1)) { $0.count = 1 }
      await store.skipInFlightEffects()
    }
    #expect(
      issues.map(\.message) == [
        """
        Expected to receive an action, but received none after 0.05 seconds.

        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you \
        wait enough time for it to perform the effect. If you are using a test clock/scheduler, \
        advance it so that the effects may complete, or consider using an immediate \
        clock/scheduler to immediately perform the effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, configure \
        this assertion with an explicit "timeout".
        """,
        """
        Expected to receive the following action, but didn't:

          Probe.Action.respond(1)
        """,
      ])
    #expect(issues.map(\.line) == [UInt(line), UInt(line)])
  }

  @Test func receiveTimesOutAfterAnExplicitTimeout() async {
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sleepThenRespond)
      await store.receive(.respond(1), timeout: .milliseconds(20)) { $0.count = 1 }
      await store.skipInFlightEffects()
    }
    #expect(issues.count == 2)
    let message = issues.first?.message ?? ""
    #expect(
      message.hasPrefix("Expected to receive an action, but received none after 0.02 seconds."))
    #expect(
      message.hasSuffix(
        #"use a clock/scheduler, try increasing the duration of this assertion's "timeout"."#))
  }

  @Test func expectedToReceiveButDidNot() async {
    let line = #line + 3
    let issues = await recordIssues {
      let store = probeStore()
      await store.receive(.first)
    }
    #expect(
      issues.map(\.message) == [
        """
        Expected to receive the following action, but didn't:

          Probe.Action.first
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func expectedToReceiveMatchingPredicate() async {
    let issues = await recordIssues {
      let store = probeStore()
      await store.receive({ $0 == .first })
    }
    #expect(
      issues.map(\.message) == [
        "Expected to receive an action matching predicate, but didn't get one."
      ])
  }

  @Test func receivedUnexpectedAction() async {
    let line = #line + 4
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sendTwo)
      await store.receive(.second) { $0.log = ["first"] }
      await store.receive(.second) { $0.log = ["first", "second"] }
    }
    #expect(
      issues.map(\.message) == [
        """
        Received unexpected action:

            − Probe.Action.second
            + Probe.Action.first

        (Expected: −, Received: +)
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func receivedUnexpectedPayload() async {
    let issues = await recordIssues {
      let clock = TestClock()
      let store = probeStore(clock: clock)
      await store.send(.sleepThenRespond)
      await clock.advance(by: .seconds(1))
      await store.receive(.respond(2)) { $0.count = 1 }
    }
    #expect(
      issues.map(\.message) == [
        """
        Received unexpected action:

            − Probe.Action.respond(2)
            + Probe.Action.respond(1)

        (Expected: −, Received: +)
        """
      ])
  }

  @Test func receivedUnexpectedActionForPredicate() async {
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sendTwo)
      await store.receive({ $0 == .second }) { $0.log = ["first"] }
      await store.receive(.second) { $0.log = ["first", "second"] }
    }
    #expect(issues.map(\.message) == ["Received unexpected action:\n\n  Probe.Action.first"])
  }

  @Test func unhandledActionsAtTheEndOfTheTest() async {
    let line = #line + 2
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sendTwo)
    }
    #expect(
      issues.map(\.message) == [
        """
        The store received 2 unexpected actions.

          Unhandled actions:
            .first
            .second

        To fix, explicitly assert against these actions using "store.receive", skip these actions \
        by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
        store: "store.exhaustivity = .off".
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func oneUnhandledActionAtTheEndOfTheTest() async {
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sendTwo)
      await store.receive(.first) { $0.log = ["first"] }
    }
    #expect(
      issues.map(\.message) == [
        """
        The store received 1 unexpected action.

          Unhandled actions:
            .second

        To fix, explicitly assert against these actions using "store.receive", skip these actions \
        by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
        store: "store.exhaustivity = .off".
        """
      ])
  }

  @Test func finishReportsActionsReceivedAndNotAsserted() async {
    let line = #line + 4
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sendTwo)
      await store.finish()
      await store.skipReceivedActions()
    }
    #expect(
      issues.map(\.message) == [
        """
        The store received 2 unexpected actions.

          Unhandled actions:
            .first
            .second

        To fix, explicitly assert against these actions using "store.receive", skip these actions \
        by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
        store: "store.exhaustivity = .off".
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func finishReportsNothingOnceEveryActionWasReceived() async {
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sendTwo)
      await store.receive(.first) { $0.log = ["first"] }
      await store.receive(.second) { $0.log.append("second") }
      await store.finish()
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func aFailedReceiveConsumesTheReceivedAction() async {
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.sendTwo)
      await store.receive(.second) { $0.log = ["first"] }
      await store.receive(.second) { $0.log.append("second") }
      await store.finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("Received unexpected action:") == true)
  }

  @Test func eachRunningEffectIsReportedAtTheSendThatStartedIt() async {
    let clock = TestClock()
    let firstLine = #line + 4
    let secondLine = #line + 4
    let issues = await recordIssues {
      let store = probeStore(clock: clock)
      await store.send(.startLongLiving)
      await store.send(.sleepThenRespond)
      await store.send(.noop)
    }
    #expect(
      issues.map(\.message) == [
        TestStoreMessages.effectStillRunning, TestStoreMessages.effectStillRunning,
      ])
    #expect(issues.map(\.line) == [UInt(firstLine), UInt(secondLine)])
    #expect(issues.allSatisfy { $0.fileID == "DepsCoreTests/TestStoreFailureTests.swift" })
    #expect(clock.sleeperCount == 0)
  }

  @Test func effectStillRunningText() {
    #expect(
      TestStoreMessages.effectStillRunning == """
        An effect returned for this action is still running. It must complete before the end \
        of the test.

        To fix, inspect any effects the reducer returns for this action and ensure that all of \
        them complete by the end of the test. There are a few reasons why an effect may not have \
        completed:

        If using async/await in your effect, it may need a little bit of time to properly \
        finish. To fix you can simply perform "await store.finish()" at the end of your test.

        If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", etc.), \
        make sure that you wait enough time for it to perform the effect. If you are using a test \
        clock/scheduler, advance it so that the effects may complete, or consider using an \
        immediate clock/scheduler to immediately perform the effect instead.

        If you are returning a long-living effect (timers, notifications, subjects, etc.), then \
        make sure those effects are torn down by marking the effect ".cancellable" and returning \
        a corresponding cancellation effect ("Effect.cancel") from another action, or, if your \
        effect is driven by a Combine subject, send it a completion.

        If you do not wish to assert on these effects, perform "await \
        store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
        "store.exhaustivity = .off".
        """)
  }

  @Test func unhandledActionsAndRunningEffectsTogether() async {
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.startLongLiving)
      await store.send(.sendTwo)
      await store.receive(.first) { $0.log = ["first"] }
    }
    #expect(issues.count == 2)
    #expect(issues.first?.message.hasPrefix("The store received 1 unexpected action") == true)
    #expect(issues.last?.message == TestStoreMessages.effectStillRunning)
  }

  @Test func finishTimesOut() async {
    let line = #line + 4
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.startLongLiving)
      await store.finish(timeout: .milliseconds(30))
      await store.send(.stopLongLiving)
    }
    #expect(
      issues.map(\.message) == [
        """
        Expected effects to finish, but there are still effects in-flight after 0.03 seconds.

        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you \
        wait enough time for it to perform the effect. If you are using a test clock/scheduler, \
        advance it so that the effects may complete, or consider using an immediate \
        clock/scheduler to immediately perform the effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
        increasing the duration of this assertion's "timeout".
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func finishWithTheDefaultTimeoutSaysToConfigureOne() async {
    let issues = await recordIssues {
      let store = probeStore()
      await store.send(.startLongLiving)
      await store.finish()
      await store.skipInFlightEffects()
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(
      message.hasPrefix(
        "Expected effects to finish, but there are still effects in-flight after 0.05 seconds.\n\n"
      ))
    #expect(message.hasSuffix(#"configure this assertion with an explicit "timeout"."#))
  }

  @Test func testStoreTaskFinishTimesOut() async {
    let line = #line + 4
    let issues = await recordIssues {
      let store = probeStore()
      let task = await store.send(.startLongLiving)
      await task.finish(timeout: .milliseconds(20))
      await task.finish()
      task.cancel()
      await store.finish()
    }
    let advice = [
      #"try increasing the duration of this assertion's "timeout""#,
      #"configure this assertion with an explicit "timeout""#,
    ]
    #expect(
      issues.map(\.message)
        == [(0.02, advice[0]), (0.05, advice[1])].map { seconds, advice in
          """
          Expected task to finish, but it is still in-flight after \(seconds) seconds.

          If this task delivers its action using a clock/scheduler (via "sleep(for:)", \
          "timer(interval:)", etc.), make sure that you wait enough time for it to perform its \
          work. If you are using a test clock/scheduler, advance the scheduler so that the \
          effects may complete, or consider using an immediate clock/scheduler to immediately \
          perform the effect instead.

          If you are not yet using a clock/scheduler, or cannot use a clock/scheduler, \
          \(advice).
          """
        })
    #expect(issues.map(\.line) == [UInt(line), UInt(line + 1)])
  }

  @Test func strictSkipsWithNothingToSkip() async {
    let line = #line + 3
    let issues = await recordIssues {
      let store = probeStore()
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
      await store.skipReceivedActions(strict: false)
      await store.skipInFlightEffects(strict: false)
    }
    #expect(
      issues.map(\.message) == [
        "There were no received actions to skip.", "There were no in-flight effects to skip.",
      ])
    #expect(issues.map(\.line) == [UInt(line), UInt(line + 1)])
  }

  @Test func skipsClearWhatTheyNameWithoutFailing() async {
    let clock = TestClock()
    let issues = await recordIssues {
      let store = probeStore(clock: clock)
      await store.send(.startLongLiving)
      await store.send(.sendTwo)
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
      await store.send(.increment) { $0.count = 1 }
      #expect(store.state.log == ["first", "second"])
    }
    #expect(issues.map(\.message) == [])
    #expect(clock.sleeperCount == 0)
  }

  @Test func effectRunUnhandledErrorNamesWhereTheEffectWasCreated() async {
    struct Unexpected: Error {}
    let line = #line + 4
    let issues = await recordIssues {
      let store = TestStore(initialState: Probe.State()) {
        Reduce<Probe.State, Probe.Action> { _, _ in
          .run { _ in throw Unexpected() }
        }
      }
      await store.send(.noop)
      await store.finish()
    }
    #expect(
      issues.map(\.message) == [
        """
        An "Effect.run" returned from "DepsCoreTests/TestStoreFailureTests.swift:\(line)" threw \
        an unhandled error.

            TestStoreFailureTests.Unexpected()

        All non-cancellation errors must be explicitly handled via the "catch" parameter on \
        "Effect.run", or via a "do" block.
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func receiveAfterTheEffectsEndedSaysNoEffectCouldDeliverIt() async {
    enum Action: Equatable { case start, never }
    let issues = await recordIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Action> { _, action in
          action == .start ? .run { _ in try await Task.sleep(for: .milliseconds(20)) } : .none
        }
      }
      await store.send(.start)
      await store.receive(.never, timeout: .seconds(2))
    }
    #expect(
      issues.map(\.message) == [
        """
        Expected to receive an action, but received none after 2.0 seconds.

        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """,
        """
        Expected to receive the following action, but didn't:

          TestStoreFailureTests.Action.never
        """,
      ])
  }
}
