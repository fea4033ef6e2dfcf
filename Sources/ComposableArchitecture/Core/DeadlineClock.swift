// A store's live clocks, seen through `DeadlineClock`: a sleep records its deadline with the
// store's executor while it lasts, so `deps_store_next_deadline_ms` (and `Store.nextDeadline`)
// can tell a host's event loop when the store will next have work. The sleep itself is the
// system clock's; only `continuousClock` and `suspendingClock` holding the live clocks are
// wrapped (test, immediate and custom clocks are left as they are).

import DepsConcurrency

/// The system clocks a store wraps (stateless: made afresh for each use).
protocol SystemClock: Clock<Duration> {
  init()
}

extension ContinuousClock: SystemClock {}
extension SuspendingClock: SystemClock {}

/// A live clock whose sleeps record their deadline with a store's executor. It holds only the
/// executor: the system clock is made on each use.
struct DeadlineClock<Base: SystemClock>: Clock, @unchecked Sendable {
  typealias Instant = Base.Instant
  typealias Duration = Swift.Duration

  /// The store's executor (it does not own the dependencies holding this clock: no cycle).
  let executor: PumpExecutor

  private var base: Base { Base() }

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let token = executor.addDeadline(
      MonotonicClock.deadline(after: base.now.duration(to: deadline)))
    defer { executor.removeDeadline(token) }
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

enum StoreClocks {
  /// `values` with its live continuous and suspending clocks recording their deadlines with
  /// `executor`.
  static func recording(_ values: DependencyValues, with executor: PumpExecutor)
    -> DependencyValues
  {
    var values = values
    if values.continuousClock is ContinuousClock {
      values.continuousClock = DeadlineClock<ContinuousClock>(executor: executor)
    }
    if values.suspendingClock is SuspendingClock {
      values.suspendingClock = DeadlineClock<SuspendingClock>(executor: executor)
    }
    return values
  }
}
