// `exhaustivity = .off`: only what the test asserts is checked. Partial state assertions pass,
// unasserted received actions are skipped, nothing is reported at the end of the test, but a
// wrong assertion still fails.
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

@Suite struct NonExhaustiveTests {
  @Test func partialStateAssertionsPass() async {
    let issues = await recordIssues {
      let store = probeStore()
      store.exhaustivity = .off
      await store.send(.incrementAndRename("Blob")) { $0.count = 1 }
      await store.send(.increment)
      await store.send(.rename("Blobby")) { $0.name = "Blobby" }
      #expect(store.state == Probe.State(count: 2, name: "Blobby"))
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func aWrongAssertionStillFails() async {
    let issues = await recordIssues {
      let store = probeStore()
      store.exhaustivity = .off
      await store.send(.incrementAndRename("Blob")) { $0.count = 5 }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

            \u{2007} Probe.State(
            −   count: 5,
            +   count: 1,
            \u{2007}   name: "Blob",
            \u{2007}   log: []
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func receiveSkipsNonMatchingActions() async {
    let issues = await recordIssues {
      let store = probeStore()
      store.exhaustivity = .off
      await store.send(.sendTwo)
      await store.receive(.second) { $0.log = ["first", "second"] }
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func receiveWithNoMatchingActionFails() async {
    let issues = await recordIssues {
      let store = probeStore()
      store.exhaustivity = .off
      await store.send(.sendTwo)
      await store.receive(.respond(3))
    }
    #expect(
      issues.map(\.message) == [
        "Expected to receive the following action, but didn't:\n\n  Probe.Action.respond(3)"
      ])
  }

  @Test func receiveTimeoutSaysMatchingAction() async {
    let issues = await recordIssues {
      let store = probeStore()
      store.exhaustivity = .off
      await store.send(.sleepThenRespond)
      await store.receive(.respond(1))
    }
    #expect(issues.count == 2)
    #expect(
      issues.first?.message.hasPrefix(
        "Expected to receive a matching action, but received none after 0.05 seconds.\n\n")
        == true)
  }

  @Test func sendingClearsUnassertedActionsAndNothingIsReportedAtTheEnd() async {
    let clock = TestClock()
    let issues = await recordIssues {
      let store = probeStore(clock: clock)
      store.exhaustivity = .off
      await store.send(.sendTwo)
      await store.send(.startLongLiving)
      await store.send(.sendTwo)
      await store.send(.increment) { $0.count = 1 }
      #expect(store.state.log == ["first", "second", "first", "second"])
    }
    #expect(issues.map(\.message) == [])
    #expect(clock.sleeperCount == 0)
  }

  @Test func showSkippedAssertionsOnlyPrints() async {
    let issues = await recordIssues {
      let store = probeStore()
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.sendTwo)
      await store.skipReceivedActions()
      await store.send(.sendTwo)
      await store.receive(.second)
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func exhaustivityCanBeTurnedBackOn() async {
    let issues = await recordIssues {
      let store = probeStore()
      store.exhaustivity = .off
      await store.send(.incrementAndRename("Blob")) { $0.count = 1 }
      store.exhaustivity = .on
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func skippedMessagesText() {
    #expect(
      TestStoreMessages.skippedReceived([Probe.Action.first])
        == "1 received action was skipped.\n\n\"first\"")
    #expect(
      TestStoreMessages.skippedReceived([Probe.Action.first, Probe.Action.respond(2)])
        == "2 received actions were skipped.\n\n[\n  [0]: \"first\",\n  [1]: {\"respond\":2}\n]")
    #expect(
      TestStoreMessages.cancelledInFlight([Probe.Action.startLongLiving])
        == "1 in-flight effect was cancelled, originating from:\n\n\"startLongLiving\"")
    #expect(
      TestStoreMessages.skippedAssertion("x") == "Skipped assertions.\n\nx")
  }
}
