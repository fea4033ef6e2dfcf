// Bindings without property wrappers: `BindingAction` sets one state field through a writable
// key path, `BindableAction` is an action with a `binding` case, `BindingReducer` applies it —
// TCA's binding tools after the macro translation (`@ObservableState` state, `$store.name`
// bindings become `store.send(.set(\.name, value))`).

import ConcurrencyExtras

/// An action that sets the state field at a writable key path to a value.
///
/// ```swift
/// store.send(.binding(.set(\.name, "Blob")))
/// // In a reducer, after BindingReducer() applied it:
/// case .binding(\.name): return .send(.validate)
/// ```
public struct BindingAction<Root>: @unchecked Sendable {
  /// The field the action sets.
  public let keyPath: PartialKeyPath<Root>
  let set: @Sendable (inout Root) -> Void
  let value: any Sendable
  let valueIsEqualTo: @Sendable (Any) -> Bool

  /// The action `set` makes, naming the field at `keyPath` and `value` (what it compares by).
  init<Value: Equatable & Sendable>(
    keyPath: PartialKeyPath<Root>, value: Value, set: @escaping @Sendable (inout Root) -> Void
  ) {
    self.keyPath = keyPath
    self.set = set
    self.value = value
    self.valueIsEqualTo = { ($0 as? Value) == value }
  }

  /// Sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(keyPath: keyPath, value: value) { $0[keyPath: keyPath] = value }
  }

  /// Sets the field at `keyPath` (the caller vouches the key path is safe to send).
  static func set<Value: Equatable & Sendable>(
    unchecked keyPath: UncheckedSendable<WritableKeyPath<Root, Value>>, _ value: Value
  ) -> Self {
    Self(keyPath: keyPath.value, value: value) { $0[keyPath: keyPath.value] = value }
  }

  /// Applies the change to `root`.
  public func apply(to root: inout Root) { set(&root) }

  /// True when `bindingAction` sets the field at `keyPath` (for `case .binding(\.name):`).
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, bindingAction: Self)
    -> Bool
  {
    keyPath == bindingAction.keyPath
  }
}

extension BindingAction: Equatable {
  /// Equal when both set the same field to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.valueIsEqualTo(rhs.value)
  }
}

extension BindingAction: CustomReflectable {
  /// Reflects as the field's key path and the value (what dumps and diffs show).
  public var customMirror: Mirror {
    Mirror(self, children: ["keyPath": "\(keyPath)", "value": value], displayStyle: .struct)
  }
}

/// An action with a `binding(BindingAction<State>)` case.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case submit
/// }
/// store.send(.set(\.name, "Blob"))   // .binding(.set(\.name, "Blob"))
/// ```
public protocol BindableAction {
  /// The state the bindings change.
  associatedtype State
  /// The action wrapping `action`.
  static func binding(_ action: BindingAction<State>) -> Self
  /// The binding action this action wraps, if it is one (found by reflection by default).
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The wrapped binding action when this is the `binding` case.
  public var binding: BindingAction<State>? {
    AnyCasePath(Self.binding).extract(from: self)
  }

  /// `binding(.set(keyPath, value))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable, _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}

/// Applies binding actions to state; put it first in `body`, before the reducer reacting to
/// them.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()                 // Action: BindableAction
///   BindingReducer(action: \.view)   // or: Action.View: BindableAction
///   Reduce { state, action in … }
/// }
/// ```
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where State == ViewAction.State {
  let toViewAction: (Action) -> ViewAction?

  /// Applies the binding actions of a `BindableAction`.
  public init() where Action == ViewAction {
    toViewAction = { $0 }
  }

  /// Applies the binding actions found in the `BindableAction` at `toViewAction` (TCA's
  /// `BindingReducer(action: \.view)`).
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    self.toViewAction = { $0[case: toViewAction] }
  }

  /// Sets the field a binding action names; other actions change nothing.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toViewAction(action)?.binding?.apply(to: &state)
    return .none
  }
}
