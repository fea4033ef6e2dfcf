// TCA's case key paths wherever a reducer, a store or a test store takes a case: `Scope(state:
// \.child, action: \.child)`, `ifLet(\.$destination, action: \.destination)`, `ifCaseLet`,
// `forEach`, `store.scope(state:action:)`, `TestStore.send(\.child.tapped)` and
// `receive(\.response)`. Each turns the key path into the case path the reducer runs on
// (`AnyCasePath(keyPath)`); the case-constructor forms stay for code written without macros.
import CasePaths

extension Scope {
  /// Scopes `child` to the state at `toChildState` and the actions of the case at `action`
  /// (TCA's current spelling; `Scope(state:action:)` is the same).
  ///
  /// ```swift
  /// Scope(\.counter, action: \.counter) { Counter() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: AnyCasePath(toChildAction), child: child)
  }

  /// Scopes `child` to the state at `state` and the actions of the case at `action`.
  ///
  /// ```swift
  /// Scope(state: \.counter, action: \.counter) { Counter() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: AnyCasePath(toChildAction), child: child)
  }

  /// Scopes `child` to one case of an enum state and the actions of the case at `action`; a
  /// child action while the state is another case is reported (TCA's wording) and ignored.
  ///
  /// ```swift
  /// Scope(state: \.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      enumState: AnyCasePath(toChildState), action: AnyCasePath(toChildAction), child: child,
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Reducer {
  /// Runs `child` on optional child state while it is present, for the actions of the case at
  /// `action`, before this reducer.
  ///
  /// ```swift
  /// .ifLet(\.child, action: \.child) { Child() }
  /// ```
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: AnyCasePath(toChildAction), location: (fileID, filePath, line, column))
  }

  /// The `ifLet` for optional alert or dialog state over a case key path: it is set to nil
  /// after any of its actions.
  ///
  /// ```swift
  /// .ifLet(\.alert, action: \.alert)
  /// ```
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    _IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction), location: (fileID, filePath, line, column))
  }

  /// Presents the destination at `toPresentationState` for the actions of the case at `action`.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: \.destination) { Destination() }
  /// ```
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
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

  /// Presents an alert or a dialog (no reducer of its own): any of its actions dismisses it.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: \.alert)
  /// ```
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs `child` on the case of the enum state at `toChildState`, for the actions of the case
  /// at `action`, before this reducer.
  ///
  /// ```swift
  /// .ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: CaseKeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    _IfCaseLetReducer(
      parent: self, child: child(), toChildState: AnyCasePath(toChildState),
      toChildAction: AnyCasePath(toChildAction),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `element` on the element an `.element(id:action:)` of the case at `action` names.
  ///
  /// ```swift
  /// .forEach(\.todos, action: \.todos) { Todo() }
  /// ```
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
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

  /// Runs `destination` on the stack element an `.element(id:action:)` of the case at `action`
  /// names; pushes and pops as the stack `forEach` does.
  ///
  /// ```swift
  /// .forEach(\.path, action: \.path) { Path() }
  /// ```
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _StackReducer(
      base: self, toStackState: toStackState, toStackAction: AnyCasePath(toStackAction),
      destination: destination(),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Store {
  /// A child store of the state at `state` and the actions of the case at `action`.
  ///
  /// ```swift
  /// let counter = store.scope(state: \.counter, action: \.counter)
  /// ```
  /// (`fileID`, `filePath`, `line` and `column` are unused: they are here so that, for optional
  /// child state, the optional form below, which reports there, is the one chosen.)
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction> {
    cachedScope(state: toChildState, action: toChildAction)
  }

  /// A child store of the state at `toChildState` and the actions of the case at `action`
  /// (TCA's current spelling; `scope(state:action:)` is the same).
  ///
  /// ```swift
  /// let counter = store.scope(\.counter, action: \.counter)
  /// ```
  /// (The location is unused, as in `scope(state:action:)`.)
  public func scope<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState> & Sendable,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction> {
    cachedScope(state: toChildState, action: toChildAction)
  }

  /// A child store for optional child state, or nil while it is nil.
  ///
  /// ```swift
  /// if let detail = store.scope(state: \.detail, action: \.detail) { … }
  /// ```
  /// The child store of `toChildState` and `toChildAction`, the same one while it lives, as
  /// TCA's store caches its children (a scope with closures is never cached).
  func cachedScope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    children.child(for: ScopeKey(state: toChildState, action: toChildAction)) {
      scope(state: toChildState, action: AnyCasePath(toChildAction))
    }
  }

  /// Scoping a store that was scoped with closures (deprecated) reports TCA's warning there.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?> & Sendable,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(
      optionalState: toChildState, action: AnyCasePath(toChildAction),
      at: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A child store for optional child state (TCA's current spelling, and what a
  /// `@Reducer enum`'s `scope` uses).
  ///
  /// ```swift
  /// if let detail = store.scope(\.detail, action: \.detail) { … }
  /// ```
  public func scope<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState?> & Sendable,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(
      optionalState: toChildState, action: AnyCasePath(toChildAction),
      at: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The stores of the elements of an identified array, in order (TCA's store collection):
  /// each reads its element by id and sends its actions as `.element(id:action:)`. Scoping a
  /// store that was scoped with closures (deprecated) reports TCA's warning there.
  ///
  /// ```swift
  /// for row in store.scope(\.rows, action: \.rows) { row.send(.toggle) }
  /// ```
  @_disfavoredOverload
  public func scope<ElementID, ElementState, ElementAction>(
    _ toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>> & Sendable,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    reportIfUncached(
      at: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    return _StoreCollection(cachedScope(state: toElements, action: toElementAction))
  }

  /// `scope(_:action:)` of an identified array, with TCA's older `state:` label.
  @_disfavoredOverload
  public func scope<ElementID, ElementState, ElementAction>(
    state toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>> & Sendable,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    scope(
      toElements, action: toElementAction, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension TestStore {
  /// Sends the payload-less case at `action` and asserts the state change.
  ///
  /// ```swift
  /// await store.send(\.child.incrementButtonTapped) { $0.child.count = 1 }
  /// ```
  @discardableResult
  nonisolated(nonsending) public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask {
    sendNow(
      AnyCasePath(action).embed(()), assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Sends the case at `action` with `value` and asserts the state change.
  ///
  /// ```swift
  /// await store.send(\.binding.name, "Blob") { $0.name = "Blob" }
  /// ```
  @discardableResult
  nonisolated(nonsending) public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask {
    sendNow(
      AnyCasePath(action).embed(value), assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the next action effects sent is of the case at `actionCase` (any payload),
  /// and asserts the state change. No `Equatable` action is needed.
  ///
  /// ```swift
  /// await store.receive(\.numberFactResponse) { $0.numberFact = "1 is a good number." }
  /// await store.receive(\.destination.dismiss)
  /// ```
  nonisolated(nonsending) public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      casePath: AnyCasePath(actionCase), timeout: duration, assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the next action effects sent is the case at `actionCase` with payload
  /// `value`, and asserts the state change.
  ///
  /// ```swift
  /// await store.receive(\.delegate.saved, "Hello")
  /// ```
  nonisolated(nonsending) public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      casePath: AnyCasePath(actionCase), value, timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
