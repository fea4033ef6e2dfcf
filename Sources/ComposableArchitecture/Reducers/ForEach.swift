// `forEach` over an identified collection: runs an element reducer on the element an
// `IdentifiedAction` names, before the parent; an element's effects are cancelled when the
// element is removed.

/// An action for one element of an identified collection (TCA's `IdentifiedAction`).
///
/// ```swift
/// enum Action {
///   case todos(IdentifiedActionOf<Todo>)
/// }
/// store.send(.todos(.element(id: todo.id, action: .toggleCompleted)))
/// ```
public enum IdentifiedAction<ID: Hashable, Action> {
  /// `action` for the element with `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}

/// The identified action of reducer `R`'s elements.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable

extension Reducer {
  /// Runs `element` on the element of `toElements` an `.element(id:action:)` names, before this
  /// reducer.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.todos, action: Todos.Action.todos) {
  ///     Todo()
  ///   }
  /// ```
  /// An action for an id that is not in the collection is reported (TCA's wording). Elements
  /// this reducer removes have their running effects cancelled.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: @escaping (IdentifiedAction<ID, ElementAction>) -> Action,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self, toElements: toElements, toElementAction: AnyCasePath(toElementAction),
      element: element(),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a reducer per element of a collection (see `Reducer.forEach`).
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: Parent
  let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let element: Element
  let location: ReducerLocation

  /// Runs the element reducer, then the parent; cancels the effects of removed elements.
  public func reduce(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    let path = DependencyScope.current.navigationIDPath
    let elementEffects = reduceElement(into: &state, action: action, path: path)
    let idsBefore = state[keyPath: toElements].ids
    let parentEffects = parent.reduce(into: &state, action: action)
    let after = state[keyPath: toElements]
    let cancels = idsBefore.filter { after[id: $0] == nil }.map {
      Effect<Parent.Action>.cancel(id: NavigationID(id: $0, keyPath: toElements), at: path)
    }
    return .merge([elementEffects, parentEffects] + cancels)
  }

  private func reduceElement(
    into state: inout Parent.State, action: Parent.Action, path: NavigationIDPath
  ) -> Effect<Parent.Action> {
    guard case .element(let id, let elementAction) = toElementAction.extract(from: action) else {
      return .none
    }
    guard state[keyPath: toElements][id: id] != nil else {
      location.report(
        ReducerMessages.missingElement(location: location, action: action, stack: false))
      return .none
    }
    let navigationID = NavigationID(id: id, keyPath: toElements)
    let casePath = toElementAction
    return element.reduce(
      into: &state[keyPath: toElements][id: id]!, action: elementAction,
      navigationIDPath: path.appending(navigationID)
    )
    .map { casePath.embed(.element(id: id, action: $0)) }
    .cancellable(id: navigationID, at: path)
  }
}
