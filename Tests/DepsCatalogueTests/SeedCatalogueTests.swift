// The registries with the seed catalogue registered: lookups with close matches, action validation,
// initial state, overrides (presets, functions, not-overridable paths), bridged stores.
import Foundation
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
@testable import DepsCatalogue

@Suite struct RegistryTests {
  init() { registerSeedCatalogue() }

  @Test func unknownFeatureNamesCloseMatches() {
    #expect(throws: BridgeError(.notFound, #"unknown feature "Countr"; did you mean "Counter"?"#)) {
      try FeatureRegistry.shared.descriptor("Countr")
    }
  }

  @Test func unknownPathNamesCloseMatches() {
    var overrides = DependencyOverrides()
    #expect(
      throws: BridgeError(
        .notFound, #"unknown dependency path "numbrFact.fetch"; did you mean "numberFact.fetch"?"#)
    ) {
      try overrides.set("numbrFact.fetch", function: { _ in .null })
    }
  }

  @Test func catalogueListsEveryFeatureAndPath() {
    let names = FeatureRegistry.shared.all.map(\.name)
    #expect(names == ["App", "Counter", "NumberFact", "Timer", "Todos"])
    let paths = EndpointRegistry.shared.all.map(\.path)
    for path in [
      "numberFact.fetch", "delayClient.wait", "uuid", "date.now", "continuousClock",
      "suspendingClock", "withRandomNumberGenerator", "calendar", "locale", "timeZone",
      "userDefaults", "userDefaults.get", "userDefaults.set",
    ] {
      #expect(paths.contains(path), "\(path)")
    }
    #expect(throws: Never.self) { try EndpointRegistry.shared.descriptor("random") }
  }

  @Test func badPresetsFailWhenAdded() {
    var overrides = DependencyOverrides()
    #expect(
      throws: BridgeError(
        .decode, #"expected "incrementing" or a UUID string for uuid, got 42"#)
    ) { try overrides.set("uuid", preset: 42) }
    #expect(
      throws: BridgeError(
        .decode, #"expected "immediate", "test" or "live" for continuousClock, got "fast""#)
    ) { try overrides.set("continuousClock", preset: "fast") }
    #expect(
      throws: BridgeError(
        .invalid,
        #"dependency path "userDefaults.get" can be called but not overridden; "#
          + #"override "userDefaults" instead"#
      )
    ) { try overrides.set("userDefaults.get", preset: "memory") }
    #expect(
      throws: BridgeError(
        .invalid,
        #"dependency path "continuousClock" takes a preset ("immediate", "test", "live"), "#
          + "not a function"
      )
    ) { try overrides.set("continuousClock", function: { _ in .null }) }
  }

  @Test func unknownActionAndBadPayloadChangeNothing() throws {
    let feature = try FeatureRegistry.shared.descriptor("NumberFact")
    let store = try feature.open(context: .test, overrides: DependencyOverrides())
    #expect(
      throws: BridgeError(
        .notFound,
        #"unknown action "incrementButonTapped" for NumberFact; "#
          + #"did you mean "incrementButtonTapped"?"#
      )
    ) { try store.send("incrementButonTapped") }
    #expect(
      throws: BridgeError(
        .decode, #"expected a string at numberFactResponse.success, got 12"#)
    ) { try store.send(["numberFactResponse": ["success": 12]]) }
    #expect(store.state == ["count": 0])
    store.close()
  }

  @Test func initialStateIsMergedOntoTheDefault() throws {
    let feature = try FeatureRegistry.shared.descriptor("Counter")
    let store = try feature.open(
      state: ["count": 41], context: .test, overrides: DependencyOverrides())
    #expect(try store.send("incrementButtonTapped") == [])
    #expect(store.state == ["count": 42, "isLoading": false])
    store.close()
  }

  @Test func userDefaultsGetAndSetUseTheStoreInScope() async throws {
    let get = try EndpointRegistry.shared.descriptor("userDefaults.get")
    let set = try EndpointRegistry.shared.descriptor("userDefaults.set")
    try await withDependencies {
      $0.userDefaults = .inMemory()
    } operation: {
      _ = try await set.invoke?(["key": "k", "value": [1, 2]])
      #expect(try await get.invoke?("k") == [1, 2])
      _ = try await set.invoke?(["key": "k", "value": nil])
      #expect(try await get.invoke?("k") == .null)
    }
  }

  @Test func bridgedTestStorePatchesAndFailures() throws {
    let feature = try FeatureRegistry.shared.descriptor("Counter")
    var overrides = DependencyOverrides()
    try overrides.set("delayClient.wait", function: { _ in .null })
    let store = try feature.openTest(overrides: overrides)
    #expect(try store.send("incrementButtonTapped", assert: .patch(["count": 1])) == [])
    let failures = try store.send("incrementButtonTapped", assert: .patch(["count": 3]))
    #expect(
      failures == [
        """
        A state change does not match expectation.

            {
          -   "count": 3,
          +   "count": 2,
              … (1 unchanged)
            }

        (Expected: -, Actual: +)
        """
      ])
    #expect(
      throws: BridgeError(.decode, #"expected an integer at count, got "x""#)
    ) { try store.send("incrementButtonTapped", assert: .patch(["count": "x"])) }
    #expect(store.state == ["count": 2, "isLoading": false])
    let delayed = try store.send(
      "delayedIncrementButtonTapped", assert: .patch(["isLoading": true]))
    #expect(delayed == [])
    #expect(store.close().count == 1)
  }

  // A store no front words speaks Swift; the C and Lua fronts' words for the same failures are
  // asserted by Tests/C/failures.c and Tests/Lua/stock/teststore.lua.
  @Test func advanceNeedsATestClock() throws {
    let feature = try FeatureRegistry.shared.descriptor("Timer")
    var overrides = DependencyOverrides()
    try overrides.set("continuousClock", preset: "immediate")
    try overrides.set("suspendingClock", preset: "immediate")
    let store = try feature.openTest(overrides: overrides)
    #expect(
      throws: BridgeError(
        .invalid,
        "this store has no test clock to advance: ask for one when opening it "
          + "($0.continuousClock = TestClock())"
      )
    ) { try store.advance(by: 1) }
    _ = store.close()
  }

  @Test func leftoverEffectsNameTheActionThatStartedThemAndWhereItWasSent() throws {
    let feature = try FeatureRegistry.shared.descriptor("Timer")
    var overrides = DependencyOverrides()
    try overrides.set("continuousClock", preset: "test")
    let store = try feature.openTest(overrides: overrides)
    #expect(
      try store.send(
        "toggleButtonTapped", assert: .patch(["isRunning": true]), site: "timer_spec.lua:7")
        == [])
    #expect(
      store.close() == [
        """
        An effect returned for this action is still running. It must complete before the end of \
        the test.

        To fix, inspect any effects the reducer returns for this action and ensure that all of \
        them complete by the end of the test. There are a few reasons why an effect may not have \
        completed:

        If an effect waits for outside work, it may need a little bit of time to finish. To fix \
        you can call "await store.finish()" at the end of your test.

        If an effect waits on a clock (a sleep, a timer), make sure that you wait enough time \
        for it to perform the effect. If you are using a test clock, advance it \
        ("await clock.advance(by: duration)") so that the effects may complete, or consider \
        using an immediate clock ("$0.continuousClock = ImmediateClock()") to perform the \
        effect at once.

        If you are returning a long-living effect (timers, subscriptions, etc.), then make sure \
        those effects are torn down: mark them ".cancellable" and return a corresponding \
        cancellation effect ("Effect.cancel") from another action.

        If you do not wish to assert on these effects, call \
        "await store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
        "store.exhaustivity = .off".

        Started by the action: "toggleButtonTapped" (sent at timer_spec.lua:7)
        """
      ])
  }

  @Test func aForgottenClockFailsTheSendAsInSwift() throws {
    let feature = try FeatureRegistry.shared.descriptor("Timer")
    let store = try feature.openTest(overrides: DependencyOverrides())
    let failures = try store.send("toggleButtonTapped", assert: .patch(["isRunning": true]))
    #expect(
      Array(failures.prefix(2)) == [
        "Unimplemented: ContinuousClock.now", "Unimplemented: ContinuousClock.sleep",
      ])
    store.exhaustivity = .off
    _ = store.close()
  }

  @Test func aPayloadOnANestedPayloadFreeCaseIsAWrongShape() throws {
    let feature = try FeatureRegistry.shared.descriptor("App")
    let store = try feature.open(context: .test, overrides: DependencyOverrides())
    #expect(
      throws: BridgeError(.decode, "expected no payload at todos.addButtonTapped, got 1")
    ) { try store.send(["todos": ["addButtonTapped": 1]]) }
    #expect(store.state == ["todos": ["todos": []]])
    store.close()
  }

  @Test func aHugeUnknownNameGetsNoSuggestionAndReturnsAtOnce() {
    let huge = String(repeating: "x", count: 1_000_000)
    #expect(closeMatches(for: huge, in: ["incrementButtonTapped", "decrementButtonTapped"]) == [])
  }

  @Test func aStoreStuckReportingIsStoppedByTheRunawayRule() throws {
    // Timer in the test context with no clock override: UnimplementedClock reports every sleep
    // and returns at once, so the effect loops until the runaway rule cancels it after 100
    // identical issues; each issue shows once, then its folded repeats (the fix in Swift: no front
    // words this store; Tests/C/runaway.c asserts C's).
    let feature = try FeatureRegistry.shared.descriptor("Timer")
    let store = try feature.open(context: .test, overrides: DependencyOverrides())
    let issues = try store.send("toggleButtonTapped")
    let folded = { (what: String) in
      """
      Unimplemented: ContinuousClock.\(what)

        An effect reported this issue 100 times, so it was cancelled: Deps stops an effect \
      after 100 identical issues (TCA has no such bound).

        To fix, give the store a test clock: $0.continuousClock = TestClock()
      """
    }
    #expect(
      issues == [
        "Unimplemented: ContinuousClock.now", "Unimplemented: ContinuousClock.sleep",
        folded("now"), folded("sleep"),
      ])
    #expect(!store.hasEffectsInFlight)
    store.close()
  }

  /// Found by the capi fuzzer: a count at the end of Int's range from a front trapped the host.
  @Test func countsAtTheEndOfIntsRangeSaturateInsteadOfTrapping() throws {
    let counter = try FeatureRegistry.shared.descriptor("Counter")
    let high = try counter.openTest(state: ["count": .int(.max)], overrides: DependencyOverrides())
    #expect(try high.send("incrementButtonTapped", assert: nil) == [])
    #expect(high.state["count"] == .int(.max))
    _ = high.close()
    let fact = try FeatureRegistry.shared.descriptor("NumberFact")
    let low = try fact.open(
      state: ["count": .int(.min)], context: .test, overrides: DependencyOverrides())
    #expect(try low.send("decrementButtonTapped") == [])
    #expect(low.state["count"] == .int(.min))
    low.close()
  }
}
