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
public struct PresentationState<State> {
  /// The presented state, or nil when nothing is presented.
  public var wrappedValue: State?

  /// Wraps `wrappedValue`.
  public init(wrappedValue: State?) { self.wrappedValue = wrappedValue }

  /// The wrapper itself (`$destination`), for `ifLet`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
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

/// State that dismisses itself after any of its actions (alerts and dialogs).
public protocol _EphemeralState {}

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

  /// Runs the destination and the base in TCA's order; dismisses and cancels as described on
  /// `ifLet`.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let initial = state[keyPath: toPresentationState].wrappedValue
    let initialID = initial.map(identity)
    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>
    switch (initial, toPresentationAction.extract(from: action)) {
    case (.some(var destinationState), .some(.presented(let destinationAction))):
      let casePath = toPresentationAction
      destinationEffects = destination.reduce(into: &destinationState, action: destinationAction)
        .map { casePath.embed(.presented($0)) }
        .bindingDismiss(to: casePath.embed(.dismiss))
        .cancellable(id: cancelID(initialID))
      state[keyPath: toPresentationState].wrappedValue = destinationState
      baseEffects = base.reduce(into: &state, action: action)
      if let current = state[keyPath: toPresentationState].wrappedValue,
        isEphemeral(current), identity(current) == initialID
      {
        state[keyPath: toPresentationState].wrappedValue = nil
      }
    case (.some, .some(.dismiss)):
      baseEffects = base.reduce(into: &state, action: action)
      state[keyPath: toPresentationState].wrappedValue = nil
    case (.none, .some):
      location.report(absentMessage(action: action))
      baseEffects = base.reduce(into: &state, action: action)
    case (_, .none):
      baseEffects = base.reduce(into: &state, action: action)
    }
    var cancel = Effect<Base.Action>.none
    if let initialID {
      let final = state[keyPath: toPresentationState].wrappedValue.map(identity)
      if final != initialID { cancel = .cancel(id: cancelID(initialID)) }
    }
    return .merge(destinationEffects, baseEffects, cancel)
  }

  private func isEphemeral(_ state: Destination.State) -> Bool {
    if state is any _EphemeralState { return true }
    if let (_, payload) = CaseReflection.case(of: state) {
      return payload is any _EphemeralState
    }
    return false
  }

  /// What makes a presentation the same one: its enum case and its id when Identifiable.
  private func identity(_ state: Destination.State) -> PresentationIdentity {
    let label = CaseReflection.case(of: state)?.label
    let payload = CaseReflection.case(of: state)?.payload ?? state
    let id = (payload as? any Identifiable).map { identifier(of: $0) }
    return PresentationIdentity(caseLabel: label, id: id)
  }

  private func cancelID(_ identity: PresentationIdentity?) -> ChildEffectsID {
    ChildEffectsID(
      location: "\(location.fileID):\(location.line):\(location.column)", key: identity)
  }

  private func absentMessage(action: Base.Action) -> String {
    """
    An "ifLet" at "\(location.fileID):\(location.line)" received a presentation action when \
    destination state was absent. …

      Action:
        \(ReducerMessages.dump(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    • A parent reducer set destination state to "nil" before this reducer ran. This reducer \
    must run before any other reducer sets destination state to "nil". This ensures that \
    destination reducers can handle their actions while their state is still present.

    • This action was sent to the store while destination state was "nil". Make sure that \
    actions for this reducer can only be sent from a view store when state is present, or from \
    effects that start from this reducer. In SwiftUI applications, use a Composable \
    Architecture view modifier like "sheet(store:…)".
    """
  }
}

struct PresentationIdentity: Hashable, @unchecked Sendable {
  let caseLabel: String?
  let id: AnyHashable?
}

/// The id of an Identifiable value, type-erased.
func identifier<T: Identifiable>(of value: T) -> AnyHashable { AnyHashable(value.id) }
