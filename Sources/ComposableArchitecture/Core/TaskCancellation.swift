// `withTaskCancellation(id:cancelInFlight:)` and `Task.cancel(id:)`, as in TCA. Inside a store's
// effect they share the store's cancellation ids with `Effect.cancellable(id:)` and
// `Effect.cancel(id:)` (either cancels work marked by the other); elsewhere they use one
// process-wide table of ids.

import DepsRuntime
import Synchronization

/// The store and send an effect's operation runs for (bound while the store runs it), and the
/// target of the effect's `Send`.
final class EffectContext: Sendable {
  nonisolated(unsafe) weak var runtime: StoreRuntime?
  let origin: UInt64
  /// The store's number for the effect (0: not one effect's own context).
  let effectID: UInt64
  /// The action whose reducer returned the effect (nil: not known).
  nonisolated(unsafe) let originAction: Any?
  /// Set when the effect's operation returned: a `send` after it is reported.
  private let completed = Atomic<Bool>(false)

  init(runtime: StoreRuntime, origin: UInt64, effectID: UInt64 = 0, originAction: Any? = nil) {
    self.runtime = runtime
    self.origin = origin
    self.effectID = effectID
    self.originAction = originAction
  }

  /// Marks the effect's operation as returned.
  func markCompleted() { completed.store(true, ordering: .releasing) }

  /// True once the effect's operation returned.
  var isCompleted: Bool { completed.load(ordering: .acquiring) }

  @TaskLocal static var current: EffectContext?

  /// Hands `action` to the store (nothing once the store is gone). `Action` is the store's: only
  /// the store's own `Send<Action>` holds this context.
  func send<Action>(_ action: Action) {
    guard let runtime else { return }
    unsafeDowncast(runtime, to: StoreActionSink<Action>.self)
      .deliverFromEffect(action, origin: origin)
  }

  /// Tells the store the effect ended.
  func finish() {
    runtime?.effectFinished(effectID)
  }
}

extension EffectContext {
  /// Makes `self` the current effect context of this task until the matching `unbind()`,
  /// without a closure (Runtime/TaskLocalSlots.swift). Returns false (and binds nothing) on
  /// the runtime's safe path: the caller then uses `EffectContext.$current.withValue`.
  func bind() -> Bool {
    guard TaskLocalRuntime.isOneReference(EffectContext?.self) else { return false }
    return TaskLocalRuntime.pushIfFast(
      key: TaskLocalRuntime.key(EffectContext.$current), reference: self,
      type: EffectContext?.self)
  }

  /// Ends what a successful `bind()` started (same task, innermost first).
  func unbind() { TaskLocalRuntime.popFast() }
}

/// The work started by `withTaskCancellation` outside any store, by id.
private let detachedCancellables = Mutex<[CancelID: [UInt64: EffectTask]]>([:])
private let nextDetachedID = Atomic<UInt64>(0)

/// Runs `operation` as work that `Task.cancel(id:)` and `Effect.cancel(id:)` can cancel; with
/// `cancelInFlight`, work already running under `id` is cancelled first.
///
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try await clock.sleep(for: .milliseconds(300))
///     await send(.searchResponse(try await api.search(query)))
///   }
/// }
/// ```
/// Cancelled, the operation sees task cancellation (a sleep throws `CancellationError`).
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable, cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let result = await runCancellable(id: CancelID(id), cancelInFlight: cancelInFlight) {
    () async -> Result<T, any Error> in
    do { return .success(try await operation()) } catch { return .failure(error) }
  }
  return try result.get()
}

/// `withTaskCancellation` for an operation that does not throw.
///
/// ```swift
/// await withTaskCancellation(id: CancelID.timer, cancelInFlight: true) {
///   for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
/// }
/// ```
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable, cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async -> T
) async -> T {
  await runCancellable(id: CancelID(id), cancelInFlight: cancelInFlight, operation)
}

private func runCancellable<T: Sendable>(
  id: CancelID, cancelInFlight: Bool, _ operation: @escaping @Sendable () async -> T
) async -> T {
  let box = Mutex<T?>(nil)
  let body: @Sendable () async -> Void = {
    let value = await operation()
    box.withLock { $0 = value }
  }
  let task: EffectTask
  if let context = EffectContext.current, let runtime = context.runtime {
    let entered = runtime.lock.enter()
    if cancelInFlight { runtime.cancel(id: id) }
    task = runtime.spawn(origin: context.origin, cancelIDs: [id], priority: nil, body)
    if entered { runtime.lock.exit() }
  } else {
    let key = nextDetachedID.add(1, ordering: .relaxed).newValue
    task = detachedCancellables.withLock { table in
      if cancelInFlight { for task in (table[id] ?? [:]).values { task.cancel() } }
      let task = EffectTask { await body() }
      table[id, default: [:]][key] = task
      return task
    }
    defer {
      detachedCancellables.withLock { table in
        table[id]?[key] = nil
        if table[id]?.isEmpty == true { table[id] = nil }
      }
    }
    await withTaskCancellationHandler {
      _ = await task.result
    } onCancel: {
      task.cancel()
    }
    return await finished(box, operation)
  }
  await withTaskCancellationHandler {
    _ = await task.result
  } onCancel: {
    task.cancel()
  }
  return await finished(box, operation)
}

/// The operation's value (the work always runs its body, cancelled or not; should it not have,
/// the operation runs here).
private func finished<T: Sendable>(_ box: borrowing Mutex<T?>, _ operation: @Sendable () async -> T)
  async
  -> T
{
  if let value = box.withLock({ $0 }) { return value }
  return await operation()
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the work marked with `id`: in a store's effect, that store's effects marked with
  /// `.cancellable(id:)` and its `withTaskCancellation(id:)` work; everywhere, the
  /// `withTaskCancellation(id:)` work started outside a store.
  ///
  /// ```swift
  /// return .run { _ in
  ///   Task.cancel(id: CancelID.timer)
  /// }
  /// ```
  public static func cancel(id: some Hashable & Sendable) {
    let id = CancelID(id)
    if let context = EffectContext.current, let runtime = context.runtime {
      let entered = runtime.lock.enter()
      runtime.cancel(id: id)
      if entered { runtime.lock.exit() }
    }
    let tasks = detachedCancellables.withLock { ($0[id] ?? [:]).values.map { $0 } }
    for task in tasks { task.cancel() }
  }
}
