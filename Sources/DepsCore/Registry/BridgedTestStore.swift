// A TestStore seen through the Bridge: the Swift TestStore's semantics and messages, with the
// expected state given as a merge patch (C), a whole state, or a mutation of a copy (Lua's
// assert function). Failures of a call are returned, not thrown: the store stays usable.

/// How a test asserts the state after an action.
public enum ValueAssertion: Sendable {
  /// An RFC 7386 merge patch onto the previous expected state.
  case patch(JSONValue)
  /// A change of a copy of the previous expected state (Lua's assert function).
  case modify(@Sendable (inout JSONValue) throws -> Void)
}

/// A test store whose state and actions travel as `JSONValue`.
public protocol BridgedTestStore: AnyObject, Sendable {
  /// The feature it runs.
  var feature: FeatureDescriptor { get }
  /// Sends `action` and asserts the state; returns the failures (empty: passed). `site` is
  /// where the test sent it (`file.lua:12`), named if one of its effects is still running at
  /// the end of the test.
  func send(_ action: JSONValue, assert: ValueAssertion?, site: String?) throws(BridgeError)
    -> [String]
  /// The words of the front that drives it: its failures' advice names the front's calls, and
  /// the issues it returns are told in them (`SwiftFrontWording` unless the front gives its
  /// own).
  var wording: any FrontWording { get set }
  /// Receives `action` (waiting up to `timeout` seconds) and asserts the state.
  func receive(_ action: JSONValue, assert: ValueAssertion?, timeout: Double)
    throws(BridgeError) -> [String]
  /// Advances the store's test clock(s) by `seconds`, running effects that wake.
  func advance(by seconds: Double) throws(BridgeError) -> [String]
  /// Waits up to `timeout` seconds for effects to finish.
  func finish(timeout: Double) -> [String]
  /// Drops received actions without asserting them.
  func skipReceivedActions(strict: Bool) -> [String]
  /// Cancels running effects without asserting them.
  func skipInFlightEffects(strict: Bool) -> [String]
  /// Exhaustive (`.on`) or not.
  var exhaustivity: Exhaustivity { get set }
  /// The current state.
  var state: JSONValue { get }
  /// Applies more overrides to the store's dependencies (later actions see them).
  func applyOverrides(_ overrides: DependencyOverrides)
  /// Ends the test: unreceived actions and running effects are reported and returned.
  func close() -> [String]
  /// The event-loop descriptor: readable while the store has work ready (`Store.fileDescriptor`).
  func pollDescriptor() throws(BridgeError) -> Int32
  /// Milliseconds until the store has work: 0 now, -1 nothing scheduled (poll()'s convention).
  var millisecondsUntilWork: Int32 { get }
  /// The recorder of the test's run (nil when it opened without one).
  var trace: DependencyTrace? { get }
  /// The recorder or default watch of the store's overrides (unused-override reports).
  var overridesTrace: DependencyTrace? { get }
}

extension BridgedTestStore {
  /// Sends `action` and asserts the state (no send site); returns the failures.
  public func send(_ action: JSONValue, assert: ValueAssertion?) throws(BridgeError) -> [String] {
    try send(action, assert: assert, site: nil)
  }
}

final class SwiftBridgedTestStore<State: Equatable, Action>: BridgedTestStore,
  @unchecked Sendable
{
  let feature: FeatureDescriptor
  let codec: FeatureCodec<State, Action>
  let store: TestStore<State, Action>
  /// Issues reported while a call runs (an effect stuck reporting in a loop keeps 100).
  let recorder = RecordingIssueReporter(limit: 100)
  private var isClosed = false

  init<R: Reducer>(
    feature: FeatureDescriptor, codec: FeatureCodec<State, Action>, initialState: State,
    reducer: @escaping @Sendable () -> R,
    prepare: (inout DependencyValues) -> Void
  ) where R.State == State, R.Action == Action {
    self.feature = feature
    self.codec = codec
    let recorder = self.recorder
    self.store = withIssueReporters([recorder]) {
      // A C or Lua test store is a test of its own: a fresh cache of defaults (a Swift
      // TestStore shares its test's cache, as in TCA).
      TestStore(
        initialState: initialState, reducer: reducer,
        withDependencies: {
          $0.useFreshCache()
          prepare(&$0)
        }, mainSerialExecutor: false, at: Self.here)
    }
    store.wording = FrontTestStoreWording(wording)
    (store.core.instrument as? DependencyTrace)?.describe(with: codec)
    store.reportsStateMismatches(codec)
  }

  var trace: DependencyTrace? { (store.core.instrument as? DependencyTrace) }

  var overridesTrace: DependencyTrace? { store.overridesTrace }

  deinit {
    if !isClosed { _ = close() }
  }

  private static var here: SourceLocation {
    SourceLocation(fileID: "Deps/TestStore", filePath: "TestStore", line: 0, column: 0)
  }

  /// The typed assertion, validated first against the current state so a patch of the wrong
  /// shape fails before anything is sent.
  private func typedAssertion(_ assertion: ValueAssertion?) throws(BridgeError)
    -> ((inout State) throws -> Void)?
  {
    guard let assertion else { return nil }
    let codec = self.codec
    let change: @Sendable (inout JSONValue) throws -> Void
    switch assertion {
    case .patch(let patch):
      guard case .object = patch else {
        throw BridgeError(
          .decode,
          "expected the expected-state patch as a JSON object, got "
            + ValueError.excerpt(of: patch))
      }
      var probe = codec.encodeState(store.currentState)
      probe = MergePatch.apply(patch, to: probe)
      _ = try codec.decodeState(probe)
      change = { $0 = MergePatch.apply(patch, to: $0) }
    case .modify(let modify):
      change = modify
    }
    return { state in
      var value = codec.encodeState(state)
      try change(&value)
      state = try codec.decodeState(value)
    }
  }

  private func decode(_ action: JSONValue) throws(BridgeError) -> Action {
    try feature.validateActionName(action)
    return try codec.decodeAction(action)
  }

  /// Refuses a call made from inside the store's own work (its reducer, an endpoint override,
  /// an effect): a test drives its test store from the test only.
  private func checkNotNested() throws(BridgeError) {
    if store.isHandlingAction { throw BridgeError(.invalid, TestStoreMessages.nestedTestStoreCall) }
  }

  var wording: any FrontWording = SwiftFrontWording() {
    didSet { store.wording = FrontTestStoreWording(wording) }
  }

  func send(_ action: JSONValue, assert: ValueAssertion?, site: String?) throws(BridgeError)
    -> [String]
  {
    try checkNotNested()
    let typed = try decode(action)
    let assertion = try typedAssertion(assert)
    withIssueReporters([recorder]) {
      _ = store.sendNow(typed, assert: assertion, at: Self.here, site: site)
    }
    return drainIssues()
  }

  func receive(_ action: JSONValue, assert: ValueAssertion?, timeout: Double)
    throws(BridgeError) -> [String]
  {
    try checkNotNested()
    let typed: Action
    let assertion: ((inout State) throws -> Void)?
    do throws(BridgeError) {
      typed = try decode(action)
      assertion = try typedAssertion(assert)
    } catch {
      // A failed receive consumes the received action, whatever the failure (as TCA's).
      withIssueReporters([recorder]) { store.dropFirstReceived() }
      _ = drainIssues()
      throw error
    }
    let codec = self.codec
    let expected = codec.encodeAction(typed)
    withIssueReporters([recorder]) {
      store.receiveNow(
        matching: { codec.encodeAction($0) == expected }, expected: typed,
        nanoseconds: UInt64(max(0, min(timeout, 1e9)) * 1e9), explicitTimeout: true,
        assert: assertion, at: Self.here)
    }
    return drainIssues()
  }

  func advance(by seconds: Double) throws(BridgeError) -> [String] {
    try checkNotNested()
    guard seconds.isFinite, seconds >= 0 else {
      throw BridgeError(
        .invalid, "expected a finite, non-negative number of seconds, got \(seconds)")
    }
    let clocks = store.testClocks
    guard !clocks.isEmpty else {
      throw BridgeError(.invalid, TestStoreMessages.noTestClock(wording))
    }
    withIssueReporters([recorder]) {
      for clock in clocks {
        clock.advanceSynchronously(by: .nanoseconds(Int64(min(seconds, 1e9) * 1e9)))
      }
    }
    return drainIssues()
  }

  func finish(timeout: Double) -> [String] {
    withIssueReporters([recorder]) {
      _ = store.finishNow(
        nanoseconds: UInt64(max(0, min(timeout, 1e9)) * 1e9), explicitTimeout: true,
        at: Self.here)
    }
    return drainIssues() + UnusedOverrides.endOfTest(store.overridesTrace)
  }

  func skipReceivedActions(strict: Bool) -> [String] {
    withIssueReporters([recorder]) { store.skipReceivedActionsNow(strict: strict, at: Self.here) }
    return drainIssues()
  }

  func skipInFlightEffects(strict: Bool) -> [String] {
    withIssueReporters([recorder]) { store.skipInFlightEffectsNow(strict: strict, at: Self.here) }
    return drainIssues()
  }

  var exhaustivity: Exhaustivity {
    get { store.exhaustivity }
    set { store.exhaustivity = newValue }
  }

  var state: JSONValue { codec.encodeState(store.currentState) }

  func applyOverrides(_ overrides: DependencyOverrides) {
    overrides.applyToOpenStore(&store.dependencies)
  }

  func close() -> [String] {
    if isClosed { return [] }
    isClosed = true
    withIssueReporters([recorder]) { store.complete() }
    var messages = drainIssues() + UnusedOverrides.endOfTest(store.overridesTrace)
    if let cassette = (store.core.instrument as? DependencyTrace)?.cassette {
      do throws(CassetteError) { try cassette.save() } catch { messages.append(error.message) }
    }
    return messages
  }

  func pollDescriptor() throws(BridgeError) -> Int32 {
    let core = store.core
    let entered = core.lock.enter()
    defer { if entered { core.lock.exit() } }
    do {
      return try core.pollDescriptor()
    } catch {
      throw BridgeError(.error, error.description)
    }
  }

  var millisecondsUntilWork: Int32 { store.core.millisecondsUntilWork }

  private func drainIssues() -> [String] {
    let wording = self.wording
    var messages = recorder.takeMessages().map { wording.issue($0) }
    if let trace = (store.core.instrument as? DependencyTrace), !messages.isEmpty {
      trace.endWithLastSteps(&messages)
    }
    return messages
  }
}

extension SwiftBridgedTestStore: CallSerialized {
  package var callLock: ReentrantLock { store.core.lock }
}
