// What `@Reducer enum` generates conforms to: an enum of features whose `State` and `Action`
// enums have one case per feature, whose `body` runs the feature of the current case, and
// whose `scope` turns a store of the enum into one child store per case (TCA's `CaseReducer`).

/// A reducer made of one feature per case (what `@Reducer enum Destination { … }` is).
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, Body: Reducer, Body.State == State, Body.Action == Action {
  /// The enum of the features' states.
  associatedtype State = State
  /// The enum of the features' actions.
  associatedtype Action = Action
  /// The reducer running the current case's feature.
  associatedtype Body = Body
  /// The enum of the features' stores.
  associatedtype CaseScope: _CaseScopeProtocol

  /// The reducer running the current case's feature.
  @ReducerBuilder<State, Action>
  static var body: Body { get }

  /// The store of the current case's feature.
  @preconcurrency @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// `Self.body`.
  public var body: Body { Self.body }
}

/// The enum of stores a `CaseReducer` scopes to.
public protocol _CaseScopeProtocol {}

/// The `State` of a `CaseReducer`, naming its reducer.
public protocol CaseReducerState {
  /// The reducer whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer {
  /// Presents a `@Reducer enum` destination, running its `body` (no trailing closure needed).
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: \.destination)
  /// ```
  public func ifLet<ChildState: CaseReducerState, ChildAction>(
    _ state: WritableKeyPath<State, PresentationState<ChildState>>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> some ReducerOf<Self> where ChildState.StateReducer.Action == ChildAction {
    ifLet(
      state, action: action, destination: { ChildState.StateReducer.body }, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// A stack of `@Reducer enum` path elements, running its `body` (no trailing closure needed).
  ///
  /// ```swift
  /// .forEach(\.path, action: \.path)
  /// ```
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ state: WritableKeyPath<State, StackState<DestinationState>>,
    action: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> some ReducerOf<Self> where DestinationState.StateReducer.Action == DestinationAction {
    forEach(
      state, action: action, destination: { DestinationState.StateReducer.body }, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The store of the current case's feature (`switch store.case { case .add(let store): … }`).
  @MainActor
  public var `case`: State.StateReducer.CaseScope { State.StateReducer.scope(self) }
}
