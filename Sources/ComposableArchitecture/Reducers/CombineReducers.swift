// `CombineReducers`: groups reducers so a modifier (`.dependency`, `.ifLet`) applies to all.

/// Runs the reducers of its block in order, as one reducer.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.todos, action: Action.todos) { Todos() }
///   Reduce { state, action in .none }
/// }
/// .dependency(\.uuid, .incrementing)
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers built by `build`.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the combined reducers.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
