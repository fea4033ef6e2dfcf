// Writing state through a store, as TCA's observation bindings do: `store.name = "Blob"` on a
// store of `@ObservableState` state whose action is `BindableAction` (or a `ViewAction` whose
// view action is) sends `.binding(.set(\.name, "Blob"))`. A binding action that no
// `BindingReducer` applied reports TCA's warning when it is let go.
import ConcurrencyExtras
import IssueReporting
import Synchronization

/// An action with a `view` case: the actions a view sends, as TCA's `ViewAction`.
///
/// ```swift
/// enum Action: ViewAction {
///   case view(View)
///   enum View: BindableAction { case binding(BindingAction<State>), saveButtonTapped }
/// }
/// store.send(.view(.saveButtonTapped))
/// ```
public protocol ViewAction<ViewAction> {
  /// The actions a view sends.
  associatedtype ViewAction
  /// The action wrapping the view action `action`.
  static func view(_ action: ViewAction) -> Self
}

/// A type holding a store whose action is a `ViewAction`: it sends view actions with `send`.
///
/// ```swift
/// struct FeatureScreen: ViewActionSending {
///   let store: StoreOf<Feature>
///   func tap() { send(.saveButtonTapped) }   // store.send(.view(.saveButtonTapped))
/// }
/// ```
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The store's state.
  associatedtype StoreState
  /// The store's action.
  associatedtype StoreAction: ViewAction
  /// The store view actions are sent to.
  var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends `.view(action)` to the store.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }

  /// Sends `.view(action)` to the store; the animation is accepted and ignored (Animation.swift).
  @discardableResult
  public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
    store.send(.view(action), animation: animation)
  }
}

extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// A member of the state, read off the store; setting it sends `.binding(.set(keyPath, value))`.
  ///
  /// ```swift
  /// store.name = "Blob"   // store.send(.binding(.set(\.name, "Blob")))
  /// ```
  /// When no `BindingReducer` applies the action, TCA's "A binding action sent from a store was
  /// not handled." is reported.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { state[keyPath: keyPath] }
    set { send(.binding(bindingSet(keyPath, newValue, reportingAs: Action.self))) }
  }
}

extension Store
where
  State: Equatable & Sendable, State: ObservableState, Action: BindableAction,
  Action.State == State
{
  /// The current state; setting it sends `.binding(.set(\.self, value))`.
  public var state: State {
    get { currentState }
    set { send(.binding(bindingSet(\.self, newValue, reportingAs: Action.self))) }
  }
}

extension Store
where
  State: ObservableState, Action: ViewAction, Action.ViewAction: BindableAction,
  Action.ViewAction.State == State
{
  /// A member of the state, read off the store; setting it sends
  /// `.view(.binding(.set(keyPath, value)))`.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { state[keyPath: keyPath] }
    set {
      send(.view(.binding(bindingSet(keyPath, newValue, reportingAs: Action.ViewAction.self))))
    }
  }
}

extension Store
where
  State: Equatable & Sendable, State: ObservableState, Action: ViewAction,
  Action.ViewAction: BindableAction, Action.ViewAction.State == State
{
  /// The current state; setting it sends `.view(.binding(.set(\.self, value)))`.
  public var state: State {
    get { currentState }
    set {
      send(.view(.binding(bindingSet(\.self, newValue, reportingAs: Action.ViewAction.self))))
    }
  }
}

extension Store {
  /// `.set(keyPath, value)` that reports, when it is let go without being applied, that no
  /// `BindingReducer` handled it (unless this store was invalidated meanwhile: its optional
  /// state went away). `BindableAction` names the action in the warning.
  func bindingSet<Value: Equatable & Sendable, BindableAction>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value,
    reportingAs _: BindableAction.Type
  ) -> BindingAction<State> {
    let check = UnhandledBindingCheck(
      action: BindableAction.self, value: value,
      isInvalidated: { [weak self] in self?.isInvalid ?? true })
    let keyPath = UncheckedSendable(keyPath)
    return BindingAction(keyPath: keyPath.value, value: value) {
      check.applied.store(true, ordering: .relaxed)
      $0[keyPath: keyPath.value] = value
    }
  }
}

/// Watches one binding action sent by a store's setter: applied (a `BindingReducer` called its
/// `set`), or let go unapplied, which reports TCA's warning.
private final class UnhandledBindingCheck: Sendable {
  let applied = Atomic<Bool>(false)
  private let action: Any.Type
  private let value: UncheckedSendable<Any>
  private let isInvalidated: @Sendable () -> Bool

  init(action: Any.Type, value: Any, isInvalidated: @escaping @Sendable () -> Bool) {
    self.action = action
    self.value = UncheckedSendable(value)
    self.isInvalidated = isInvalidated
  }

  deinit {
    guard !applied.load(ordering: .relaxed), !isInvalidated() else { return }
    reportIssue(ReducerMessages.unhandledBinding(action: action, value: value.value))
  }
}
