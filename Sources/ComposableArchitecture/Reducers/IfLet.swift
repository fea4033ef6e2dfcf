// `ifLet`: runs a child reducer on optional child state while it is present.

extension Reducer {
  /// Runs `child` on `state[keyPath: toChildState]` when it is non-nil, for the child's actions,
  /// before this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.tutorial, action: AppFeature.Action.tutorial) { Todos() }
  /// ```
  /// A child action that arrives while the child state is nil is reported as an issue.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: @escaping (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: AnyCasePath(toChildAction),
      location: (fileID, filePath, line, column))
  }

  /// The `ifLet` for optional alert or dialog state, which has no reducer of its own: it is
  /// set to nil after any of its actions (TCA's overload for `_EphemeralState`).
  ///
  /// ```swift
  /// .ifLet(\.alert, action: Action.alert)
  /// ```
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: @escaping (WrappedAction) -> Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    _IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction), location: (fileID, filePath, line, column))
  }
}

/// A parent reducer with an optional child (see `Reducer.ifLet`).
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: (StaticString, StaticString, UInt, UInt)

  /// Runs the child (when its state exists), then the parent; cancels the child's effects when
  /// the parent sets its state to nil or replaces it with another child; dismisses ephemeral
  /// child state (an alert) after one of its actions.
  public func reduce(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    let path = DependencyScope.current.navigationIDPath
    let childEffects = reduceChild(into: &state, action: action, path: path)
    let childIDBefore = state[keyPath: toChildState].map {
      NavigationID(base: $0, keyPath: toChildState)
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    let childIDAfter = state[keyPath: toChildState].map {
      NavigationID(base: $0, keyPath: toChildState)
    }
    if childIDAfter == childIDBefore, toChildAction.extract(from: action) != nil,
      let childState = state[keyPath: toChildState], isEphemeral(childState)
    {
      state[keyPath: toChildState] = nil
    }
    var cancel = Effect<Parent.Action>.none
    if let childIDBefore, childIDBefore != childIDAfter {
      cancel = .cancel(id: childIDBefore, at: path)
    }
    return .merge(childEffects, parentEffects, cancel)
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action, path: NavigationIDPath
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard let childState = state[keyPath: toChildState] else {
      ReducerLocation(
        fileID: location.0, filePath: location.1, line: location.2, column: location.3
      )
      .report(
        ReducerMessages.missingChild(
          location: ReducerLocation(
            fileID: location.0, filePath: location.1, line: location.2, column: location.3),
          action: action))
      return .none
    }
    let childID = NavigationID(base: childState, keyPath: toChildState)
    let casePath = toChildAction
    return child.reduce(
      into: &state[keyPath: toChildState]!, action: childAction,
      navigationIDPath: path.appending(childID)
    )
    .map { casePath.embed($0) }
    .cancellable(id: childID, at: path)
  }
}
