// A store seen through the Bridge: actions and state as `JSONValue`. What `deps_store_*` and the
// Lua `deps.Store` drive. Issues reported while a call runs (an unimplemented endpoint, a
// missing live value, an effect's unhandled error) are collected and handed to the caller of
// that call, so C gets them as an error message and Lua as an error.

/// A store whose state and actions travel as `JSONValue`.
///
/// Fronts drive stores through it; the stores themselves come from `FeatureDescriptor.open`
/// (the one conformance, which keeps the bases of `statePatch()` and `stateChanges()`). It is
/// not meant to be conformed to outside DepsCore, and requirements are added without defaults.
public protocol BridgedStore: AnyObject, Sendable {
  /// The feature it runs.
  var feature: FeatureDescriptor { get }
  /// Validates and decodes `action`, reduces it, starts its effects and runs them until they
  /// wait. Bad input throws before anything changes. Returns the issues reported meanwhile.
  func send(_ action: JSONValue) throws(BridgeError) -> [String]
  /// `send(_:)` for an action given as JSON text (UTF-8) that the store decodes without
  /// parsing it into a `JSONValue` first (an action of a Swift feature whose cases it decoded
  /// before): the same checks, errors and effect. `nil` when it does not — nothing happened:
  /// parse the text and call `send(_:)`.
  func send(actionText utf8: UnsafeRawBufferPointer) throws(BridgeError) -> [String]?
  /// Runs effects until none is running or `seconds` pass; returns (idle, issues).
  func run(timeout seconds: Double) -> (idle: Bool, issues: [String])
  /// The current state.
  var state: JSONValue { get }
  /// Calls `body` with the current state's compact JSON text (UTF-8, the bytes of
  /// `state.json()`, valid during the call only), and makes this state the base of the next
  /// `statePatch()`.
  func readStateJSON(_ body: (UnsafeBufferPointer<UInt8>) -> Void)
  /// The current state (`state`), made the base of the next `statePatch()` (Lua's `s.state`).
  func readState() -> JSONValue
  /// What changed in the state since the last `readStateJSON`, `readState()` or
  /// `statePatch()`, as a JSON merge patch (RFC 7386, `MergePatch.diff` of the two states'
  /// encodings): `{}` when nothing changed, the whole state the first time. This state becomes
  /// the base of the next one. The one writer of a front's state patch (C's
  /// `deps_store_state_patch`, Lua's `s:state_patch()`).
  func statePatch() -> JSONValue
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
  /// Cancels running effects and writes what its cassette recorded; later calls do nothing.
  /// Returns the messages of what failed (a cassette that cannot be written).
  @discardableResult func close() -> [String]
  /// The words of the front that drives it: the issues it returns are told in them
  /// (`SwiftFrontWording` unless the front gives its own).
  var wording: any FrontWording { get set }
  /// The event-loop descriptor: readable while the store has work ready (`Store.fileDescriptor`).
  func pollDescriptor() throws(BridgeError) -> Int32
  /// Milliseconds until the store has work: 0 now, -1 nothing scheduled (poll()'s convention).
  var millisecondsUntilWork: Int32 { get }
  /// The recorder of the store's run (nil when it opened without one).
  var trace: DependencyTrace? { get }
}

extension BridgedStore {
  /// Takes no text: every action is parsed and given to `send(_:)`.
  public func send(actionText utf8: UnsafeRawBufferPointer) throws(BridgeError) -> [String]? {
    nil
  }
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
  /// The state as of the last `readStateJSON`, `readState()` or `statePatch()` (when
  /// `hasReadBaseline`),
  /// kept as the value (sharing its storage) rather than encoded: only a patch needs its
  /// encoding. Not an optional: asking for `Optional<State>`'s metadata on every read costs
  /// more than the read's own work. Guarded by the call lock.
  @exclusivity(unchecked) private var readBaseline: State
  @exclusivity(unchecked) private var hasReadBaseline = false
  /// The encoding of `readBaseline` when the last read was a patch (which had to encode it).
  @exclusivity(unchecked) private var readBaselineJSON: JSONValue?
  /// The state's text encoder, reused from read to read.
  private let textEncoder = JSONTextEncoderSlot()
  /// Read after every call (guarded by the call lock): no dynamic exclusivity checks.
  @exclusivity(unchecked) var wording: any FrontWording = SwiftFrontWording()
  /// True once `close()` ran (guarded by the call lock).
  private var isClosed = false

  init<R: Reducer>(
    feature: FeatureDescriptor, codec: FeatureCodec<State, Action>, initialState: State,
    reducer: @escaping @Sendable () -> R,
    prepare: (inout DependencyValues) -> Void
  ) where R.State == State, R.Action == Action {
    self.feature = feature
    self.codec = codec
    self.readBaseline = initialState
    let recorder = self.recorder
    self.reporters = [recorder]
    self.store = withIssueReporters([recorder]) {
      Store(initialState: initialState, reducer: reducer, withDependencies: prepare)
    }
    (store.core.instrument as? DependencyTrace)?.describe(with: codec)
  }

  var trace: DependencyTrace? { (store.core.instrument as? DependencyTrace) }

  func send(_ action: JSONValue) throws(BridgeError) -> [String] {
    try feature.validateActionName(action)
    let typed = try codec.decodeAction(action)
    withIssueReporters(reporters) { _ = store.send(typed) }
    return drainIssues()
  }

  func send(actionText utf8: UnsafeRawBufferPointer) throws(BridgeError) -> [String]? {
    guard let fill = codec.fillActionFromText else { return nil }
    var scratch = ValueDecoder.emptyScratch
    guard let name = fill(utf8, &scratch) else { return nil }
    let typed = ValueDecoder.move(Action.self, from: &scratch)
    try feature.validateActionName(utf8: name)
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

  func readStateJSON(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let current = store.state
    readBaseline = current
    hasReadBaseline = true
    if readBaselineJSON != nil { readBaselineJSON = nil }
    if let encodeText = codec.encodeStateText {
      let written = textEncoder.withEncoder { encoder in
        guard encodeText(current, encoder) else { return false }
        body(encoder.output)
        return true
      }
      if written { return }
    }
    codec.encodeState(current).withCompactJSONBytes(body)
  }

  func readState() -> JSONValue {
    let current = store.state
    let currentJSON = codec.encodeState(current)
    readBaseline = current
    hasReadBaseline = true
    readBaselineJSON = currentJSON
    return currentJSON
  }

  func statePatch() -> JSONValue {
    let current = store.state
    let currentJSON = codec.encodeState(current)
    let previous =
      readBaselineJSON
      ?? (hasReadBaseline ? codec.encodeState(readBaseline) : .object(ValueObject()))
    readBaseline = current
    hasReadBaseline = true
    readBaselineJSON = currentJSON
    return MergePatch.diff(from: previous, to: currentJSON) ?? .object(ValueObject())
  }

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

  @discardableResult func close() -> [String] {
    if isClosed { return [] }
    isClosed = true
    withIssueReporters(reporters) { store.close() }
    recorder.removeAll()
    guard let cassette = (store.core.instrument as? DependencyTrace)?.cassette else { return [] }
    do throws(CassetteError) { try cassette.save() } catch { return [error.message] }
    return []
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
    let messages = recorder.takeMessages()
    if messages.isEmpty { return messages }
    let wording = self.wording
    return messages.map { wording.issue($0) }
  }
}

extension SwiftBridgedStore: CallSerialized {
  package var callLock: ReentrantLock { store.core.lock }
}
