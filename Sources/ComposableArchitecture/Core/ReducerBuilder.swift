// The result builder behind `body` and `CombineReducers`: reducers listed in a block run in
// order on the same state and action; their effects are merged.

/// Builds a reducer from the reducers listed in a block.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// A single reducer.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action { reducer }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action { first }

  /// The next reducer of a block, run after the accumulated ones.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> _SequenceReducers<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    _SequenceReducers(first: accumulated, second: next)
  }

  /// An empty block.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// `if` without `else`.
  @inlinable
  public static func buildOptional<R: Reducer>(_ wrapped: R?) -> _OptionalReducer<R>
  where R.State == State, R.Action == Action { _OptionalReducer(wrapped: wrapped) }

  /// The `if` branch of an `if`/`else`.
  @inlinable
  public static func buildEither<R0: Reducer, R1: Reducer>(first: R0) -> _EitherReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    .first(first)
  }

  /// The `else` branch of an `if`/`else`.
  @inlinable
  public static func buildEither<R0: Reducer, R1: Reducer>(second: R1) -> _EitherReducer<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    .second(second)
  }

  /// A reducer held as an existential (`Feature() as any ReducerOf<Feature>`), erased into a
  /// `Reduce`.
  @inlinable
  @_disfavoredOverload
  public static func buildExpression(_ reducer: any Reducer<State, Action>) -> Reduce<
    State, Action
  > {
    Reduce(reducer)
  }

  /// The body of an `if #available` branch, erased into a `Reduce` so that a type only
  /// available on newer systems never appears in the built type.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer>(_ wrapped: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action { Reduce(wrapped) }

  /// A `for` loop: each iteration's reducer runs in order; their effects are merged.
  @inlinable
  public static func buildArray<R: Reducer>(_ reducers: [R]) -> _ReducerArray<R>
  where R.State == State, R.Action == Action { _ReducerArray(reducers: reducers) }
}

/// The reducers of a `for` loop in a builder, run in order.
public struct _ReducerArray<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  /// Creates the sequence.
  @inlinable
  public init(reducers: [Element]) { self.reducers = reducers }

  /// Runs each reducer in order and merges their effects.
  @inlinable
  public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<
    Element.Action
  > {
    var effect = Effect<Element.Action>.none
    for reducer in reducers {
      effect = effect.merge(with: reducer.reduce(into: &state, action: action))
    }
    return effect
  }
}

/// Two reducers run in order; their effects are merged.
public struct _SequenceReducers<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  @usableFromInline let first: R0
  @usableFromInline let second: R1

  /// Creates the pair.
  @inlinable
  public init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }

  /// Runs `first`, then `second`.
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    first.reduce(into: &state, action: action)
      .merge(with: second.reduce(into: &state, action: action))
  }
}

/// A reducer that may be absent (`if` in a builder).
public struct _OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  /// Creates the optional reducer.
  @inlinable
  public init(wrapped: Wrapped?) { self.wrapped = wrapped }

  /// Runs the wrapped reducer when present.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action)
    -> Effect<Wrapped.Action>
  {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// One of two reducers (`if`/`else` in a builder).
public enum _EitherReducer<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  /// The `if` branch.
  case first(R0)
  /// The `else` branch.
  case second(R1)

  /// Runs the chosen branch.
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }
}
