// The engine shared by `Store` and `TestStore`: state, reducer, the store's dependencies, the
// running effects and their cancellation ids. Everything here is touched only by the thread
// inside a call on the store (holding `lock`), including the effect jobs `executor` runs while
// that thread pumps it — see StoreExecutor.swift for the rule.
import Synchronization

final class StoreCore<State, Action>: @unchecked Sendable {
  struct EffectRecord {
    let task: Task<Void, Never>
    /// The sequence number of the send whose processing started the effect.
    let origin: UInt64
    let cancelIDs: [CancelID]
  }

  let lock = CallLock()
  let executor = StoreExecutor()
  var state: State
  /// The store's dependencies: the reducer runs inside them; effects capture them.
  var dependencies: DependencyValues
  private let reducer: (inout State, Action) -> Effect<Action>
  private var effects: [UInt64: EffectRecord] = [:]
  private var cancellations: [CancelID: Set<UInt64>] = [:]
  private var nextEffectID: UInt64 = 0
  private var nextOrigin: UInt64 = 0
  private var observers: [(id: UInt64, body: (Action, State) -> Void)] = []
  private var nextObserverID: UInt64 = 0
  /// Called for every action an effect sends, after the reducer ran (TestStore's received
  /// actions).
  var onEffectAction: ((Action, State, UInt64) -> Void)?
  private(set) var isClosed = false

  init(
    state: State, dependencies: DependencyValues,
    reducer: @escaping (inout State, Action) -> Effect<Action>
  ) {
    self.state = state
    self.dependencies = dependencies
    self.reducer = reducer
  }

  // MARK: Actions

  /// A fresh origin number for a send.
  func makeOrigin() -> UInt64 {
    nextOrigin += 1
    return nextOrigin
  }

  /// Runs the reducer for `action` inside the store's dependencies, tells observers, starts the
  /// returned effect. Returns the state right after the reducer (before any effect ran).
  /// Caller holds the lock.
  @discardableResult
  func process(_ action: Action, origin: UInt64, fromEffect: Bool) -> State {
    let effect: Effect<Action>
    if DependencyValues._current.storage === dependencies.storage {
      effect = reducer(&state, action)
    } else {
      effect = DependencyValues.$_current.withValue(dependencies) { reducer(&state, action) }
    }
    let reduced = state
    if fromEffect { onEffectAction?(action, reduced, origin) }
    for observer in observers { observer.body(action, reduced) }
    start(effect, origin: origin, cancelIDs: [])
    return reduced
  }

  /// An action sent by an effect: handled at once on the store's thread, or hopped onto it.
  func deliverFromEffect(_ action: Action, origin: UInt64) {
    if lock.isHeldByCurrentThread {
      guard !isClosed else { return }
      process(action, origin: origin, fromEffect: true)
    } else {
      let box = UncheckedSendable(action)
      executor.enqueue { [weak self] in
        guard let self, !self.isClosed else { return }
        self.process(box.value, origin: origin, fromEffect: true)
      }
    }
  }

  func makeSend(origin: UInt64) -> Send<Action> {
    Send(send: { [weak self] action in self?.deliverFromEffect(action, origin: origin) })
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
      let send = makeSend(origin: origin)
      spawn(origin: origin, cancelIDs: cancelIDs, priority: run.priority) {
        await DependencyValues.$_current.withValue(run.dependencies) {
          await run.operation(send)
        }
      }
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
      let send = makeSend(origin: origin)
      await DependencyValues.$_current.withValue(run.dependencies) { await run.operation(send) }
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
        await task.value
      } onCancel: {
        task.cancel()
      }
    }
  }

  /// Starts `body` as an effect task on the store's executor and records it as in flight.
  @discardableResult
  private func spawn(
    origin: UInt64, cancelIDs: [CancelID], priority: TaskPriority?,
    _ body: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    nextEffectID += 1
    let id = nextEffectID
    let task = Task(executorPreference: executor, priority: priority) { [weak self] in
      await body()
      self?.effectFinished(id)
    }
    effects[id] = EffectRecord(task: task, origin: origin, cancelIDs: cancelIDs)
    for cancelID in cancelIDs { cancellations[cancelID, default: []].insert(id) }
    return task
  }

  private func effectFinished(_ id: UInt64) {
    guard let record = effects.removeValue(forKey: id) else { return }
    for cancelID in record.cancelIDs {
      cancellations[cancelID]?.remove(id)
      if cancellations[cancelID]?.isEmpty == true { cancellations[cancelID] = nil }
    }
  }

  /// Cancels the effects marked with `id`.
  func cancel(id: CancelID) {
    for effectID in cancellations[id] ?? [] { effects[effectID]?.task.cancel() }
  }

  /// Cancels the effects started by the send `origin`.
  func cancel(origin: UInt64) {
    for record in effects.values where record.origin == origin { record.task.cancel() }
  }

  /// True while an effect is running.
  var hasEffectsInFlight: Bool { !effects.isEmpty }

  /// True while an effect started by the send `origin` is running.
  func hasEffects(origin: UInt64) -> Bool { effects.values.contains { $0.origin == origin } }

  /// The origins of the running effects, one per effect, oldest first.
  var inFlightOrigins: [UInt64] { effects.keys.sorted().compactMap { effects[$0]?.origin } }

  // MARK: Pumping

  /// Runs every ready job on this thread. Caller holds the lock.
  func pumpReady() { executor.drain() }

  /// Pumps until `done()`, until nothing is running, or until `deadline` (monotonic ns);
  /// blocks this thread while effects wait for outside work. Caller holds the lock.
  func pump(until done: () -> Bool, deadline: UInt64) -> Bool {
    while true {
      executor.drain()
      if done() { return true }
      if effects.isEmpty && !executor.hasReadyJobs { return false }
      if !executor.waitForWork(until: deadline) {
        executor.drain()
        return done()
      }
    }
  }

  /// The async form of `pump`: never blocks a thread while waiting (takes the lock itself).
  nonisolated(nonsending) func pumpAsync(until done: @escaping () -> Bool, deadline: UInt64)
    async -> Bool
  {
    while true {
      let (finished, idle) = lock.withLock { () -> (Bool, Bool) in
        executor.drain()
        return (done(), effects.isEmpty && !executor.hasReadyJobs)
      }
      if finished { return true }
      if idle || MonotonicClock.now >= deadline { return false }
      await waitForWork(deadline: deadline)
    }
  }

  /// Suspends until a job is enqueued or `deadline` passes.
  nonisolated(nonsending) private func waitForWork(deadline: UInt64) async {
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

  // MARK: Observers and closing

  /// Adds an observer of every handled action and the resulting state.
  func addObserver(_ body: @escaping (Action, State) -> Void) -> UInt64 {
    nextObserverID += 1
    observers.append((nextObserverID, body))
    return nextObserverID
  }

  /// Removes an observer.
  func removeObserver(_ id: UInt64) { observers.removeAll { $0.id == id } }

  /// Cancels every running effect and lets them wind down (bounded wait). Caller holds the lock.
  func close() {
    if isClosed { return }
    for record in effects.values { record.task.cancel() }
    _ = pump(until: { self.effects.isEmpty }, deadline: MonotonicClock.deadline(after: 0.2))
    isClosed = true
    observers.removeAll()
    onEffectAction = nil
    DependencyReadCache.purgeThisThread()
  }
}

/// A store a test clock can pump after waking sleepers (type-erased so the clock's `@Sendable`
/// pump closure captures no generic metatypes).
protocol ClockPumpable: AnyObject, Sendable {
  /// Runs the store's ready jobs, taking the store's lock.
  func pumpFromClock()
}

extension StoreCore: ClockPumpable {
  func pumpFromClock() { lock.withLock { pumpReady() } }
}

/// Carries a value across a `@Sendable` boundary the caller knows is safe (it is only used on
/// the store's thread).
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
