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
    let childEffects = reduceChild(into: &state, action: action)
    let caseBefore = childCase(of: state)
    let parentEffects = parent.reduce(into: &state, action: action)
    let caseAfter = childCase(of: state)
    var cancel = Effect<Parent.Action>.none
    if let caseBefore, caseBefore != caseAfter { cancel = .cancel(id: cancelID(caseBefore)) }
    return .merge(childEffects, parentEffects, cancel)
  }

  private func reduceChild(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard var childState = toChildState.extract(from: state) else {
      location.report(
        ReducerMessages.differentCase(
          reducer: "ifCaseLet", location: location, action: action, state: state,
          firstBullet: """
            • A parent reducer set "\(shortTypeName(Parent.State.self))" to a different case \
            before this reducer ran. This reducer must run before any other reducer sets child \
            state to a different case. This ensures that child reducers can handle their \
            actions while their state is still available.
            """))
      return .none
    }
    defer { state = toChildState.embed(childState) }
    let label = childCase(of: state) ?? ""
    let casePath = toChildAction
    return child.reduce(into: &childState, action: childAction)
      .map { casePath.embed($0) }
      .cancellable(id: cancelID(label))
  }

  /// The case name when the state is the child's case.
  private func childCase(of state: Parent.State) -> String? {
    guard toChildState.extract(from: state) != nil else { return nil }
    return CaseReflection.case(of: state)?.label ?? ""
  }

  private func cancelID(_ label: String) -> ChildEffectsID {
    ChildEffectsID(location: "\(location.fileID):\(location.line):\(location.column)", key: label)
  }
}

/// Marks the effects a navigation operator's child started, to cancel them when the child goes.
struct ChildEffectsID: Hashable, Sendable {
  let location: String
  let key: AnyHashableSendable
  init(location: String, key: some Hashable & Sendable) {
    self.location = location
    self.key = AnyHashableSendable(key)
  }
}

/// A Sendable type-erased hashable.
struct AnyHashableSendable: Hashable, @unchecked Sendable {
  let base: AnyHashable
  init(_ base: some Hashable & Sendable) { self.base = AnyHashable(base) }
}
