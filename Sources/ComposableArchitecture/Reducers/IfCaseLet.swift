// `ifCaseLet`: runs a child reducer on one case of an enum state while the state is that case;
// the child's effects are cancelled when the parent moves the state to another case.

extension Reducer {
  /// Runs `child` on the case of `state` built by `toChildState` (e.g. `State.loggedIn`), for
  /// the actions of the case built by `toChildAction`, before this reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(AppFeature.State.loggedIn, action: AppFeature.Action.loggedIn) {
  ///     LoggedIn()
  ///   }
  /// ```
  /// A child action that arrives while the state is another case is reported (TCA's wording).
  /// When this reducer moves the state to another case, the child's running effects are
  /// cancelled.
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: @escaping (ChildState) -> State,
    action toChildAction: @escaping (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    _IfCaseLetReducer(
      parent: self, child: child(), toChildState: AnyCasePath(toChildState),
      toChildAction: AnyCasePath(toChildAction),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a child on one case of its enum state (see `Reducer.ifCaseLet`).
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: AnyCasePath<Parent.State, Child.State>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: ReducerLocation

  /// Runs the child (when the state is its case), then the parent; cancels the child's effects
  /// when the parent changed the case.
  public func reduce(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    let path = DependencyScope.current.navigationIDPath
    let childEffects = reduceChild(into: &state, action: action, path: path)
    let childIDBefore = childID(of: state)
    let parentEffects = parent.reduce(into: &state, action: action)
    let childIDAfter = childID(of: state)
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
    guard var childState = toChildState.extract(from: state) else {
      location.report(
        ReducerMessages.differentCase(
          reducer: "ifCaseLet", location: location, action: action, state: state,
          stateType: Parent.State.self))
      return .none
    }
    let childID = NavigationID(root: state, value: childState, casePath: toChildState)
    defer { state = toChildState.embed(childState) }
    let casePath = toChildAction
    return child.reduce(
      into: &childState, action: childAction, navigationIDPath: path.appending(childID)
    )
    .map { casePath.embed($0) }
    .cancellable(id: childID, at: path)
  }

  /// The navigation id of the child while the state is its case.
  private func childID(of state: Parent.State) -> NavigationID? {
    toChildState.extract(from: state).map {
      NavigationID(root: state, value: $0, casePath: toChildState)
    }
  }
}
