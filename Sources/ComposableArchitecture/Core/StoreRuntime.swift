// `StoreRuntime`: the part of a store that does not depend on its State and Action — the call
// lock, the executor every effect job runs on, the running effects and their cancellation ids,
// the pump that runs the jobs (blocking or async), and closing. `StoreCore` (StoreCore.swift)
// builds the generic part on it; `StoreTask`, `EffectContext` and the event-loop descriptor
// (StoreEventLoop.swift) need only this part. Everything here is touched only by the thread
// inside a call on the store (holding `lock`), including the effect jobs `executor` runs while
// that thread pumps it — see PumpExecutor.swift for the rule.
//
// Speed: non-generic, so the unspecialized generic code a `send` runs touches no generic
// metadata for this bookkeeping; the hot stored properties skip dynamic exclusivity checks
// (the lock already serializes every access).
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

/// A store a test clock can pump after waking sleepers (type-erased so the clock's `@Sendable`
/// pump closure captures no generic metatypes).
protocol ClockPumpable: AnyObject, Sendable {
  /// Runs the store's ready jobs, taking the store's lock.
  func pumpFromClock()
}

extension StoreRuntime: ClockPumpable {
  func pumpFromClock() { lock.withLock { pumpReady() } }
}
