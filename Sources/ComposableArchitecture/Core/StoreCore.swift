// The engine shared by `Store` and `TestStore`: state, reducer, the store's dependencies, the
// running effects and their cancellation ids. Everything here is touched only by the thread
// inside a call on the store (holding `lock`), including the effect jobs `executor` runs while
// that thread pumps it — see PumpExecutor.swift for the rule.
//
// Speed: the bookkeeping that does not depend on State and Action lives in the non-generic
// `StoreRuntime`, so the unspecialized generic code a `send` runs (callers are in other modules)
// touches no generic metadata beyond the store's own; a `send` whose reducer returns `.none`
// allocates nothing; the hot stored properties skip dynamic exclusivity checks (the lock
// already serializes every access).
import DepsConcurrency
import Synchronization

/// An effect's task. Its type says it may throw (it never does): `Task.init` for a task that
/// cannot throw wraps its operation in a throwing one (a closure allocated and an async frame
/// run per effect); a non-throwing closure passed where a throwing one is expected is not.
typealias EffectTask = Task<Void, any Error>

/// The part of a store that does not depend on its State and Action: the call lock, the
/// executor, the running effects and their cancellation ids.
package class StoreRuntime: @unchecked Sendable {
  struct EffectRecord {
    /// The effect's number (increasing: `effects` stays sorted by it).
    let id: UInt64
    let task: EffectTask
    /// The sequence number of the send whose processing started the effect.
    let origin: UInt64
    let cancelIDs: [CancelID]
  }

  package final let lock = ReentrantLock()
  final let executor = PumpExecutor()
  /// The running effects, oldest first: an array, not a dictionary keyed by id (few run at
  /// once, and appending and removing skip the hashing; the storage is reused).
  @exclusivity(unchecked) private final var effects: [EffectRecord] = []
  @exclusivity(unchecked) private final var cancellations: [CancelID: Set<UInt64>] = [:]
  @exclusivity(unchecked) private final var nextEffectID: UInt64 = 0
  @exclusivity(unchecked) private final var nextOrigin: UInt64 = 0
  @exclusivity(unchecked) private(set) final var isClosed = false
  /// True while an action is being handled (reducer, observers, synchronous effects): a send
  /// arriving then is queued, not nested.
  @exclusivity(unchecked) final var isHandling = false
  /// Per-store state of effect operators (throttle's last times), by operator and id.
  final var operatorState: [CancelID: Any] = [:]
  /// The instrument this store reports its steps to (StoreInstrument.swift); nil: none.
  @exclusivity(unchecked) final package var instrument: (any StoreInstrument)?

  init() {}

  /// A fresh origin number for a send.
  final func makeOrigin() -> UInt64 {
    nextOrigin += 1
    return nextOrigin
  }

  // MARK: Effects

  /// Starts `body` as an effect task on the store's executor and records it as in flight.
  @discardableResult
  final func spawn(
    origin: UInt64, cancelIDs: [CancelID], priority: TaskPriority?,
    _ body: @escaping @Sendable () async -> Void
  ) -> EffectTask {
    let id = makeEffectID()
    var body = body
    if let instrument { body = instrument.effectStarted(id, origin: origin, body) }
    let task = EffectTask(executorPreference: executor, priority: priority) { [weak self, body] in
      await body()
      self?.effectFinished(id)
    }
    record(task, id: id, origin: origin, cancelIDs: cancelIDs)
    return task
  }

  /// A fresh effect number (for `record`).
  final func makeEffectID() -> UInt64 {
    nextEffectID += 1
    return nextEffectID
  }

  /// Records `task`, started as effect `id`, as in flight. Its body calls `effectFinished(id)`
  /// when it ends.
  final func record(_ task: EffectTask, id: UInt64, origin: UInt64, cancelIDs: [CancelID]) {
    effects.append(EffectRecord(id: id, task: task, origin: origin, cancelIDs: cancelIDs))
    for cancelID in cancelIDs {
      for registration in cancelID.registrations {
        cancellations[registration, default: []].insert(id)
      }
    }
  }

  /// Forgets the effect `id` (its body ended).
  final func effectFinished(_ id: UInt64) {
    guard let index = effects.firstIndex(where: { $0.id == id }) else { return }
    let record = effects.remove(at: index)
    instrument?.effectFinished(id)
    for cancelID in record.cancelIDs {
      for registration in cancelID.registrations {
        cancellations[registration]?.remove(id)
        if cancellations[registration]?.isEmpty == true { cancellations[registration] = nil }
      }
    }
  }

  /// Cancels the effects marked with `id`.
  final func cancel(id: CancelID) {
    guard let ids = cancellations[id] else { return }
    for record in effects where ids.contains(record.id) { record.task.cancel() }
  }

  /// Cancels the effects started by the send `origin`.
  final func cancel(origin: UInt64) {
    for record in effects where record.origin == origin { record.task.cancel() }
  }

  /// True while an effect is running.
  final var hasEffectsInFlight: Bool { !effects.isEmpty }

  /// True while an effect started by the send `origin` is running.
  final func hasEffects(origin: UInt64) -> Bool {
    effects.contains { $0.origin == origin }
  }

  /// The origins of the running effects, one per effect, oldest first.
  final var inFlightOrigins: [UInt64] {
    effects.map { $0.origin }
  }

  // MARK: Pumping

  /// True while this thread runs the store's jobs: a call on the store made from inside a job
  /// (an endpoint callback sending an action) does not pump again; the outer pump runs what it
  /// started.
  @exclusivity(unchecked) final var isPumping = false

  /// Runs every ready job on this thread. Caller holds the lock.
  @inline(__always)
  final func pumpReady() {
    if isPumping || !executor.hasReadyJobs { return }
    drainJobs()
  }

  /// Runs the ready jobs, marking the store as pumping meanwhile.
  private final func drainJobs() {
    isPumping = true
    executor.drain()
    isPumping = false
  }

  /// Pumps until `done()`, until nothing is running, or until `deadline` (monotonic ns);
  /// blocks this thread while effects wait for outside work. Caller holds the lock. Called
  /// from inside one of the store's jobs, it does not pump: it returns `done()`.
  final func pump(until done: () -> Bool, deadline: UInt64) -> Bool {
    if isPumping || isHandling { return done() }
    while true {
      drainJobs()
      if done() { return true }
      if effects.isEmpty && !executor.hasReadyJobs { return false }
      // Effects that never wait keep jobs ready: the deadline still ends the call, and so does
      // an interrupt (Ctrl-C in a shell), checked at least every 50 ms while waiting.
      if StoreInterrupt.isRequested { return done() }
      if MonotonicClock.now >= deadline { return false }
      let slice = min(deadline, MonotonicClock.deadline(afterNanoseconds: 50_000_000))
      if !executor.waitForWork(until: slice) {
        if slice < deadline { continue }
        drainJobs()
        return done()
      }
    }
  }

  /// The async form of `pump`: never blocks a thread while waiting (takes the lock itself).
  nonisolated(nonsending) final func pumpAsync(
    until done: @escaping () -> Bool, deadline: UInt64
  ) async -> Bool {
    while true {
      let (finished, idle) = lock.withLock { () -> (Bool, Bool) in
        if isPumping || isHandling { return (done(), true) }
        drainJobs()
        return (done(), effects.isEmpty && !executor.hasReadyJobs)
      }
      if finished { return true }
      if idle || MonotonicClock.now >= deadline { return false }
      await waitForWork(deadline: deadline)
    }
  }

  /// Suspends until a job is enqueued or `deadline` passes.
  nonisolated(nonsending) private final func waitForWork(deadline: UInt64) async {
    let resumed = Atomic<Bool>(false)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let box = UncheckedSendable(continuation)
      let resume: @Sendable () -> Void = {
        if !resumed.exchange(true, ordering: .acquiringAndReleasing) { box.value.resume() }
      }
      let handlerID = executor.onNextJob(resume)
      let now = MonotonicClock.now
      let wait = deadline > now ? deadline - now : 0
      Task { [executor] in
        try? await Task.sleep(nanoseconds: min(wait, 50_000_000))
        if let handlerID { executor.removeWakeHandler(handlerID) }
        resume()
      }
    }
  }

  // MARK: Closing

  /// Cancels every running effect and lets them wind down (bounded wait). Caller holds the lock.
  final func close() {
    if isClosed { return }
    for record in effects { record.task.cancel() }
    _ = pump(until: { self.effects.isEmpty }, deadline: MonotonicClock.deadline(after: 0.2))
    isClosed = true
    didClose()
    DependencyReadCache.purgeThisThread()
  }

  /// Drops what the closed store no longer needs (observers). Caller holds the lock.
  func didClose() {}
}

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

  /// Runs the reducer for `action` inside the store's dependencies, tells observers, starts the
  /// returned effect. Returns the state right after the reducer (before any effect ran).
  /// Caller holds the lock.
  /// Actions queued while another is handled run after it, before this returns.
  @discardableResult
  func process(_ action: Action, origin: UInt64, fromEffect: Bool) -> State {
    isHandling = true
    instrument?.actionHandled(action, origin: origin, fromEffect: fromEffect)
    let effect = reduce(action)
    let reduced = state
    if fromEffect { onEffectAction?(action, reduced, origin) }
    for observer in observers { observer.body(action, reduced) }
    start(effect, origin: origin, cancelIDs: [])
    drainPendingActions()
    isHandling = false
    return reduced
  }

  /// `process` without returning the state: copies it only for listeners. Caller holds the
  /// lock. An action arriving while another is being handled (sent from an observer, an
  /// endpoint, a reducer-side callback or a synchronous effect) is queued and handled after it,
  /// in order, by the outermost call: the stack never grows with re-entrant sends.
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

  private func handleNow(_ action: Action, origin: UInt64, fromEffect: Bool) {
    if hasListeners || instrument != nil {
      if let instrument {
        instrument.actionHandled(action, origin: origin, fromEffect: fromEffect)
      }
      let effect = reduce(action)
      if hasListeners {
        let reduced = state
        if fromEffect { onEffectAction?(action, reduced, origin) }
        for observer in observers { observer.body(action, reduced) }
      }
      if case .none = effect.operation { return }
      start(effect, origin: origin, cancelIDs: [])
    } else {
      // Nobody to tell between the reducer and its effects: the effects start inside the same
      // binding of the store's dependencies, so their tasks inherit it instead of binding it.
      withDependenciesCurrent {
        let effect = reducer(&state, action)
        if case .none = effect.operation { return }
        start(effect, origin: origin, cancelIDs: [])
      }
    }
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

  /// Interprets `effect`: synchronous parts now, async parts as tasks on the executor.
  func start(_ effect: Effect<Action>, origin: UInt64, cancelIDs: [CancelID]) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      deliverFromEffect(action, origin: origin)
    case .cancel(let id):
      cancel(id: id)
    case .run(let run):
      startRun(run, origin: origin, cancelIDs: cancelIDs)
    case .merge(let effects):
      for effect in effects { start(effect, origin: origin, cancelIDs: cancelIDs) }
    case .concatenate:
      spawn(origin: origin, cancelIDs: cancelIDs, priority: nil) { [weak self] in
        await self?.runToCompletion(effect, origin: origin, cancelIDs: cancelIDs)
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      start(inner, origin: origin, cancelIDs: cancelIDs + [id])
    }
  }

  /// Starts a `.run` effect's operation as a task.
  private func startRun(_ run: EffectRun, origin: UInt64, cancelIDs: [CancelID]) {
    if instrument != nil {
      let context = EffectContext(runtime: self, origin: origin)
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
    let context = EffectContext(runtime: self, origin: origin, effectID: id)
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
      IssueTallies.effectEnded(context)
    } else {
      await EffectContext.$current.withValue(context) {
        await operate(run, send)
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

  /// Runs `effect` to its end from inside an effect task (concatenation).
  private func runToCompletion(_ effect: Effect<Action>, origin: UInt64, cancelIDs: [CancelID])
    async
  {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      deliverFromEffect(action, origin: origin)
    case .cancel(let id):
      cancel(id: id)
    case .run(let run):
      let context = EffectContext(runtime: self, origin: origin)
      await Self.operate(run, Send<Action>(context: context), in: context)
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { [weak self] in
            await self?.runToCompletion(effect, origin: origin, cancelIDs: cancelIDs)
          }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        if Task.isCancelled { return }
        await runToCompletion(effect, origin: origin, cancelIDs: cancelIDs)
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      let ids = cancelIDs + [id]
      let task = spawn(origin: origin, cancelIDs: ids, priority: nil) { [weak self] in
        await self?.runToCompletion(inner, origin: origin, cancelIDs: ids)
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

/// A store a test clock can pump after waking sleepers (type-erased so the clock's `@Sendable`
/// pump closure captures no generic metatypes).
protocol ClockPumpable: AnyObject, Sendable {
  /// Runs the store's ready jobs, taking the store's lock.
  func pumpFromClock()
}

extension StoreRuntime: ClockPumpable {
  func pumpFromClock() { lock.withLock { pumpReady() } }
}
