// `onChange(of:)`: runs extra reducers when a value derived from state changes, as TCA's
// `Reducer.onChange(of:_:)`.

extension Reducer {
  /// After this reducer runs, when `toValue(state)` differs from its value before, runs the
  /// reducer built from the old and new values on the same action.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.query) { oldValue, newValue in
  ///     Reduce { state, _ in
  ///       state.results = []
  ///       return .send(.search(newValue))
  ///     }
  ///   }
  /// ```
  public func onChange<Value: Equatable, Changed: Reducer>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Changed
  ) -> _OnChangeReducer<Self, Value, Changed> {
    _OnChangeReducer(base: self, toValue: toValue, reducer: reducer)
  }
}

/// A reducer that runs another when a value changes (see `Reducer.onChange(of:_:)`).
public struct _OnChangeReducer<Base: Reducer, Value: Equatable, Changed: Reducer>: Reducer
where Changed.State == Base.State, Changed.Action == Base.Action {
  let base: Base
  let toValue: (Base.State) -> Value
  let reducer: (Value, Value) -> Changed

  /// Runs `base`, then the change reducer when the value changed.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffects = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return baseEffects }
    return .merge(baseEffects, reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
