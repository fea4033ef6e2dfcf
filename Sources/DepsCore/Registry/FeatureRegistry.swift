// The feature registry: name → something that opens a store (or test store) whose state and
// actions travel as `JSONValue`. Each entry describes itself for `deps_features_json()` /
// `deps.features()`. Swift features register with their Codable State/Action; Lua features
// (deps.feature{}) register with JSONValue state and a name+payload action.
import Synchronization

/// One action of a feature, as the catalogue lists it.
public struct ActionDescriptor: Sendable, Equatable {
  /// The case name, e.g. `numberFactResponse`.
  public let name: String
  /// The payload's shape, e.g. `{"success":string} | {"failure":string}`; nil without payload.
  public let payload: String?
  /// Creates a descriptor.
  public init(_ name: String, payload: String? = nil) {
    self.name = name
    self.payload = payload
  }
}

/// How a feature's typed state and actions travel as `JSONValue`.
public struct FeatureCodec<State, Action>: Sendable {
  let encodeState: @Sendable (State) -> JSONValue
  let decodeState: @Sendable (JSONValue) throws(BridgeError) -> State
  let encodeAction: @Sendable (Action) -> JSONValue
  let decodeAction: @Sendable (JSONValue) throws(BridgeError) -> Action
  /// The JSON Patch operations between two states without encoding their equal parts (nil:
  /// encode both and diff the `JSONValue`s).
  var stateChanges: (@Sendable (_ old: State, _ new: State) -> [JSONValue])?
  /// Writes the state's compact JSON text (the same bytes as `encodeState(state).json()`)
  /// into the encoder's output; false when it could not, and `encodeState` is to be used
  /// (nil: always use `encodeState`).
  var encodeStateText: (@Sendable (_ state: State, _ encoder: JSONTextEncoder) -> Bool)?
  /// Decodes an action straight from its JSON text (UTF-8) into `destination` (room for an
  /// `Action` in a `ValueDecoder.Scratch`) when that needs no `JSONValue`
  /// (`JSONActionText.fill`), returning the case name's bytes; `nil`, with `destination`
  /// uninitialized, when the text is to be parsed and given to `decodeAction` (a nil
  /// function: always).
  var fillActionFromText:
    (
      @Sendable (_ utf8: UnsafeRawBufferPointer, _ destination: UnsafeMutableRawPointer)
        -> UnsafeRawBufferPointer?
    )?

  /// A codec from explicit functions.
  public init(
    encodeState: @escaping @Sendable (State) -> JSONValue,
    decodeState: @escaping @Sendable (JSONValue) throws(BridgeError) -> State,
    encodeAction: @escaping @Sendable (Action) -> JSONValue,
    decodeAction: @escaping @Sendable (JSONValue) throws(BridgeError) -> Action
  ) {
    self.encodeState = encodeState
    self.decodeState = decodeState
    self.encodeAction = encodeAction
    self.decodeAction = decodeAction
    self.stateChanges = nil
    self.encodeStateText = nil
    self.fillActionFromText = nil
  }

  /// The JSON Patch (RFC 6902) operations turning the encoding of `old` into that of `new`.
  func changes(from old: State, to new: State) -> [JSONValue] {
    if let stateChanges { return stateChanges(old, new) }
    var operations: [JSONValue] = []
    JSONPatch.diff(from: encodeState(old), to: encodeState(new), into: &operations)
    return operations
  }
}

extension FeatureCodec {
  /// The codec refusing a payload on the actions named in `names` (cases without one): the
  /// synthesized decoding would ignore it, so `{"incrementButtonTapped": 1}` is a wrong shape.
  /// `{"name": {}}` and `{"name": null}` stay accepted.
  func rejectingPayloads(of names: Set<String>, feature: String) -> Self {
    guard !names.isEmpty else { return self }
    let decode = decodeAction
    var codec = Self(
      encodeState: encodeState, decodeState: decodeState, encodeAction: encodeAction,
      decodeAction: { value throws(BridgeError) in
        if case .object(let object) = value, object.count == 1, let name = object.keys.first,
          names.contains(name), let payload = object[name], payload != .null,
          payload != .object(ValueObject())
        {
          throw BridgeError(
            .decode,
            "action \"\(name)\" of \(feature) takes no payload: send \"\(name)\", got "
              + ValueError.excerpt(of: value))
        }
        return try decode(value)
      })
    codec.stateChanges = stateChanges
    codec.encodeStateText = encodeStateText
    if let fill = fillActionFromText {
      codec.fillActionFromText = { utf8, destination in
        guard let name = fill(utf8, destination) else { return nil }
        // `{"name": payload}` of a name refused a payload: the tree path says why.
        if Self.isObject(utf8), names.contains(where: { $0.utf8Equals(name) }) {
          destination.assumingMemoryBound(to: Action.self).deinitialize(count: 1)
          return nil
        }
        return name
      }
    }
    return codec
  }

  /// Whether the JSON text `utf8` starts (after whitespace) with `{`.
  private static func isObject(_ utf8: UnsafeRawBufferPointer) -> Bool {
    for byte in utf8 {
      switch byte {
      case 0x20, 0x0A, 0x0D, 0x09: continue
      default: return byte == UInt8(ascii: "{")
      }
    }
    return false
  }
}

extension FeatureCodec
where State: Codable & SendableMetatype, Action: Codable & SendableMetatype {
  /// The codec of Codable state and actions (docs/values.md shapes).
  public static var codable: Self {
    var codec = Self(
      encodeState: { state in
        (try? ValueEncoder().encode(state)) ?? JSONValue(reflecting: state)
      },
      decodeState: { value throws(BridgeError) in
        do { return try ValueDecoder().decode(State.self, from: value) } catch {
          throw BridgeError(error as? ValueError ?? ValueError(kind: .shape, message: "\(error)"))
        }
      },
      encodeAction: { action in
        (try? ValueEncoder().encode(action)) ?? JSONValue(reflecting: action)
      },
      decodeAction: { value throws(BridgeError) in
        do { return try ValueDecoder().decode(Action.self, from: value) } catch {
          throw BridgeError(error as? ValueError ?? ValueError(kind: .shape, message: "\(error)"))
        }
      })
    // `encodeState` gives `JSONValue(reflecting:)` when the encoding throws; the text
    // encoder then reports a failure and the caller takes `encodeState`.
    codec.encodeStateText = { state, encoder in encoder.encode(state) }
    if ValueDecoder.fitsScratch(Action.self) {
      codec.fillActionFromText = { utf8, destination in
        JSONActionText.fill(Action.self, utf8, into: destination)
      }
    }
    let encodeState = codec.encodeState
    codec.stateChanges = { old, new in
      var operations: [JSONValue] = []
      do {
        try StateChanges.diff(from: old, to: new, into: &operations)
      } catch {
        // A part that cannot be encoded: diff the whole encodings (as `state` reads them).
        operations.removeAll()
        JSONPatch.diff(from: encodeState(old), to: encodeState(new), into: &operations)
      }
      return operations
    }
    return codec
  }
}

/// A registered feature.
public struct FeatureDescriptor: Sendable {
  /// The feature's name, e.g. `Counter`.
  public let name: String
  /// One line about what it does.
  public let summary: String
  /// The default state.
  public let defaultState: JSONValue
  /// The actions it handles.
  public let actions: [ActionDescriptor]
  /// The dependency paths it uses.
  public let dependencies: [String]
  /// The names of the child features it composes (`Scope`, `ifLet`, `forEach`), as declared;
  /// the upfront dependency check follows them.
  public var children: [String] = []

  let openStore:
    @Sendable (JSONValue?, DependencyContext, DependencyOverrides) throws(BridgeError) ->
      any BridgedStore
  let openTestStore:
    @Sendable (JSONValue?, DependencyOverrides) throws(BridgeError) -> any BridgedTestStore

  /// The entry as `deps_features_json()` lists it.
  public var catalogueValue: JSONValue {
    var object = ValueObject()
    object["name"] = .string(name)
    object["summary"] = .string(summary)
    object["state"] = defaultState
    object["actions"] = .array(
      actions.map { action in
        var entry = ValueObject()
        entry["name"] = .string(action.name)
        if let payload = action.payload { entry["payload"] = .string(payload) }
        return .object(entry)
      })
    object["dependencies"] = .array(dependencies.map { .string($0) })
    if !children.isEmpty { object["children"] = .array(children.map { .string($0) }) }
    return .object(object)
  }

  /// Opens a store in `context` with `overrides`; `state` is merged onto the default state.
  public func open(
    state: JSONValue? = nil, context: DependencyContext, overrides: DependencyOverrides
  ) throws(BridgeError) -> any BridgedStore {
    try openStore(state, context, overrides)
  }

  /// Opens an exhaustive test store (test context; clocks are the test context's defaults
  /// unless `overrides` sets them, e.g. `continuousClock` to the preset `"test"`).
  public func openTest(state: JSONValue? = nil, overrides: DependencyOverrides)
    throws(BridgeError) -> any BridgedTestStore
  {
    try openTestStore(state, overrides)
  }

  /// Checks an action's name against the feature's actions (before decoding its payload).
  /// `validateActionName(_:)` for an action whose case name is the UTF-8 `name`.
  func validateActionName(utf8 name: UnsafeRawBufferPointer) throws(BridgeError) {
    if actions.isEmpty || actions.contains(where: { $0.name.utf8Equals(name) }) { return }
    try validateActionName(.string(String(decoding: name, as: UTF8.self)))
  }

  func validateActionName(_ action: JSONValue) throws(BridgeError) {
    let name: String
    switch action {
    case .string(let text):
      name = text
    case .object(let object) where object.count == 1:
      name = object.keys.first ?? ""
    default:
      throw BridgeError(
        .decode,
        "expected an action (a case name string or a one-key object), got "
          + ValueError.excerpt(of: action))
    }
    // A feature listing no actions (a Lua `deps.feature{}` without `actions=`) takes any name.
    if actions.isEmpty || actions.contains(where: { $0.name == name }) { return }
    let names = actions.map(\.name)
    throw BridgeError(
      .notFound, "unknown action \"\(name)\" for \(self.name)\(didYouMean(name, in: names))")
  }
}

/// Every feature of the process.
public final class FeatureRegistry: Sendable {
  /// The process-wide registry. It starts empty: modules fill it (`DepsModule.register`).
  public static let shared = FeatureRegistry()

  private let entries = Mutex<[String: FeatureDescriptor]>([:])

  /// An empty registry (tests and hosts may keep one apart from `shared`).
  public init() {}

  /// Every feature, sorted by name.
  public var all: [FeatureDescriptor] {
    entries.withLock { Array($0.values) }.sorted { $0.name < $1.name }
  }

  /// The feature called `name`, or a not-found error naming the close matches.
  public func descriptor(_ name: String) throws(BridgeError) -> FeatureDescriptor {
    if let found = entries.withLock({ $0[name] }) { return found }
    let names = entries.withLock { Array($0.keys) }
    throw BridgeError(.notFound, "unknown feature \"\(name)\"\(didYouMean(name, in: names))")
  }

  /// Adds (or replaces) a feature.
  public func register(_ descriptor: FeatureDescriptor) {
    entries.withLock { $0[descriptor.name] = descriptor }
  }

  /// Registers a reducer as a feature.
  ///
  /// - Parameters:
  ///   - name: the feature's name.
  ///   - summary: one line about it.
  ///   - actions: its actions, for the catalogue and for unknown-action hints.
  ///   - dependencies: the dependency paths it uses.
  ///   - children: the names of the child features it composes (the dependency check
  ///     follows them).
  ///   - initialState: the default state.
  ///   - codec: how state and actions travel as `JSONValue`.
  ///   - checksStateKeys: whether a state given from C or Lua must name only the state's keys.
  ///   - reducer: makes the reducer (called inside the store's dependencies).
  public func register<R: Reducer>(
    name: String, summary: String, actions: [ActionDescriptor], dependencies: [String],
    children: [String] = [],
    initialState: R.State, codec: FeatureCodec<R.State, R.Action>,
    checksStateKeys: Bool = true,
    reducer: @escaping @Sendable () -> R
  )
  where
    R.State: Equatable, R: SendableMetatype, R.State: SendableMetatype,
    R.Action: SendableMetatype
  {
    let codec = codec.rejectingPayloads(
      of: Set(actions.filter { $0.payload == nil }.map(\.name)), feature: name)
    let defaultState = codec.encodeState(initialState)
    let placeholder = FeatureDescriptor(
      name: name, summary: summary, defaultState: defaultState, actions: actions,
      dependencies: dependencies, children: children,
      openStore: { _, _, _ throws(BridgeError) in
        throw BridgeError(.error, "feature \(name) is not ready")
      },
      openTestStore: { _, _ throws(BridgeError) in
        throw BridgeError(.error, "feature \(name) is not ready")
      })
    let descriptor = FeatureDescriptor(
      name: name, summary: summary, defaultState: defaultState, actions: actions,
      dependencies: dependencies, children: children,
      openStore: { state, context, overrides throws(BridgeError) in
        let initial = try Self.initialState(
          state, defaults: defaultState, codec: codec, checksKeys: checksStateKeys,
          feature: name)
        return SwiftBridgedStore<R.State, R.Action>(
          feature: placeholder, codec: codec, initialState: initial, reducer: reducer
        ) { values in
          values.context = context
          values.useFreshCache()
          overrides.apply(to: &values)
        }
      },
      openTestStore: { state, overrides throws(BridgeError) in
        let initial = try Self.initialState(
          state, defaults: defaultState, codec: codec, checksKeys: checksStateKeys,
          feature: name)
        return SwiftBridgedTestStore<R.State, R.Action>(
          feature: placeholder, codec: codec, initialState: initial, reducer: reducer
        ) { values in
          // As Swift's TestStore: the test context's defaults (unimplemented clocks); a test
          // clock only when the test asks for one (the preset "test").
          overrides.apply(to: &values)
        }
      })
    register(descriptor)
  }

  /// `state` merged (RFC 7386) onto the default state and decoded. With `checksKeys`, a
  /// top-level key the state does not have (when its shape is known) is refused with the close
  /// matches.
  static func initialState<State, Action>(
    _ state: JSONValue?, defaults: JSONValue, codec: FeatureCodec<State, Action>,
    checksKeys: Bool = false, feature: String = ""
  ) throws(BridgeError) -> State {
    guard let state else { return try codec.decodeState(defaults) }
    guard case .object(let object) = state else {
      throw BridgeError(
        .decode, "expected the state as a JSON object, got \(ValueError.excerpt(of: state))")
    }
    if checksKeys, let keys = stateKeys(of: try codec.decodeState(defaults), encoded: defaults) {
      for key in object.keys where !keys.contains(key) {
        throw BridgeError(
          .notFound,
          "unknown state key \"\(key)\" for \(feature)\(didYouMean(key, in: keys))")
      }
    }
    return try codec.decodeState(MergePatch.apply(state, to: defaults))
  }

  /// The top-level keys of a state: its stored properties (optionals absent from the encoded
  /// default included) and the encoded default's keys; nil when the state is not a struct or
  /// an object (its shape is not known).
  static func stateKeys<State>(of state: State, encoded: JSONValue) -> [String]? {
    var keys: [String] = []
    if case .object(let object) = encoded { keys = object.keys }
    if let value = state as? JSONValue {
      guard case .object = value else { return nil }
      return keys
    }
    let mirror = Mirror(reflecting: state)
    guard mirror.displayStyle == .struct || mirror.displayStyle == .class else {
      return keys.isEmpty ? nil : keys
    }
    for child in mirror.children {
      if let label = child.label, !keys.contains(label) { keys.append(label) }
    }
    return keys
  }
}
