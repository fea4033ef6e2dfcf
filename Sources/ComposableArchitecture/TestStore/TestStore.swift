// `TestStore`: an exhaustive store for tests, as in TCA. Every state change must be asserted
// (`send(_:assert:)`), every action effects send must be received (`receive`), and every
// effect must finish by the end of the test. Failures go through `reportIssue` (so they fail
// the running Swift test) with TCA's wording (TestStoreMessages.swift), values shown in the
// store's wording (TestStoreWording.swift: Swift syntax, or a front's own).
//
// This file is the core every front shares: the store's state and settings, and the `package`
// synchronous steps the C and Lua fronts call (they block the calling thread while effects wait
// for outside work). The Swift async API (TestStoreAsync.swift) awaits without blocking a
// thread and then goes through the same steps.

import DepsConcurrency
@_spi(SharedChangeTracking) import Sharing

/// A store for exhaustive tests of a feature.
///
/// ```swift
/// @Test func numberFact() async {
///   let store = TestStore(initialState: Feature.State()) {
///     Feature()
///   } withDependencies: {
///     $0.numberFact.fetch = { "\($0) is a good number." }
///   }
///   await store.send(.incrementButtonTapped) { $0.count = 1 }
///   await store.send(.numberFactButtonTapped)
///   await store.receive(.numberFactResponse(.success("1 is a good number."))) {
///     $0.numberFact = "1 is a good number."
///   }
/// }
/// ```
public final class TestStore<State: Equatable, Action>: @unchecked Sendable {
  struct Received {
    let action: Action
    let state: State
    let origin: UInt64
  }
  struct SendRecord {
    let action: Action
    let location: SourceLocation
    /// Where a C or Lua test sent it (`file.lua:12`), when known.
    let site: String?
  }

  package let core: StoreCore<State, Action>
  private var received: [Received] = []
  private var sends: [UInt64: SendRecord] = [:]
  /// The sends whose effects `skipInFlightEffects` skipped (under the store's lock).
  private var skippedOrigins: Set<UInt64> = []
  var expectedState: State
  private var clockTokens: [() -> Void] = []
  private var isCompleted = false
  private let location: SourceLocation
  /// Records shared-state changes for the assertions (TestStoreSharedState.swift).
  let sharedChangeTracker = SharedChangeTracker()
  var isAssertingSharedState = false

  /// True once the feature dismissed itself (`@Dependency(\.dismiss)` called at the root, as
  /// in TCA): its effects were cancelled then, and a later `send` fails.
  public var isDismissed: Bool { core.lock.withLock { dismissal.isDismissed } }
  private let dismissal = DismissalFlag()

  /// How exhaustively the store asserts (default `.on`).
  public var exhaustivity: Exhaustivity {
    get { core.lock.withLock { storedExhaustivity } }
    set { core.lock.withLock { storedExhaustivity = newValue } }
  }
  var storedExhaustivity: Exhaustivity = .on

  /// How failures show values and name calls: Swift syntax for Swift tests; the C and Lua
  /// fronts give their own.
  package var wording: any TestStoreWording = SwiftTestStoreWording()
  /// Told the expected state before a failing assertion, the actual state and whether the
  /// store is exhaustive (`ExpectedStateUpdates`); nil unless `depsh test --update` asks.
  package var onStateMismatch: ((State, State, Bool) -> Void)?

  /// The default time `receive` and `finish` wait (1 second).
  public var timeout: Duration {
    get { .nanoseconds(Int64(clamping: timeoutNanoseconds)) }
    set { timeoutNanoseconds = nanoseconds(of: newValue) }
  }
  /// `timeout` in nanoseconds.
  var timeoutNanoseconds: UInt64 = 1_000_000_000

  /// Creates a test store in the test context. It shares the running test's cache of default
  /// values, as in TCA: a default the test body read is the one the store's reducer sees.
  ///
  /// - Parameters:
  ///   - initialState: the first state.
  ///   - reducer: builds the reducer under test.
  ///   - prepareDependencies: overrides for this test.
  ///   - fileID: where the test store is created (its end-of-test failures point there).
  ///   - filePath: its `#filePath`.
  ///   - line: its `#line`.
  ///   - column: its `#column`.
  ///
  /// As in TCA, every task runs on the main serial executor while the store lives
  /// (`useMainSerialExecutor`), and the setting it found comes back when the last test store
  /// goes away.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), reducer: reducer, withDependencies: prepareDependencies,
      mainSerialExecutor: true,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The test store of the C and Lua fronts passes `mainSerialExecutor: false`: their hosts do
  /// not run the main queue, so tasks sent there would never run.
  package init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void,
    mainSerialExecutor: Bool, at location: SourceLocation
  ) where R.State == State, R.Action == Action {
    self.mainSerialExecutor = mainSerialExecutor ? MainSerialExecutorLease.acquire() : nil
    var values = DependencyValues._current
    values.context = .test
    values.update(prepareDependencies)
    sharedChangeTracker.track(&values)
    let (reducer, state) = DependencyValues.$_current.withValue(values) {
      (reducer(), initialState())
    }
    self.location = location
    self.expectedState = state
    self.core = StoreCore(state: state, dependencies: values) {
      reducer.reduce(into: &$0, action: $1)
    }
    core.onEffectAction = { [weak self] action, state, origin in
      self?.received.append(Received(action: action, state: state, origin: origin))
    }
    // The feature calling `dismiss()` at the root: as TCA's, the store is dismissed and its
    // in-flight effects are skipped without a report.
    let dismissal = self.dismissal
    let runtime: StoreRuntime = core
    core.dependencies[RootDismissalKey.self] = RootDismissal { [weak runtime] in
      guard let runtime else { return }
      runtime.lock.withLock {
        dismissal.isDismissed = true
        for origin in Set(runtime.inFlightOrigins) { runtime.cancel(origin: origin) }
      }
    }
    attachClocks()
  }

  /// Runs `operation` with the store's exhaustivity set to `exhaustivity`, then restores it.
  ///
  /// ```swift
  /// store.withExhaustivity(.off) { … }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try operation()
  }

  deinit {
    complete()
    for detach in clockTokens { detach() }
    if let mainSerialExecutor { MainSerialExecutorLease.release(mainSerialExecutor) }
  }

  /// Whether every task runs on the main serial executor (ConcurrencyExtras'
  /// `uncheckedUseMainSerialExecutor`): on from the test store's creation, as in TCA.
  public var useMainSerialExecutor: Bool {
    get { uncheckedUseMainSerialExecutor }
    set { uncheckedUseMainSerialExecutor = newValue }
  }
  /// The store's hold on the main serial executor (nil for the C and Lua fronts' stores).
  private let mainSerialExecutor: MainSerialExecutorLease.Token?

  // MARK: State and dependencies

  /// The state as of the last assertion, as in TCA: after `send(.a)` it is the state right
  /// after `.a`, even when effects have already fed more actions (`.b`, `.c`) into the store;
  /// after `receive(.b)` it is the state right after `.b`. Inside an assertion closure it is the
  /// state before the asserted step.
  public var state: State { core.lock.withLock { expectedState } }

  /// The live state, including changes of received actions not asserted yet: what the C and
  /// Lua fronts call the test store's current state (`deps_test_store_state`, `store.state`).
  package var currentState: State { core.lock.withLock { core.state } }

  /// The store's dependencies. Changing them affects later actions; running effects keep the
  /// values they captured.
  public var dependencies: DependencyValues {
    get { core.lock.withLock { core.dependencies } }
    set {
      core.lock.withLock {
        core.dependencies = newValue
        resolvedStackIDs = nil
      }
      attachClocks()
    }
  }

  /// The stack element ids of the store's dependencies, resolved once (a default read in a
  /// test takes the slow path): what assertion closures append with.
  private var stackIDs: StackElementIDGenerator {
    if let resolvedStackIDs { return resolvedStackIDs }
    let generator = core.dependencies.stackElementID
    resolvedStackIDs = generator
    return generator
  }
  private var resolvedStackIDs: StackElementIDGenerator?

  // MARK: Synchronous core (C and Lua fronts)

  /// `send` without `async`: runs effects on this thread until they wait.
  @discardableResult
  package func sendNow(
    _ action: Action, assert: ((inout State) throws -> Void)?, at location: SourceLocation,
    site: String? = nil
  ) -> TestStoreTask {
    let origin = core.lock.withLock { () -> UInt64 in
      if dismissal.isDismissed {
        report(TestStoreMessages.sendToDismissed, at: location)
        return 0
      }
      if !received.isEmpty {
        switch storedExhaustivity {
        case .on:
          // As TCA: the unhandled actions stay queued, and this send is asserted against the
          // actual state before it (not against the last asserted one), so the failure is not
          // followed by a diff of the unhandled actions' changes.
          report(wording.mustHandle(received.map { $0.action }), at: location)
        case .off(let show):
          if show {
            note(wording.skippedReceived(received.map { $0.action }), at: location)
          }
          received.removeAll()
        }
        expectedState = core.state
      }
      let origin = core.makeOrigin()
      sends[origin] = SendRecord(action: action, location: location, site: site)
      let stackIDs = assert == nil ? nil : self.stackIDs.peek()
      let stateAfterReducer = core.process(action, origin: origin, fromEffect: false)
      assertState(actual: stateAfterReducer, modify: assert, at: location, stackIDsFrom: stackIDs)
      core.pumpReady()
      return origin
    }
    return TestStoreTask(core: core, origin: origin, timeout: timeoutNanoseconds)
  }

  /// `receive` without `async`: blocks this thread up to `nanoseconds` while effects wait.
  package func receiveNow(
    matching isMatching: @escaping (Action) -> Bool, expected: Action?, nanoseconds: UInt64,
    explicitTimeout: Bool, assert: ((inout State) throws -> Void)?, at location: SourceLocation
  ) {
    let waited = core.lock.withLock {
      let waited = core.hasEffectsInFlight
      _ = core.pump(
        until: { self.hasReceived(matching: isMatching) },
        deadline: MonotonicClock.deadline(afterNanoseconds: nanoseconds))
      return waited
    }
    finishReceive(
      matching: isMatching, expected: expected, timedOut: (nanoseconds, explicitTimeout, waited),
      assert: assert, at: location)
  }

  /// `finish` without `async`. Returns false (and reports) if effects are still running.
  @discardableResult
  package func finishNow(nanoseconds: UInt64, explicitTimeout: Bool, at location: SourceLocation)
    -> Bool
  {
    assertNoReceivedActions(at: location)
    let done = core.lock.withLock {
      core.pump(
        until: { !self.hasTrackedEffectsInFlight },
        deadline: MonotonicClock.deadline(afterNanoseconds: nanoseconds))
    }
    if !done {
      report(
        wording.finishTimedOut(nanoseconds: nanoseconds, explicitTimeout: explicitTimeout),
        at: location)
    }
    return done
  }

  /// `finish`'s first check, as TCA's: actions received and not asserted yet fail (exhaustive
  /// only). They stay queued, so the end of the test reports them again if never received.
  func assertNoReceivedActions(at location: SourceLocation) {
    core.lock.withLock {
      core.pumpReady()
      guard storedExhaustivity == .on, !received.isEmpty else { return }
      report(wording.unhandledAtEnd(received.map { $0.action }), at: location)
    }
  }

  /// True while the store handles an action (its reducer, observers or endpoints run on this
  /// thread): a test store refuses to be sent an action then.
  package var isHandlingAction: Bool {
    core.lock.isHeldByCurrentThread && (core.isHandling || core.isPumping)
  }

  /// Drops the oldest received action, as a failed `receive` does (the fronts call it when the
  /// expected action cannot even be decoded). Does nothing when none was received.
  package func dropFirstReceived() {
    core.lock.withLock {
      core.pumpReady()
      guard storedExhaustivity == .on, !received.isEmpty else { return }
      expectedState = received.removeFirst().state
    }
  }

  package func skipReceivedActionsNow(strict: Bool, at location: SourceLocation) {
    core.lock.withLock {
      core.pumpReady()
      if received.isEmpty {
        if strict { report(TestStoreMessages.noReceivedActionsToSkip, at: location) }
        return
      }
      if case .off(true) = storedExhaustivity {
        note(wording.skippedReceived(received.map { $0.action }), at: location)
      }
      received.removeAll()
      expectedState = core.state
    }
  }

  /// As TCA's: the running effects are no longer awaited nor reported at the end; they keep
  /// running, the actions they send are still received, and the end of the test cancels them.
  package func skipInFlightEffectsNow(strict: Bool, at location: SourceLocation) {
    core.lock.withLock {
      core.pumpReady()
      let origins = trackedInFlightOrigins
      if origins.isEmpty {
        if strict { report(TestStoreMessages.noInFlightEffectsToSkip, at: location) }
        return
      }
      switch storedExhaustivity {
      case .on, .off(true):
        note(
          wording.cancelledInFlight(origins.compactMap { sends[$0]?.action }),
          at: location)
      case .off(false):
        break
      }
      skippedOrigins.formUnion(origins)
    }
  }

  /// The origins of the running effects not skipped, one per effect, oldest first.
  var trackedInFlightOrigins: [UInt64] {
    core.inFlightOrigins.filter { !skippedOrigins.contains($0) }
  }

  /// True while an effect not skipped runs.
  var hasTrackedEffectsInFlight: Bool { !trackedInFlightOrigins.isEmpty }

  /// Ends the test: reports unreceived actions and each running effect (at the send that
  /// started it), then cancels what is left. Runs once (also from `deinit`).
  package func complete() {
    core.lock.withLock {
      if isCompleted { return }
      isCompleted = true
      core.pumpReady()
      if !received.isEmpty, storedExhaustivity == .on {
        report(wording.unhandledAtEnd(received.map { $0.action }), at: location)
      }
      if storedExhaustivity == .on {
        for origin in trackedInFlightOrigins {
          let record = sends[origin]
          report(
            wording.effectStillRunning(action: record?.action, site: record?.site),
            at: record?.location ?? location)
        }
      }
      assertNoSharedChanges(at: location)
      core.close()
    }
  }

  /// The test clocks among the store's clocks (to advance them from the fronts).
  package var testClocks: [TestClock<Duration>] {
    let values = dependencies
    var clocks: [TestClock<Duration>] = []
    let candidates = [values.continuousClock, values.suspendingClock].map {
      ($0 as? any WrappingClock)?.wrappedClock ?? $0
    }
    for clock in candidates {
      if let test = clock as? TestClock<Duration>, !clocks.contains(where: { $0 === test }) {
        clocks.append(test)
      }
    }
    return clocks
  }

  // MARK: Shared logic

  func hasReceived(matching isMatching: (Action) -> Bool) -> Bool {
    if storedExhaustivity == .on { return !received.isEmpty }
    return received.contains { isMatching($0.action) }
  }

  /// `failureMessage` and `describeUnexpected` replace the default texts (receive by case).
  func finishReceive(
    matching isMatching: (Action) -> Bool, expected: Action?,
    timedOut: (nanoseconds: UInt64, explicit: Bool, waited: Bool),
    assert: ((inout State) throws -> Void)?, at location: SourceLocation,
    failureMessage: String? = nil, describeUnexpected: ((Action) -> String)? = nil
  ) {
    core.lock.withLock {
      let exhaustive = storedExhaustivity == .on
      if !hasReceived(matching: isMatching) && timedOut.waited {
        report(
          wording.receiveTimedOut(
            exhaustive: exhaustive, nanoseconds: timedOut.nanoseconds,
            explicitTimeout: timedOut.explicit, inFlight: core.hasEffectsInFlight),
          at: location)
      }
      let failure =
        failureMessage ?? expected.map { wording.didNotReceive($0) }
        ?? TestStoreMessages.didNotReceiveMatching
      guard !received.isEmpty else { return report(failure, at: location) }
      if !exhaustive {
        guard let index = received.firstIndex(where: { isMatching($0.action) }) else {
          return report(failure, at: location)
        }
        if index > 0 {
          if case .off(true) = storedExhaustivity {
            note(
              wording.skippedReceived(received[..<index].map { $0.action }), at: location)
          }
          expectedState = received[index - 1].state
          received.removeFirst(index)
        }
      }
      let next = received.removeFirst()
      if !isMatching(next.action) {
        report(
          describeUnexpected.map { $0(next.action) }
            ?? expected.map { wording.unexpectedAction(expected: $0, received: next.action) }
            ?? wording.unexpectedAction(received: next.action),
          at: location)
        // As TCA: an unexpected action's state is taken as it is, not asserted.
        expectedState = next.state
        return
      }
      assertState(actual: next.state, modify: assert, at: location)
    }
  }

  /// Compares the expected state (changed by `modify`) with `actual`; then expects `actual`.
  /// The closure appends stack elements from `stackIDsFrom` (a send: the id the reducer took
  /// first) or from the store's next id (a receive), without taking the store's ids, as TCA.
  func assertState(
    actual: State, modify: ((inout State) throws -> Void)?, at location: SourceLocation,
    skipUnnecessaryModify: Bool = false, stackIDsFrom: StackElementID? = nil
  ) {
    let runInSharedScope = assertingSharedState(skipUnnecessaryModify: skipUnnecessaryModify) {
      assertState(
        actual: actual, modify: modify, at: location, skipUnnecessaryModify: $0,
        stackIDsFrom: stackIDsFrom)
    }
    if runInSharedScope { return }
    let exhaustive = storedExhaustivity == .on
    let before = exhaustive ? expectedState : actual
    var expected = before
    if let modify {
      do {
        // The closure sees the store's dependencies (`$0.date = date.now` reads its clock).
        let dependencies = core.dependencies
        try stackIDs.replaying(from: stackIDsFrom) {
          try DependencyValues.$_current.withValue(dependencies) {
            try XCTModifyLocals.$isExhaustive.withValue(exhaustive) { try modify(&expected) }
          }
        }
      } catch {
        report(TestStoreMessages.threw(error), at: location)
        expectedState = actual
        return
      }
    }
    if expected != actual {
      onStateMismatch?(before, actual, exhaustive)
      report(
        wording.stateMismatch(
          hasAssertion: modify != nil, expected: expected, actual: actual),
        at: location)
    } else {
      if modify != nil && expected == before && exhaustive && !skipUnnecessaryModify {
        onStateMismatch?(before, actual, exhaustive)
        report(TestStoreMessages.unnecessaryModify, at: location)
      }
      if modify != nil {
        // Equal to `actual`, but in its own storage: the store's state stays the only holder
        // of its storage, so the next reducer changes it in place instead of copying the whole
        // state (one copy-on-write per step, the assertion's, instead of two).
        expectedState = expected
        return
      }
    }
    expectedState = actual
  }

  func report(_ message: String, at location: SourceLocation) {
    var message = message
    // A traced Swift test's failure ends with its last steps (the fronts add them themselves).
    if wording.endsWithLastSteps, let steps = core.instrument?.failureEpilogue() {
      message += "\n\n" + steps
    }
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }

  /// A skipped assertion under `.off(showSkippedAssertions: true)`: printed, not failed.
  private func note(_ message: String, at location: SourceLocation) {
    RuntimeWarningReporter().reportIssue(
      ReportedIssue(
        message: TestStoreMessages.skippedAssertion(message), fileID: "\(location.fileID)",
        filePath: "\(location.filePath)", line: location.line, column: location.column))
  }

  private func attachClocks() {
    for detach in clockTokens { detach() }
    let pumpable: any ClockPumpable = core
    clockTokens = testClocks.map { clock in
      let token = clock.attachPump { pumpable.pumpFromClock() }
      return { clock.detachPump(token) }
    }
  }

}

/// A source location captured at a call site.
package struct SourceLocation: Sendable {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Whether a test store's feature dismissed itself (read and written under the store's lock).
private final class DismissalFlag: @unchecked Sendable {
  var isDismissed = false
}
