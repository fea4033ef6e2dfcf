// `Scope`: runs a child reducer on a part of the parent's state, for the child's actions.

/// Embeds a child reducer in a parent: child state by key path, child actions by case path.
///
/// ```swift
/// Scope(state: \.todos, action: AppFeature.Action.todos) {
///   Todos()
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to `state` and the actions of the case path `action`.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = state
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

  /// Runs the child for child actions; other actions pass through untouched.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction>
  {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let casePath = toChildAction
    return child.reduce(into: &state[keyPath: toChildState], action: childAction)
      .map { casePath.embed($0) }
  }
}
