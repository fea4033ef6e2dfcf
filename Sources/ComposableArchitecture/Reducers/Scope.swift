// `Scope`: runs a child reducer on a part of the parent's state, for the child's actions. The
// part is a stored property (key path) or one case of an enum state (case constructor, the
// translation of TCA's `Scope(state: \.child, action: \.child)` on enum state).

/// Embeds a child reducer in a parent: child state by key path or enum case, child actions by
/// case path.
///
/// ```swift
/// Scope(state: \.todos, action: AppFeature.Action.todos) {
///   Todos()
/// }
/// // Enum state: the case constructor picks the case.
/// Scope(state: Destination.State.counter, action: Destination.Action.counter) {
///   Counter()
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(AnyCasePath<ParentState, Child.State>, location: ReducerLocation)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to `state` and the actions of the case path `action`.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(state)
    self.toChildAction = action
    self.child = child()
  }

  /// Scopes `child` to `state` and the actions of the case built by `action`
  /// (e.g. `Action.todos`).
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: @escaping (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: AnyCasePath(action), child: child)
  }

  /// Scopes `child` to one case of an enum state, built by `state` (e.g. `State.counter`), and
  /// the actions of the case built by `action`. A child action that arrives while the state is
  /// another case is reported (TCA's wording) and ignored.
  public init<ChildState, ChildAction>(
    state: @escaping (ChildState) -> ParentState,
    action: @escaping (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      enumState: AnyCasePath(state), action: AnyCasePath(action), child: child,
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Scopes `child` to the case of the enum state `state` extracts.
  init<ChildState, ChildAction>(
    enumState state: AnyCasePath<ParentState, ChildState>,
    action: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child, location: ReducerLocation
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(state, location: location)
    self.toChildAction = action
    self.child = child()
  }

  /// Runs the child for child actions; other actions pass through untouched.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let casePath = toChildAction
    switch toChildState {
    case .keyPath(let keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map { casePath.embed($0) }
    case .casePath(let statePath, let location):
      guard var childState = statePath.extract(from: state) else {
        location.report(
          ReducerMessages.differentCase(
            reducer: "Scope", location: location, action: action, state: state,
            stateType: ParentState.self))
        return .none
      }
      defer { state = statePath.embed(childState) }
      return child.reduce(into: &childState, action: childAction).map { casePath.embed($0) }
    }
  }
}
