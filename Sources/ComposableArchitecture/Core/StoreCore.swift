// The engine shared by `Store` and `TestStore`: state, reducer, the store's dependencies,
// observers, the one action handler (`handleAndTell`, behind `handle` and `process`, with the
// listener-free fast path in front of it in `handleNow`) and the one effect interpreter
// (`interpret`). It is built on `StoreRuntime` (StoreRuntime.swift: the lock,
// the executor, the running effects and their cancellation ids). Everything here is touched
// only by the thread inside a call on the store (holding `lock`), including the effect jobs
// the executor runs while that thread pumps it — see PumpExecutor.swift for the rule.
//
// Speed: the bookkeeping that does not depend on State and Action lives in the non-generic
// `StoreRuntime`, so the unspecialized generic code a `send` runs (callers are in other modules)
// touches no generic metadata beyond the store's own; a `send` whose reducer returns `.none`
// allocates nothing; the hot stored properties skip dynamic exclusivity checks (the lock
// already serializes every access).
import DepsConcurrency
import Synchronization

/// Where a store's effects send their actions: the part of a store that depends on its `Action`
/// only, so an effect's `Send<Action>` reaches its store's `deliverFromEffect` without knowing
/// the store's `State` (a direct class-method call, no metadata looked up).
package class StoreActionSink<Action>: StoreRuntime, @unchecked Sendable {
  /// An action sent by one of the store's effects (StoreCore handles it).
  func deliverFromEffect(_ action: Action, origin: UInt64) {}
}

/// The generic part of a store: state, reducer, dependencies, observers.
package final class StoreCore<State, Action>: StoreActionSink<Action>, @unchecked Sendable {
  @exclusivity(unchecked) var state: State
  /// The store's dependencies: the reducer runs inside them; effects capture them.
  @exclusivity(unchecked) package var dependencies: DependencyValues
  private let reducer: (inout State, Action) -> Effect<Action>
  private var observers: [(id: UInt64, body: (Action, State) -> Void)] = []
  /// Actions sent while another action is being handled, handled after it (in order).
  @exclusivity(unchecked) private var pendingActions: [(Action, UInt64, Bool)] = []
  /// True while `pendingActions` is not empty: checked instead of the array itself, whose
  /// element type (a tuple over the generic `Action`) costs a runtime metadata lookup per use.
  @exclusivity(unchecked) private var hasPendingActions = false
  private var nextObserverID: UInt64 = 0
  /// True when an observer or `onEffectAction` must be told of handled actions.
  @exclusivity(unchecked) private var hasListeners = false
  /// Called for every action an effect sends, after the reducer ran (TestStore's received
  /// actions).
  var onEffectAction: ((Action, State, UInt64) -> Void)? {
    didSet { hasListeners = !observers.isEmpty || onEffectAction != nil }
  }

  init(
    state: State, dependencies: DependencyValues,
    reducer: @escaping (inout State, Action) -> Effect<Action>
  ) {
    self.state = state
    self.dependencies = dependencies
    self.reducer = reducer
    super.init()
    RunawayIssues.installed
    self.dependencies = StoreClocks.recording(dependencies, with: executor)
    if let instrument = dependencies.storeInstrument ?? AmbientStoreInstrument.make() {
      // An instrument that only changes the dependencies records no step: no hook to feed.
      if instrument.recordsSteps { self.instrument = instrument }
      self.dependencies = instrument.instrument(self.dependencies)
    }
  }

  // MARK: Actions

  /// Handles `action`, sent by a caller (`Store.send`) or by an effect. Caller holds the lock.
  /// An action arriving while another is being handled (sent from an observer, an endpoint, a
  /// reducer-side callback or a synchronous effect) is queued and handled after it, in order, by
  /// the outermost call: the stack never grows with re-entrant sends.
  func handle(_ action: Action, origin: UInt64, fromEffect: Bool) {
    if isHandling {
      enqueuePending(action, origin: origin, fromEffect: fromEffect)
      return
    }
    isHandling = true
    handleNow(action, origin: origin, fromEffect: fromEffect)
    drainPendingActions()
    isHandling = false
  }

  /// `handle` for a caller that asserts the state right after the reducer (`TestStore`'s send):
  /// returns that state (before any effect ran). Never queued (the test store refuses a send
  /// made while it handles an action); the actions queued meanwhile run after it, before this
  /// returns. Caller holds the lock.
  @discardableResult
  func process(_ action: Action, origin: UInt64, fromEffect: Bool) -> State {
    let outer = isHandling
    isHandling = true
    let reduced = handleAndTell(action, origin: origin, fromEffect: fromEffect)
    drainPendingActions()
    isHandling = outer
    return reduced
  }

  /// The most actions one call handles from the re-entrant queue: past it, a callback that
  /// sends for every action it sees would never let the call return.
  static var reentrantLimit: Int { 10_000 }

  /// Queues a re-entrant action. Out of line: the tuple type's metadata is looked up where
  /// the tuple is used, so `handle` only pays for it when an action is actually queued.
  @inline(never)
  private func enqueuePending(_ action: Action, origin: UInt64, fromEffect: Bool) {
    pendingActions.append((action, origin, fromEffect))
    hasPendingActions = true
  }

  /// Handles the queued re-entrant actions, oldest first (they may queue more), at most
  /// `reentrantLimit`; the rest are dropped with an issue.
  @inline(__always)
  private func drainPendingActions() {
    if hasPendingActions { drainPendingActionsNow() }
  }

  @inline(never)
  private func drainPendingActionsNow() {
    var index = 0
    while index < pendingActions.count {
      if index == Self.reentrantLimit {
        let dropped = pendingActions.count - index
        pendingActions.removeAll(keepingCapacity: true)
        hasPendingActions = false
        reportIssue(
          "\(Self.reentrantLimit) actions were sent to this store while it handled one action "
            + "(an observer or a callback that sends an action for every action it sees?); it "
            + "stopped there and dropped the \(dropped) still queued")
        return
      }
      let (action, origin, fromEffect) = pendingActions[index]
      index += 1
      handleNow(action, origin: origin, fromEffect: fromEffect)
    }
    pendingActions.removeAll(keepingCapacity: true)
    hasPendingActions = false
  }

  /// Handles `action` now (`handle` and the re-entrant queue; the caller set `isHandling`):
  /// through `handleAndTell` when an instrument or a listener must be told, else on the fast
  /// path.
  private func handleNow(_ action: Action, origin: UInt64, fromEffect: Bool) {
    if hasListeners || instrument != nil {
      _ = handleAndTell(action, origin: origin, fromEffect: fromEffect)
      return
    }
    // Nobody to tell between the reducer and its effects: the effects start inside the same
    // binding of the store's dependencies, so their tasks inherit it instead of binding it.
    withDependenciesCurrent {
      let effect = reducer(&state, action)
      if case .none = effect.operation { return }
      interpret(effect, origin: origin, root: action, cancelIDs: [], collecting: nil)
    }
  }

  /// The one action handler, as `process` and `handleNow` run it when someone must be told:
  /// tells the instrument, runs the reducer inside the store's dependencies, tells the
  /// listeners the state right after it, starts the returned effect, and returns that state
  /// (returned rather than kept in a slot: the unspecialized code gets the result's storage
  /// from its caller without looking up the metadata of a type over `State`).
  private func handleAndTell(_ action: Action, origin: UInt64, fromEffect: Bool) -> State {
    if let instrument {
      instrument.actionHandled(action, origin: origin, fromEffect: fromEffect)
    }
    let effect = reduce(action)
    let reduced = state
    if hasListeners { tell(action, reduced, origin: origin, fromEffect: fromEffect) }
    if case .none = effect.operation { return reduced }
    interpret(effect, origin: origin, root: action, cancelIDs: [], collecting: nil)
    return reduced
  }

  /// Tells the listeners `action` was handled and left `state`: `onEffectAction` for an
  /// effect's action, then the observers.
  @inline(__always)
  private func tell(_ action: Action, _ state: State, origin: UInt64, fromEffect: Bool) {
    if fromEffect { onEffectAction?(action, state, origin) }
    for observer in observers { observer.body(action, state) }
  }

  /// The reducer run inside the store's dependencies: bound straight in the task-local slot
  /// (DependencyScope.swift), or not at all when they are current already.
  @inline(__always)
  private func reduce(_ action: Action) -> Effect<Action> {
    withDependenciesCurrent { reducer(&state, action) }
  }

  /// Runs `body` with the store's dependencies current.
  @inline(__always)
  private func withDependenciesCurrent<R>(_ body: () -> R) -> R {
    switch DependencyScope.enterUnlessCurrent(dependencies) {
    case .alreadyCurrent:
      return body()
    case .entered:
      defer { DependencyScope.exit() }
      return body()
    case .safePathNeeded:
      return DependencyScope.withValuesSafely(dependencies, body)
    }
  }

  /// An action sent by an effect: handled at once on the store's thread, or hopped onto it.
  override func deliverFromEffect(_ action: Action, origin: UInt64) {
    if lock.isHeldByCurrentThread {
      guard !isClosed else { return }
      handle(action, origin: origin, fromEffect: true)
    } else {
      hop(action, origin: origin)
    }
  }

  /// Enqueues the handling of an action sent from another thread onto the store's thread. Out
  /// of line: the box's generic metadata is looked up only when an action actually hops.
  @inline(never)
  private func hop(_ action: Action, origin: UInt64) {
    let box = UncheckedSendable(action)
    executor.enqueue { [weak self] in
      guard let self, !self.isClosed else { return }
      self.handle(box.value, origin: origin, fromEffect: true)
    }
  }

  // MARK: Effects
  //
  // One interpreter, `interpret`, walks an effect. Its synchronous parts (a send, a
  // cancellation, a cancellable's cancel-in-flight) run as it reaches them. Each asynchronous
  // part (a `.run`, a concatenation, and inside a running task a cancellable) either starts as
  // a task of its own, recorded as in flight (the effect a reducer returned), or is collected
  // for the running task to await (a step of a concatenation, `runToCompletion`). `perform` is
  // an asynchronous part's work, the same for both.

  /// An asynchronous part of an effect, collected by `interpret` inside a running task.
  private enum AsyncPart: Sendable {
    /// A `.run`: its operation runs in the awaiting task.
    case run(EffectRun)
    /// A concatenation: its effects run one after another, each to its end.
    case concatenate([Effect<Action>])
    /// A cancellable effect: it runs in a task of its own recorded under `cancelIDs` (so
    /// `.cancel(id:)` reaches it), awaited.
    case cancellable(Effect<Action>, cancelIDs: [CancelID])
  }

  /// Interprets `effect`: the synchronous parts now, in order; each asynchronous part, when
  /// `parts` is nil, started as a task on the executor recorded under `cancelIDs`, else
  /// appended to `parts` for the running task to await. Caller holds the lock (an effect task
  /// runs on the store's executor, so it does). `root` is the action whose reducer returned the
  /// effect (named when an effect sends after it completed).
  private func interpret(
    _ effect: Effect<Action>, origin: UInt64, root: Action, cancelIDs: [CancelID],
    collecting parts: UnsafeMutablePointer<[AsyncPart]>?
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      deliverFromEffect(action, origin: origin)
    case .cancel(let id):
      cancel(id: id)
    case .run(let run):
      if let parts {
        parts.pointee.append(.run(run))
      } else {
        startRun(run, origin: origin, root: root, cancelIDs: cancelIDs)
      }
    case .merge(let effects):
      for effect in effects {
        interpret(effect, origin: origin, root: root, cancelIDs: cancelIDs, collecting: parts)
      }
    case .concatenate(let effects):
      // Only synchronous parts (sends, cancellations): run now, in order, as TCA's publisher
      // concatenation does, so they are handled before the send that caused them returns.
      if effects.allSatisfy(\.isSynchronous) {
        for effect in effects {
          interpret(effect, origin: origin, root: root, cancelIDs: cancelIDs, collecting: parts)
        }
        return
      }
      if let parts { return parts.pointee.append(.concatenate(effects)) }
      let root = UncheckedSendable(root)
      spawn(origin: origin, cancelIDs: cancelIDs, priority: nil) { [weak self] in
        await self?.perform(
          .concatenate(effects), origin: origin, root: root.value, cancelIDs: cancelIDs)
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      if let parts { return parts.pointee.append(.cancellable(inner, cancelIDs: cancelIDs + [id])) }
      interpret(inner, origin: origin, root: root, cancelIDs: cancelIDs + [id], collecting: nil)
    }
  }

  /// Starts a `.run` effect's operation as a task.
  private func startRun(_ run: EffectRun, origin: UInt64, root: Action, cancelIDs: [CancelID]) {
    if instrument != nil {
      let context = EffectContext(runtime: self, origin: origin, originAction: root)
      spawnInScope(run.dependencies) {
        spawn(origin: origin, cancelIDs: cancelIDs, priority: run.priority) {
          await Self.operate(run, Send<Action>(context: context), in: context)
        }
      }
      return
    }
    // Uninstrumented, the task's own closure is the whole effect (one closure and one async frame
    // fewer than `spawn`'s wrapper); it ends by telling the store through the context's weak
    // reference.
    let id = makeEffectID()
    let context = EffectContext(runtime: self, origin: origin, effectID: id, originAction: root)
    spawnInScope(run.dependencies) {
      let task = EffectTask(executorPreference: executor, priority: run.priority) {
        await Self.operate(run, Send<Action>(context: context), in: context)
        context.finish()
      }
      record(task, id: id, origin: origin, cancelIDs: cancelIDs)
    }
  }

  /// Runs `body` (which creates an effect's task) with `dependencies` current, so the task
  /// inherits them (a task copies its creator's task-locals) and its body binds nothing.
  @inline(__always)
  private func spawnInScope(_ dependencies: DependencyValues, _ body: () -> Void) {
    switch DependencyScope.enterUnlessCurrent(dependencies) {
    case .alreadyCurrent:
      body()
    case .entered:
      body()
      DependencyScope.exit()
    case .safePathNeeded:
      DependencyScope.withValuesSafely(dependencies, body)
    }
  }

  /// Runs an effect's operation with its context bound (Effects/TaskCancellation.swift: without
  /// a closure when the runtime allows, else through `withValue`) inside its dependencies.
  @inline(__always)
  private static func operate(_ run: EffectRun, _ send: Send<Action>, in context: EffectContext)
    async
  {
    if context.bind() {
      defer { context.unbind() }
      await operate(run, send)
      context.markCompleted()
      IssueTallies.effectEnded(context)
    } else {
      await EffectContext.$current.withValue(context) {
        await operate(run, send)
        context.markCompleted()
        IssueTallies.effectEnded(context)
      }
    }
  }

  /// Runs an effect's operation inside its dependencies: bound as `_current` unless they are
  /// current already (the task inherited them from the store that created it).
  @inline(__always)
  private static func operate(_ run: EffectRun, _ send: Send<Action>) async {
    if DependencyScope.isCurrent(run.dependencies) {
      await run.perform(send)
    } else {
      await DependencyValues.$_current.withValue(run.dependencies) { await run.perform(send) }
    }
  }

  /// Runs `effect` to its end inside the running effect task (a step of a concatenation):
  /// `interpret` runs its synchronous parts and collects the asynchronous ones, awaited here
  /// (one in this task, several at once in a task group).
  private func runToCompletion(
    _ effect: Effect<Action>, origin: UInt64, root: Action, cancelIDs: [CancelID]
  ) async {
    var parts: [AsyncPart] = []
    withUnsafeMutablePointer(to: &parts) {
      interpret(effect, origin: origin, root: root, cancelIDs: cancelIDs, collecting: $0)
    }
    switch parts.count {
    case 0:
      return
    case 1:
      await perform(parts[0], origin: origin, root: root, cancelIDs: cancelIDs)
    default:
      let root = UncheckedSendable(root)
      await withTaskGroup(of: Void.self) { group in
        for part in parts {
          group.addTask { [weak self] in
            await self?.perform(part, origin: origin, root: root.value, cancelIDs: cancelIDs)
          }
        }
      }
    }
  }

  /// The work of an asynchronous part, in the task that awaits it.
  private func perform(
    _ part: AsyncPart, origin: UInt64, root: Action, cancelIDs: [CancelID]
  ) async {
    switch part {
    case .run(let run):
      let context = EffectContext(runtime: self, origin: origin, originAction: root)
      await Self.operate(run, Send<Action>(context: context), in: context)
    case .concatenate(let effects):
      for effect in effects {
        if Task.isCancelled { return }
        await runToCompletion(effect, origin: origin, root: root, cancelIDs: cancelIDs)
      }
    case .cancellable(let inner, let ids):
      let root = UncheckedSendable(root)
      let task = spawn(origin: origin, cancelIDs: ids, priority: nil) { [weak self] in
        await self?.runToCompletion(inner, origin: origin, root: root.value, cancelIDs: ids)
      }
      await withTaskCancellationHandler {
        _ = await task.result
      } onCancel: {
        task.cancel()
      }
    }
  }

  // MARK: Observers and closing

  /// Adds an observer of every handled action and the resulting state.
  func addObserver(_ body: @escaping (Action, State) -> Void) -> UInt64 {
    nextObserverID += 1
    observers.append((nextObserverID, body))
    hasListeners = true
    return nextObserverID
  }

  /// Removes an observer.
  func removeObserver(_ id: UInt64) {
    observers.removeAll { $0.id == id }
    hasListeners = !observers.isEmpty || onEffectAction != nil
  }

  override func didClose() {
    observers.removeAll()
    onEffectAction = nil
  }
}
