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
}

/// A parent reducer with an optional child (see `Reducer.ifLet`).
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: (StaticString, StaticString, UInt, UInt)

  /// Runs the child (when its state exists), then the parent.
  public func reduce(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if state[keyPath: toChildState] != nil {
        let casePath = toChildAction
        childEffect = child.reduce(
          into: &state[keyPath: toChildState]!, action: childAction
        ).map { casePath.embed($0) }
      } else {
        reportIssue(
          """
          An "ifLet" at "\(location.0):\(location.2)" received a child action when child state \
          was "nil".

            Action:
          \(SwiftDump.indenting(SwiftDump.dump(action), by: 4))

          This is generally considered an application logic error, and can happen for a few \
          reasons:

          A parent reducer set child state to "nil" before this reducer ran. This reducer must \
          run before any other reducer sets child state to "nil". This ensures that child \
          reducers can handle their actions while their state is still available.

          An in-flight effect emitted this action when child state was "nil". While it may be \
          perfectly reasonable to ignore this action, consider canceling the associated effect \
          before child state becomes "nil", especially if it is a long-living effect.

          This action was sent to the store while state was "nil". Make sure that actions for \
          this reducer can only be sent from a store when state is non-"nil". In SwiftUI \
          applications, use "IfLetStore".
          """,
          fileID: location.0, filePath: location.1, line: location.2, column: location.3)
      }
    }
    return childEffect.merge(with: parent.reduce(into: &state, action: action))
  }
}
