// Tree navigation without SwiftUI: `PresentationState` (a property wrapper, so `@Presents` becomes
// `@PresentationState` and `\.$destination` works as in TCA), `PresentationAction`, and the
// presentation `ifLet` that runs the destination's reducer, dismisses it on `.dismiss`, cancels
// its effects when it goes away, and lets it dismiss itself with `\.dismiss`.

/// Optional state of a presented feature (TCA's `@Presents`).
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var destination: Destination.State?
/// }
/// // … .ifLet(\.$destination, action: Action.destination) { Destination() }
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct PresentationState<State> {
  /// The presented state, boxed: two copies of one presentation compare equal without
  /// comparing the state (TCA's fast path).
  private final class Storage: @unchecked Sendable {
    var state: State?
    init(state: State?) { self.state = state }
  }

  private var storage: Storage
  /// The navigation path of what is presented, as the presentation `ifLet` last saw it.
  var presentedID: NavigationIDPath?

  /// Wraps `wrappedValue`.
  public init(wrappedValue: State?) { storage = Storage(state: wrappedValue) }

  /// The presented state, or nil when nothing is presented.
  public var wrappedValue: State? {
    get { storage.state }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.state = newValue
      } else {
        storage = Storage(state: newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(state: storage.state) }
      yield &storage.state
    }
  }

  /// The presented state and its navigation path, without a second reference to the box.
  var snapshot: (state: State?, presentedID: NavigationIDPath?) { (storage.state, presentedID) }

  /// The wrapper itself (`$destination`), for `ifLet`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// The presentation of one case of the presented enum state.
  public subscript<Case>(dynamicMember keyPath: CaseKeyPath<State, Case>) -> PresentationState<
    Case
  > where State: CasePathable {
    PresentationState<Case>(wrappedValue: wrappedValue.flatMap { $0[case: keyPath] })
  }

  /// The presentation of a member of the presented state.
  public subscript<Member>(dynamicMember keyPath: KeyPath<State, Member>)
    -> PresentationState<Member>
  {
    PresentationState<Member>(wrappedValue: wrappedValue?[keyPath: keyPath])
  }

  /// The payload of `path`'s case of the presented state. Setting it replaces the payload;
  /// setting nil dismisses; a write while another case (or nothing) is presented changes
  /// nothing and reports "Can't modify unrelated case "int"", as TCA does.
  ///
  /// ```swift
  /// state.$destination[case: \.counter]?.count += 1
  /// ```
  public subscript<Case>(case path: CaseKeyPath<State, Case>) -> Case? where State: CasePathable {
    get { wrappedValue.flatMap { $0[case: path] } }
    set { self[case: AnyCasePath(path)] = newValue }
  }

  /// The payload of `path`'s case (the case-path form, `$child[case: /Child.int]`): as the
  /// key-path form.
  public subscript<Case>(
    case path: AnyCasePath<State, Case>,
    fileID fileID: StaticString = #fileID, filePath filePath: StaticString = #filePath,
    line line: UInt = #line, column column: UInt = #column
  ) -> Case? {
    get { wrappedValue.flatMap(path.extract) }
    set {
      guard let root = wrappedValue, path.extract(from: root) != nil else {
        reportIssue(
          unrelatedCaseMessage(wrappedValue), fileID: fileID, filePath: filePath, line: line,
          column: column)
        return
      }
      wrappedValue = newValue.map(path.embed)
    }
  }

  /// Whether both wrap the same box (then they hold the same state).
  func sharesStorage(with other: Self) -> Bool { storage === other.storage }
}

extension PresentationState: Equatable where State: Equatable {
  /// The same box, or equal states.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sharesStorage(with: rhs) || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the state.
  public func hash(into hasher: inout Hasher) { wrappedValue.hash(into: &hasher) }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: CustomReflectable {
  /// Reflects as the presented state (dumps and diffs show `nil` or the state).
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}

/// An action of a presented feature, or its dismissal (TCA's `PresentationAction`).
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// store.send(.destination(.presented(.counter(.incrementButtonTapped))))
/// store.send(.destination(.dismiss))
/// ```
public enum PresentationAction<Action> {
  /// Dismisses the presented feature (sets its state to nil, cancels its effects).
  case dismiss
  /// An action of the presented feature.
  indirect case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension Reducer {
  /// Runs `destination` on the presented state at `toPresentationState` for its
  /// `.presented` actions, before this reducer; `.dismiss` sets the state to nil after this
  /// reducer ran; the destination's effects are cancelled when it is dismissed or replaced; its
  /// effects can call `\.dismiss`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: Action.destination) { Destination() }
  /// ```
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: @escaping (PresentationAction<DestinationAction>) -> Action,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      base: self, toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction), destination: destination(),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The presentation `ifLet` for state with no reducer of its own (an alert or a dialog):
  /// any `.presented` action dismisses it.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: Action.alert)
  /// ```
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: @escaping (PresentationAction<DestinationAction>) -> Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// A parent reducer with a presented destination (see the presentation `Reducer.ifLet`).
public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  let base: Base
  let toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>
  let toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  let destination: Destination
  let location: ReducerLocation
  /// What tells whether a destination's state is ephemeral, found once here instead of on every
  /// action.
  private let ephemeral: EphemeralFacts

  init(
    base: Base,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>,
    destination: Destination, location: ReducerLocation
  ) {
    self.base = base
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.destination = destination
    self.location = location
    ephemeral = EphemeralFacts(of: Destination.State.self)
  }

  /// Runs the destination and the base in TCA's order; dismisses and cancels as described on
  /// `ifLet`.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let path = DependencyScope.current.navigationIDPath
    // What was presented, read out of the box so the box stays uniquely referenced and the
    // destination's reducer mutates it in place.
    let (initialState, initialID) = state[keyPath: toPresentationState].snapshot
    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>
    switch (initialState, toPresentationAction.extract(from: action)) {
    case (.some(let destinationState), .some(.dismiss)):
      baseEffects = base.reduce(into: &state, action: action)
      if destinationPath(destinationState, in: path) == currentPath(of: state, in: path) {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
    case (.some(let destinationState), .some(.presented(let destinationAction))):
      let destinationPath = destinationPath(destinationState, in: path)
      let casePath = toPresentationAction
      destinationEffects = destination.reduce(
        into: &state[keyPath: toPresentationState].wrappedValue!, action: destinationAction,
        navigationIDPath: destinationPath
      )
      .map { casePath.embed(.presented($0)) }
      .bindingDismiss(to: casePath.embed(.dismiss))
      .cancellable(id: PresentedEffects(), at: destinationPath)
      baseEffects = base.reduce(into: &state, action: action)
      if let ephemeralType = ephemeral.type(of: destinationState),
        destinationPath == currentPath(of: state, in: path),
        ephemeralType.canSend(destinationAction)
      {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
    case (.none, .some):
      location.report(ReducerMessages.absentDestination(location: location, action: action))
      baseEffects = base.reduce(into: &state, action: action)
    case (_, .none):
      baseEffects = base.reduce(into: &state, action: action)
    }
    // What is presented now, against what was: a new identity cancels the old one's effects.
    // (Read once: each read through the key path costs as much as building a path.)
    let (finalState, finalID) = state[keyPath: toPresentationState].snapshot
    let presentedNow = finalState.map { NavigationID(base: $0, keyPath: toPresentationState) }
    let identityChanged =
      switch (initialID, presentedNow) {
      case (nil, nil): false
      case (let was?, let now?): !was.isPath(path, followedBy: now)
      default: true
      }
    var dismissEffects = Effect<Base.Action>.none
    if identityChanged, let presented = initialID,
      initialState.map({
        destinationPath($0, in: path) == presented && !ephemeral.isEphemeral($0)
      }) ?? true
    {
      dismissEffects = .cancel(id: PresentedEffects(), at: presented)
    }
    if identityChanged, finalState == nil {
      state[keyPath: toPresentationState].presentedID = nil
    }
    if identityChanged || finalID == nil, let presented = finalState, let presentedNow,
      !ephemeral.isEphemeral(presented)
    {
      state[keyPath: toPresentationState].presentedID = path.appending(presentedNow)
    }
    // Merged pairwise: nothing is allocated for the effects that are `.none`.
    return destinationEffects.merge(with: baseEffects).merge(with: dismissEffects)
  }

  /// The navigation path of `destination` presented here.
  private func destinationPath(_ destination: Destination.State, in path: NavigationIDPath)
    -> NavigationIDPath
  {
    path.appending(NavigationID(base: destination, keyPath: toPresentationState))
  }

  /// The navigation path of what `state` presents now, nil when nothing.
  private func currentPath(of state: Base.State, in path: NavigationIDPath) -> NavigationIDPath? {
    state[keyPath: toPresentationState].wrappedValue.map { destinationPath($0, in: path) }
  }
}

/// Marks a presented destination's effects (cancelled at its navigation path when it goes).
struct PresentedEffects: Hashable, Sendable {}

/// Alert- and dialog-like state that dismisses itself after one of its actions.
public protocol _EphemeralState<Action> {
  /// The actions its buttons send.
  associatedtype Action
}

extension _EphemeralState {
  /// The type of the actions its buttons send.
  static var actionType: Any.Type { Action.self }

  /// Whether `action` is one of this state's (itself, or the case of a destination enum's
  /// action that carries it).
  static func canSend(_ action: Any) -> Bool {
    if type(of: action) == actionType { return true }
    guard let payload = CaseReflection.case(of: action)?.payload else { return false }
    return type(of: payload) == actionType
  }
}

/// The ephemeral type of `state` (itself, or the payload of its enum case), if any.
func ephemeralType<State>(of state: State) -> (any _EphemeralState.Type)? {
  EphemeralFacts(of: State.self).type(of: state)
}

/// What tells whether a state of one type is ephemeral: the type itself as an ephemeral type,
/// and whether it may be an enum (whose case's payload may be one). A reducer that asks on every
/// action keeps one, made once.
struct EphemeralFacts: @unchecked Sendable {
  private let stateType: (any _EphemeralState.Type)?
  private let mayBeEnum: Bool

  /// The facts of `type`.
  init(of type: Any.Type) {
    stateType = ephemeralTypes[type].type
    mayBeEnum = NavigationTypeFacts.of(type).mayBeEnum
  }

  /// The ephemeral type of `state` (itself, or the payload of its enum case), if any.
  func type<State>(of state: State) -> (any _EphemeralState.Type)? {
    if let stateType { return stateType }
    guard mayBeEnum, let payload = CaseReflection.case(of: state)?.payload else { return nil }
    return ephemeralTypes[Swift.type(of: payload)].type
  }

  /// Whether `state` is ephemeral.
  func isEphemeral<State>(_ state: State) -> Bool { type(of: state) != nil }
}

/// A state type as an ephemeral type, or nil (a metatype: immutable, so sendable).
private struct EphemeralFact: @unchecked Sendable {
  let type: (any _EphemeralState.Type)?
}

/// Each state type's `EphemeralFact`, found once per type.
private let ephemeralTypes = TypeFactCache { EphemeralFact(type: $0 as? any _EphemeralState.Type) }

/// Whether `state` is ephemeral (an alert, a dialog, or a destination case holding one).
func isEphemeral<State>(_ state: State) -> Bool { ephemeralType(of: state) != nil }

/// TCA's text for a write through a case subscript (`$child[case:]`, `stack[id:case:]`)
/// while `root` is another case (or nothing).
func unrelatedCaseMessage(_ root: Any?) -> String {
  let name = root.flatMap { CaseReflection.case(of: $0)?.label }
  return "Can't modify unrelated case" + (name.map { " \(String(reflecting: $0))" } ?? "")
}

extension NavigationID {
  /// The child held in a `PresentationState` at `keyPath`.
  init<Root, Value>(base: Value, keyPath: KeyPath<Root, PresentationState<Value>>) {
    self.init(base: base, place: .keyPath(keyPath))
  }
}
