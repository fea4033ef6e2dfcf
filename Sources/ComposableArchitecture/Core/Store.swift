// `Store`: runs a reducer and its effects, with the dependencies frozen at creation. All work
// happens inside calls on the store (see Support/Concurrency/PumpExecutor.swift for the concurrency rule).

import DepsConcurrency
import Synchronization

/// A running feature: state, a reducer, and the effects it started.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// } withDependencies: {
///   $0.continuousClock = ImmediateClock()
/// }
/// store.send(.incrementButtonTapped)
/// store.run(timeout: .seconds(2))   // or: await store.send(.x).finish()
/// print(store.state.count)
/// ```
/// Dependencies are those current where the store is created plus `withDependencies`.
/// State members read straight off the store (`store.count`); `scope` derives child stores.
@dynamicMemberLookup
public final class Store<State, Action>: @unchecked Sendable {
  /// A root store's core: its state, reducer and effects (nil on a scoped store).
  private let rootCore: StoreCore<State, Action>?
  /// Set on a store made by `scope`: it reads and sends through its parent (StoreScope.swift).
  let scoped: ScopedStoreLink<State, Action>?
  /// The root store's runtime (a scoped store's effects, lock and executor are its root's).
  let runtime: StoreRuntime
  /// A scoped store's own idle core, made only when package code asks a scoped store for `core`
  /// (nothing in the store's API does): a scoped store reads no state until asked for it.
  private let idleCore = Mutex<StoreCore<State, Action>?>(nil)
  /// The child stores scoped by key paths, held weakly (StoreScope.swift).
  let children = ChildStores()

  /// Creates a store running `reducer` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: the first state, evaluated inside the store's dependencies (as the
  ///     reducer is), so a state whose initializer reads `@Dependency` sees them.
  ///   - reducer: builds the reducer (inside the store's dependencies, so its `@Dependency`
  ///     properties see them).
  ///   - prepareDependencies: changes applied on top of the current dependencies.
  public init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) where R.State == State, R.Action == Action {
    var values = DependencyValues._current
    values.update(prepareDependencies)
    let (reducer, state) = DependencyValues.$_current.withValue(values) {
      (reducer(), initialState())
    }
    let core = StoreCore(state: state, dependencies: values) {
      reducer.reduce(into: &$0, action: $1)
    }
    rootCore = core
    runtime = core
    scoped = nil
  }

  /// A store that reads and sends through `link` (see `scope`).
  init(scoped link: ScopedStoreLink<State, Action>) {
    rootCore = nil
    runtime = link.runtime
    scoped = link
  }

  deinit {
    guard let core = rootCore else { return }
    core.lock.withLock { core.close() }
  }

  /// The store's core: a root store's own; on a scoped store, an idle core made from its current
  /// state that runs nothing (package code drives root stores only).
  package var core: StoreCore<State, Action> {
    if let rootCore { return rootCore }
    return idleCore.withLock { idle in
      if let idle { return idle }
      let made = StoreCore<State, Action>(state: currentState, dependencies: dependencies) {
        _, _ in .none
      }
      idle = made
      return made
    }
  }

  /// The current state.
  public var state: State { currentState }

  /// The current state (what `state` reads; the binding forms of `state` read it too).
  var currentState: State {
    if let scoped { return scoped.state() }
    return core.lock.withLock { core.state }
  }

  /// True once the state this store was scoped to is gone (an optional child's state went nil):
  /// what it sends then is not handled by a child reducer.
  var isInvalid: Bool { scoped?.isInvalid() ?? false }

  /// The dependencies the store runs with.
  public var dependencies: DependencyValues {
    if let scoped { return scoped.dependencies() }
    return core.lock.withLock { core.dependencies }
  }

  /// Sends `action`: runs the reducer, starts the effects it returns and runs them on this
  /// thread until they wait. Returns a handle on those effects.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let scoped { return scoped.send(action) }
    let core = self.core
    let entered = core.lock.enter()
    defer { if entered { core.lock.exit() } }
    guard !core.isClosed else { return StoreTask(core: core, origin: 0) }
    let origin = core.makeOrigin()
    // Sent while another action is handled (from an observer, an endpoint, a reducer-side
    // callback): queued and handled right after it; the outer call runs the effects.
    let nested = core.isHandling
    core.handle(action, origin: origin, fromEffect: false)
    if !nested { core.pumpReady() }
    return StoreTask(core: core, origin: origin)
  }

  /// Runs effects on this thread until none is running or `timeout` passes (blocking while they
  /// wait for outside work such as a real clock). Returns true when no effect is running.
  /// With `.zero` it never blocks: it runs the work that is ready — what `fileDescriptor`
  /// announced — and returns.
  @discardableResult
  public func run(timeout: Duration) -> Bool {
    if let scoped { return scoped.run(timeout) }
    return core.lock.withLock {
      core.pump(
        until: { !core.hasEffectsInFlight }, deadline: MonotonicClock.deadline(after: timeout))
    }
  }

  /// Awaits until no effect is running (or `timeout` passes), running effects meanwhile without
  /// blocking a thread. Returns true when no effect is running.
  @discardableResult
  nonisolated(nonsending) public func settle(timeout: Duration = .seconds(1)) async -> Bool {
    if let scoped { return await scoped.settle(timeout: timeout) }
    let core = self.core
    return await core.pumpAsync(
      until: { !core.hasEffectsInFlight }, deadline: MonotonicClock.deadline(after: timeout))
  }

  /// Calls `observer` with every action the store handles and the resulting state, on the thread
  /// inside the call that handled it. Returns a token; `removeObserver` stops it.
  @discardableResult
  public func observe(_ observer: @escaping (_ action: Action, _ state: State) -> Void)
    -> StoreObservation
  {
    if let scoped { return scoped.observe(observer) }
    let id = core.lock.withLock { core.addObserver(observer) }
    return StoreObservation(id: id)
  }

  /// Calls `body` after every action the root store handles, whatever store sent it (for a
  /// store scoped with closures too, whose `observe` is told nothing). `removeObserver` stops it.
  func observeChanges(_ body: @escaping () -> Void) -> StoreObservation {
    if let scoped { return scoped.observeChanges(body) }
    let id = core.lock.withLock { core.addObserver { _, _ in body() } }
    return StoreObservation(id: id)
  }

  /// Stops an observer added with `observe`.
  public func removeObserver(_ observation: StoreObservation) {
    if let scoped { return scoped.removeObserver(observation) }
    core.lock.withLock { core.removeObserver(observation.id) }
  }

  /// Cancels every running effect; later sends are ignored.
  public func close() {
    if let scoped { return scoped.close() }
    core.lock.withLock { core.close() }
  }

  /// True while an effect is running.
  public var hasEffectsInFlight: Bool {
    if let scoped { return scoped.hasEffectsInFlight() }
    return core.lock.withLock { core.hasEffectsInFlight }
  }
}

/// Identifies an observer added with `Store.observe`.
public struct StoreObservation: Hashable, Sendable {
  let id: UInt64
}

/// The effects started by one `Store.send`.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
public struct StoreTask: Sendable {
  /// The store (type-erased: a task is a reference and a number, nothing allocated per send).
  package let core: StoreRuntime
  /// The send that started the effects (0: none, the store was closed).
  let origin: UInt64

  init(core: StoreRuntime, origin: UInt64) {
    self.core = core
    self.origin = origin
  }

  /// Cancels the effects.
  public func cancel() { core.lock.withLock { core.cancel(origin: origin) } }

  /// Waits (running the store's effects meanwhile) until the effects have finished.
  public func finish() async { _ = await pumpUntilDone(.max) }

  /// True once the effects have finished or were cancelled and wound down.
  public var isFinished: Bool { !core.lock.withLock { core.hasEffects(origin: origin) } }

  /// Pumps until the effects have finished (true) or the monotonic `deadline` passed.
  nonisolated(nonsending) func pumpUntilDone(_ deadline: UInt64) async -> Bool {
    let core = self.core
    let origin = self.origin
    return await core.pumpAsync(until: { !core.hasEffects(origin: origin) }, deadline: deadline)
  }
}
