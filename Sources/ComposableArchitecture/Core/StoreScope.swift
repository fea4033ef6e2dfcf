// `Store.scope(state:action:)`: a child store that reads its state out of the parent's and sends
// its actions into the parent wrapped in the parent's case, as TCA's scoped stores do. The
// child owns nothing: the root store runs every reducer and effect; `StoreOf`, `withState` and
// state members read straight off a store (`store.count`) live here too.
import DepsConcurrency
import Synchronization

/// A store for the state and actions of reducer `R` (TCA's `StoreOf<Feature>`).
///
/// ```swift
/// let store: StoreOf<Counter> = Store(initialState: Counter.State()) { Counter() }
/// ```
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

extension Store {
  /// A child store: its state is `state` read from this store's state, its actions are sent to
  /// this store embedded with `action` (a case constructor such as `Action.child`, the
  /// translation of TCA's `\.child`).
  ///
  /// ```swift
  /// let counter = store.scope(state: \.counter, action: AppFeature.Action.counter)
  /// counter.send(.incrementButtonTapped)   // the parent receives .counter(.incrementButtonTapped)
  /// counter.count                           // store.counter.count
  /// ```
  /// The child runs nothing itself: effects started by its sends run in the root store.
  /// (`fileID`, `filePath`, `line` and `column` are unused: they are here so that, for optional
  /// child state, the optional form below, which reports there, is the one chosen.)
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action embed: @escaping @Sendable (ChildAction) -> Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: AnyCasePath(embed))
  }

  /// `scope(state:action:)` with an explicit case path.
  ///
  /// ```swift
  /// store.scope(state: \.counter, action: AnyCasePath(embed: Action.counter, extract: …))
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action casePath: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scoped: ScopedStoreLink(parent: self, casePath: casePath) { $0[keyPath: toChildState] })
  }

  /// A child store for optional child state, or nil while that state is nil (TCA's
  /// `store.scope(state: \.child, action: \.child)` on an optional, used with `if let`).
  ///
  /// ```swift
  /// if let detail = store.scope(state: \.detail, action: Action.detail) {
  ///   detail.send(.saveButtonTapped)
  /// }
  /// ```
  /// Once the parent's state goes back to nil, the child store keeps showing the last non-nil
  /// state (its sends then reach the parent's `ifLet`, which reports them).
  /// Scoping a store that was scoped with closures (deprecated) reports TCA's warning there.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?> & Sendable,
    action embed: @escaping @Sendable (ChildAction) -> Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(
      optionalState: toChildState, action: AnyCasePath(embed),
      at: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The optional child store over a case path. Scoping a store that was scoped with closures
  /// (deprecated) reports TCA's warning at `location`.
  func scope<ChildState, ChildAction>(
    optionalState toChildState: KeyPath<State, ChildState?> & Sendable,
    action casePath: AnyCasePath<Action, ChildAction>, at location: ReducerLocation?
  ) -> Store<ChildState, ChildAction>? {
    if let location { reportIfUncached(at: location) }
    guard let initial = state[keyPath: toChildState] else { return nil }
    return scope(optionalState: toChildState, showing: initial, action: casePath)
  }

  /// The optional child store, showing `initial` until the parent's state has a value of its
  /// own, and then the last non-nil one.
  func scope<ChildState, ChildAction>(
    optionalState toChildState: KeyPath<State, ChildState?> & Sendable, showing initial: ChildState,
    action casePath: AnyCasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let last = Mutex(UncheckedSendable(initial))
    let remember: (State) -> ChildState = { parentState in
      last.withLock { box in
        if let current = parentState[keyPath: toChildState] { box = UncheckedSendable(current) }
        return box.value
      }
    }
    // Every action the parent handles refreshes the last non-nil state.
    let observation = observe { _, state in _ = remember(state) }
    let link = ScopedStoreLink(
      parent: self, casePath: casePath, isPresent: { $0[keyPath: toChildState] != nil },
      toState: remember)
    link.onDeinit = { [weak self] in self?.removeObserver(observation) }
    return Store<ChildState, ChildAction>(scoped: link)
  }

  /// True for a store scoped with closures (`scope(state: { … }, action: { … })`, deprecated)
  /// and for the stores scoped from it: TCA keeps no children for them.
  var isUncached: Bool { scoped?.isUncached ?? false }

  /// Reports TCA's warning for a key-path scope of an uncached store.
  func reportIfUncached(at location: ReducerLocation) {
    if isUncached { location.report(ReducerMessages.uncachedStore(debugDescription)) }
  }

  /// Reads the current state with `body`, and returns what `body` returns.
  ///
  /// ```swift
  /// store.withState { $0.count }   // 1
  /// ```
  public func withState<R>(_ body: (_ state: State) throws -> R) rethrows -> R {
    try body(state)
  }

  /// A member of the current state, read straight off the store.
  ///
  /// ```swift
  /// store.count   // store.state.count
  /// ```
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }
}

extension Store: CustomDebugStringConvertible {
  /// The store's type as TCA names it: `StoreOf<Feature>`, `IdentifiedStoreOf<Row>`,
  /// `Store<Int, Bool>`, … (what its warnings quote).
  public var debugDescription: String {
    ReducerMessages.storeTypeName(state: State.self, action: Action.self)
  }
}

/// Where a child store was scoped: its state key path and its action's case key path.
struct ScopeKey: Hashable, @unchecked Sendable {
  let state: AnyKeyPath
  let action: AnyKeyPath
}

/// A store's children scoped by key paths, each kept while something else holds it: asking
/// again for the same scope gives the same store (TCA's store caching). Held weakly, since a
/// child holds its parent.
final class ChildStores: Sendable {
  private struct Weak: @unchecked Sendable { weak var store: AnyObject? }
  private let stores = Mutex<[ScopeKey: Weak]>([:])

  /// The living child at `key`, or the one `make` builds (then kept).
  func child<Child: AnyObject>(for key: ScopeKey, make: () -> Child) -> Child {
    if let child = stores.withLock({ $0[key]?.store }) as? Child { return child }
    let child = make()
    stores.withLock { stores in
      stores = stores.filter { $0.value.store != nil }
      stores[key] = Weak(store: child)
    }
    return child
  }
}

/// How a scoped store reaches its parent: every call goes through the parent's public API, so
/// scopes of scopes compose, and the root store's runtime is shared.
final class ScopedStoreLink<State, Action>: @unchecked Sendable {
  /// Keeps the parent (and so the root store) alive while the child is.
  private let parent: AnyObject
  /// The root store's runtime: its effects, lock and executor.
  let runtime: StoreRuntime
  let state: () -> State
  package let dependencies: () -> DependencyValues
  let send: (Action) -> StoreTask
  let observe: (@escaping (Action, State) -> Void) -> StoreObservation
  let removeObserver: (StoreObservation) -> Void
  /// `Store.observeChanges` on the parent: told of every action the root store handles.
  let observeChanges: (@escaping () -> Void) -> StoreObservation
  let close: () -> Void
  /// Run when the child store goes away (drops observers it added to the parent).
  var onDeinit: (() -> Void)?
  /// Scoped with closures, or from a store that was (see `Store.isUncached`).
  let isUncached: Bool
  /// True once the child's state is gone from the parent's (see `Store.isInvalid`).
  let isInvalid: () -> Bool

  deinit { onDeinit?() }

  init<ParentState, ParentAction>(
    parent: Store<ParentState, ParentAction>,
    casePath: AnyCasePath<ParentAction, Action>,
    uncached: Bool = false,
    isPresent: ((ParentState) -> Bool)? = nil,
    toState: @escaping (ParentState) -> State
  ) {
    self.parent = parent
    self.isUncached = uncached || parent.isUncached
    if let isPresent {
      self.isInvalid = { parent.isInvalid || !isPresent(parent.state) }
    } else {
      self.isInvalid = { parent.isInvalid }
    }
    self.runtime = parent.runtime
    self.state = { toState(parent.state) }
    self.dependencies = { parent.dependencies }
    self.send = { parent.send(casePath.embed($0)) }
    self.observe = { observer in
      parent.observe { action, state in
        if let childAction = casePath.extract(from: action) {
          observer(childAction, toState(state))
        }
      }
    }
    self.removeObserver = { parent.removeObserver($0) }
    self.observeChanges = { parent.observeChanges($0) }
    self.close = { parent.close() }
  }

  /// `Store.run(timeout:)` on the root store.
  func run(_ timeout: Duration) -> Bool {
    let runtime = self.runtime
    return runtime.lock.withLock {
      runtime.pump(
        until: { !runtime.hasEffectsInFlight },
        deadline: MonotonicClock.deadline(afterNanoseconds: nanoseconds(of: timeout)))
    }
  }

  /// `Store.settle(timeout:)` on the root store.
  nonisolated(nonsending) func settle(timeout: Duration) async -> Bool {
    let runtime = self.runtime
    return await runtime.pumpAsync(
      until: { !runtime.hasEffectsInFlight },
      deadline: MonotonicClock.deadline(afterNanoseconds: nanoseconds(of: timeout)))
  }

  /// True while the root store runs an effect.
  func hasEffectsInFlight() -> Bool {
    runtime.lock.withLock { runtime.hasEffectsInFlight }
  }
}
