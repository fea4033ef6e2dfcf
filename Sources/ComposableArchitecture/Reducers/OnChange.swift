// `onChange(of:)`: runs extra work when a value derived from state changes, as TCA's
// `Reducer.onChange(of:_:)` (an effect-returning closure, or a reducer built from the old and
// new values) and the deprecated `onChange(of:removeDuplicates:_:)`.

extension Reducer {
  /// After this reducer runs, when `toValue(state)` differs from its value before, calls
  /// `perform` with the old value and the state, and merges the effect it returns.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.query) { oldValue, state in
  ///     state.results = []
  ///     return .send(.search(state.query))
  ///   }
  /// ```
  public func onChange<V: Equatable>(
    of toValue: @escaping (State) -> V,
    _ perform: @escaping (_ oldValue: V, _ state: inout State) -> Effect<Action>
  ) -> some Reducer<State, Action> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==) { oldValue, _ in
      Reduce<State, Action> { state, _ in perform(oldValue, &state) }
    }
  }

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
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// `onChange(of:_:)` for a value that is not `Equatable`: `isDuplicate` tells when the value
  /// did not change.
  @available(*, deprecated, message: "Use 'onChange(of:)' with an equatable value, instead.")
  public func onChange<Value, Changed: Reducer>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) -> Changed
  ) -> _OnChangeReducer<Self, Value, Changed> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// A reducer that runs another when a value changes (see `Reducer.onChange(of:_:)`).
public struct _OnChangeReducer<Base: Reducer, Value, Changed: Reducer>: Reducer
where Changed.State == Base.State, Changed.Action == Base.Action {
  let base: Base
  let toValue: (Base.State) -> Value
  let isDuplicate: (Value, Value) -> Bool
  let reducer: (Value, Value) -> Changed

  /// Runs `base`, then the change reducer when the value changed.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffects = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return baseEffects }
    return .merge(baseEffects, reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
