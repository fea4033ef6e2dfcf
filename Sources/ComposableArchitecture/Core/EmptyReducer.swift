// `EmptyReducer`: does nothing; the body of reducers that implement `reduce` themselves.

/// A reducer that changes nothing and returns no effect.
///
/// ```swift
/// var body: some ReducerOf<Self> { EmptyReducer() }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates the reducer.
  @inlinable
  public init() {}

  /// Returns `.none`.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
