// The store's serial executor — where THE CONCURRENCY RULE is enforced.
//
// Rule: everything a store does happens inside a call on that store, on the caller's thread.
// Effects run as tasks whose executor preference is this executor, so their jobs, their child
// tasks and their clock/continuation resumptions are enqueued here and nowhere else. Jobs are
// only ever run by `drain()` / `waitForWork(until:)`, which only the store's own calls invoke
// (send, run, receive, advance, finish). Work that truly waits (a real clock, a socket)
// completes on another thread and merely *enqueues* its continuation here; a pumping call with
// a timeout blocks on the condition below until it arrives. Hence C callbacks and Lua
// functions installed as overrides run only on the thread inside a call on the store.
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

final class StoreExecutor: TaskExecutor, @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// A unit of ready work: a task job, or a closure hopping onto the store's thread (an action
  /// sent by an effect from another executor).
  private enum Work {
    case job(UnownedJob)
    case closure(@Sendable () -> Void)
  }
  private var jobs: [Work] = []
  private var head = 0
  /// `jobs.count - head`, readable without the mutex: `drain()` of an empty queue (every
  /// `send` whose reducer started no effect) is one atomic load.
  private let pending = Atomic<Int>(0)
  /// Called (outside the lock) whenever a job is enqueued, for async waiters.
  private var wakeHandlers: [UInt64: @Sendable () -> Void] = [:]
  private var nextHandlerID: UInt64 = 0

  init() {
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    append(.job(UnownedJob(job)))
  }

  /// Enqueues `work` to run on the pumping thread, like a job.
  func enqueue(work: @escaping @Sendable () -> Void) {
    append(.closure(work))
  }

  private func append(_ work: Work) {
    pthread_mutex_lock(mutex)
    jobs.append(work)
    pending.add(1, ordering: .releasing)
    var handlers: [UInt64: @Sendable () -> Void] = [:]
    if !wakeHandlers.isEmpty { swap(&handlers, &wakeHandlers) }
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
    for handler in handlers.values { handler() }
  }

  private func takeJob() -> Work? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard head < jobs.count else {
      if head > 0 {
        jobs.removeAll(keepingCapacity: true)
        head = 0
      }
      return nil
    }
    let job = jobs[head]
    head += 1
    pending.subtract(1, ordering: .relaxed)
    if head >= 4_096 && head * 2 >= jobs.count {
      // An effect that never waits keeps the queue from ever emptying: drop the run prefix.
      jobs.removeFirst(head)
      head = 0
    }
    return job
  }

  /// The most jobs one `drain` runs: an effect that never waits (a timer on an
  /// `ImmediateClock`) cannot keep a call on the store from returning.
  static let drainBudget = 100_000

  /// Runs every ready job (and the jobs they enqueue) on the calling thread, at most `budget`.
  /// Returns the number of jobs run.
  @discardableResult
  func drain(budget: Int = StoreExecutor.drainBudget) -> Int {
    if pending.load(ordering: .acquiring) == 0 { return 0 }
    var count = 0
    while count < budget, count & 1023 != 1023 || !StoreInterrupt.isRequested,
      let work = takeJob()
    {
      switch work {
      case .job(let job): job.runSynchronously(on: asUnownedTaskExecutor())
      case .closure(let body): body()
      }
      count += 1
    }
    return count
  }

  /// True when a job is waiting to run.
  var hasReadyJobs: Bool { pending.load(ordering: .acquiring) > 0 }

  /// Blocks the calling thread until a job is enqueued or `deadline` (monotonic nanoseconds)
  /// passes. Returns true if a job is ready.
  func waitForWork(until deadline: UInt64) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while head >= jobs.count {
      let now = MonotonicClock.now
      if now >= deadline { return false }
      var spec = timespec(
        tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
      _ = pthread_cond_timedwait(condition, mutex, &spec)
    }
    return true
  }

  /// Registers `handler` to be called once at the next enqueue (or at once if a job is
  /// ready). Returns an id for `removeWakeHandler`.
  func onNextJob(_ handler: @escaping @Sendable () -> Void) -> UInt64? {
    pthread_mutex_lock(mutex)
    if head < jobs.count {
      pthread_mutex_unlock(mutex)
      handler()
      return nil
    }
    nextHandlerID += 1
    let id = nextHandlerID
    wakeHandlers[id] = handler
    pthread_mutex_unlock(mutex)
    return id
  }

  /// Forgets a handler registered with `onNextJob`.
  func removeWakeHandler(_ id: UInt64) {
    pthread_mutex_lock(mutex)
    wakeHandlers[id] = nil
    pthread_mutex_unlock(mutex)
  }
}

/// Monotonic time in nanoseconds (CLOCK_MONOTONIC), for pump deadlines.
enum MonotonicClock {
  static var now: UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// `now` plus `seconds` (clamped at 0 and at ~30 years).
  static func deadline(after seconds: Double) -> UInt64 {
    let clamped = min(max(seconds, 0), 1e9)
    return now + UInt64(clamped * 1e9)
  }

  /// `now` plus `nanoseconds`, saturating at `UInt64.max` (an unbounded wait).
  static func deadline(afterNanoseconds nanoseconds: UInt64) -> UInt64 {
    let (sum, overflow) = now.addingReportingOverflow(nanoseconds)
    return overflow ? .max : sum
  }
}
