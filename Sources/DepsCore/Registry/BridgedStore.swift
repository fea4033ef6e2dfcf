// A store seen through the Bridge: actions and state as `JSONValue`. What `deps_store_*` and the
// Lua `deps.Store` drive. Issues reported while a call runs (an unimplemented endpoint, a
// missing live value, an effect's unhandled error) are collected and handed to the caller of
// that call, so C gets them as an error message and Lua as an error.

/// A store whose state and actions travel as `JSONValue`.
public protocol BridgedStore: AnyObject, Sendable {
  /// The feature it runs.
  var feature: FeatureDescriptor { get }
  /// Validates and decodes `action`, reduces it, starts its effects and runs them until they
  /// wait. Bad input throws before anything changes. Returns the issues reported meanwhile.
  func send(_ action: JSONValue) throws(BridgeError) -> [String]
  /// Runs effects until none is running or `seconds` pass; returns (idle, issues).
  func run(timeout seconds: Double) -> (idle: Bool, issues: [String])
  /// The current state.
  var state: JSONValue { get }
  /// What changed in the state since the previous call, as JSON Patch (RFC 6902) operations:
  /// `[]` when nothing changed, `[{"op":"replace","path":"","value":<state>}]` the first time.
  /// Equal parts are skipped by the state's own `==` without being encoded, so one changed
  /// element of a long array costs one comparison per element and the encoding of that
  /// element. The store keeps the state of the previous call (a copy sharing its storage).
  func stateChanges() -> JSONValue
  /// Calls `observer` with every handled action and the resulting state (nil stops).
  func observe(_ observer: ((_ action: JSONValue, _ state: JSONValue) -> Void)?)
  /// True while an effect is running.
  var hasEffectsInFlight: Bool { get }
  /// Cancels running effects; later calls do nothing.
  func close()
  /// The language of the advice in the issues it returns (`.c` unless the front says
  /// otherwise).
  var dialect: TestStoreDialect { get set }
  /// The event-loop descriptor: readable while the store has work ready (`Store.fileDescriptor`).
  func pollDescriptor() throws(BridgeError) -> Int32
  /// Milliseconds until the store has work: 0 now, -1 nothing scheduled (poll()'s convention).
  var millisecondsUntilWork: Int32 { get }
  /// The recorder of the store's run (nil when it opened without one).
  var trace: DependencyTrace? { get }
}

final class SwiftBridgedStore<State: Equatable, Action>: BridgedStore, @unchecked Sendable {
  let feature: FeatureDescriptor
  private let codec: FeatureCodec<State, Action>
  let store: Store<State, Action>
  /// Issues reported while a call runs (an effect stuck reporting in a loop keeps 100).
  private let recorder = RecordingIssueReporter(limit: 100)
  /// `[recorder]`, built once (not an array allocation per call).
  private let reporters: [any IssueReporter]
  private var observation: StoreObservation?
  /// The state as of the last `stateChanges()` (nil: none yet).
  private var changesBaseline: State?
  var dialect: TestStoreDialect = .c

  init<R: Reducer>(
    feature: FeatureDescriptor, codec: FeatureCodec<State, Action>, initialState: State,
    reducer: @escaping @Sendable () -> R,
    prepare: (inout DependencyValues) -> Void
  ) where R.State == State, R.Action == Action {
    self.feature = feature
    self.codec = codec
    let recorder = self.recorder
    self.reporters = [recorder]
    self.store = withIssueReporters([recorder]) {
      Store(initialState: initialState, reducer: reducer, withDependencies: prepare)
    }
    store.core.trace?.describe(with: codec)
  }

  var trace: DependencyTrace? { store.core.trace }

  func send(_ action: JSONValue) throws(BridgeError) -> [String] {
    try feature.validateActionName(action)
    let typed = try codec.decodeAction(action)
    withIssueReporters(reporters) { _ = store.send(typed) }
    return drainIssues()
  }

  func run(timeout seconds: Double) -> (idle: Bool, issues: [String]) {
    let idle = withIssueReporters(reporters) {
      store.run(timeout: .nanoseconds(Int64(max(0, min(seconds, 1e9)) * 1e9)))
    }
    return (idle, drainIssues())
  }

  var state: JSONValue { codec.encodeState(store.state) }

  func stateChanges() -> JSONValue {
    let current = store.state
    defer { changesBaseline = current }
    guard let baseline = changesBaseline else {
      return .array([JSONPatch.replace("", codec.encodeState(current))])
    }
    return .array(codec.changes(from: baseline, to: current))
  }

  var hasEffectsInFlight: Bool { store.hasEffectsInFlight }

  func observe(_ observer: ((JSONValue, JSONValue) -> Void)?) {
    if let observation { store.removeObserver(observation) }
    observation = nil
    guard let observer else { return }
    let codec = self.codec
    observation = store.observe { action, state in
      observer(codec.encodeAction(action), codec.encodeState(state))
    }
  }

  func close() {
    withIssueReporters(reporters) { store.close() }
    recorder.removeAll()
  }

  func pollDescriptor() throws(BridgeError) -> Int32 {
    do {
      return try store.fileDescriptor
    } catch {
      throw BridgeError(.error, error.description)
    }
  }

  var millisecondsUntilWork: Int32 { store.core.millisecondsUntilWork }

  private func drainIssues() -> [String] {
    let dialect = self.dialect
    return recorder.takeMessages().map { TestStoreMessages.inDialect($0, dialect) }
  }
}

extension SwiftBridgedStore: CallSerialized {
  package var callLock: ReentrantLock { store.core.lock }
}
