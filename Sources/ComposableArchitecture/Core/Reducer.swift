// The `Reducer` protocol, as in TCA (without macros): implement `reduce(into:action:)`, or
// compose a `body` from other reducers with the result builder.

/// Evolves state for an action and returns the effects to run.
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The type of `body` (inferred).
  associatedtype Body

  /// Evolves `state` for `action`; returns the effects to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer's composition, for reducers built from others.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

/// A reducer with the state and action of `R` (TCA's `ReducerOf<Self>`).
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs `body`.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

extension Reducer where Body == EmptyReducer<State, Action> {
  /// A reducer that implements `reduce(into:action:)` has an empty body.
  public var body: Body { EmptyReducer() }
}
