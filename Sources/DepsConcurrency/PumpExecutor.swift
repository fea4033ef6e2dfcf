// The one pumped executor of the package (docs/architecture.md, "The concurrency kit") — where
// THE CONCURRENCY RULE is enforced.
//
// Rule: everything a store does happens inside a call on that store, on the caller's thread.
// Effects run as tasks whose executor preference is the store's executor, so their jobs, their
// child tasks and their clock/continuation resumptions are enqueued here and nowhere else. Jobs
// are only ever run by `drain()` / `pump(until:)`, which only the owner's own calls invoke (a
// store's send, run, receive, advance, finish; a synchronous Lua call of an async endpoint).
// Work that truly waits (a real clock, a socket) completes on another thread and merely
// *enqueues* its continuation here; a pumping call with a timeout blocks on the condition below
// until it arrives. Hence C callbacks and Lua functions installed as overrides run only on the
// thread inside a call on the store.
//
// Event loops: `pollDescriptor()` creates, on first use only, a pipe whose read end is readable
// exactly while a job is ready (written when the ready queue goes from empty to non-empty,
// emptied when a drain leaves it empty), so a host's poll() wakes when the store has work and
// the host then calls the store, which runs that work. Until a descriptor is asked for, none
// exists and enqueueing costs one test of a nil reference. The executor also keeps the
// deadlines its effects sleep until (`DeadlineClock`) for hosts that prefer a timer to a
// descriptor.
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A serial task executor whose jobs run only on the thread that pumps it.
@usableFromInline
package final class PumpExecutor: TaskExecutor, @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// A unit of ready work: a task job, or a closure hopping onto the store's thread (an action
  /// sent by an effect from another executor).
  // The stored properties below are touched only with `mutex` held (`poll` is also read on the
  // pumping thread after its creation), so they skip dynamic exclusivity checks.
  fileprivate enum Work {
    case job(UnownedJob)
    case closure(@Sendable () -> Void)
  }
  /// The ready work, oldest first.
  @exclusivity(unchecked) private var jobs = WorkQueue()
  /// `jobs.count`, readable without the mutex: `drain()` of an empty queue (every
  /// `send` whose reducer started no effect) is one atomic load.
  @usableFromInline let pending = Atomic<Int>(0)
  /// Called (outside the lock) whenever a job is enqueued, for async waiters.
  @exclusivity(unchecked) private var wakeHandlers: [UInt64: @Sendable () -> Void] = [:]
  @exclusivity(unchecked) private var nextHandlerID: UInt64 = 0
  /// The event-loop pipe, created by the first `pollDescriptor()`.
  @exclusivity(unchecked) private var poll: PollPipe?
  /// The monotonic deadlines effects sleep until, by token (few at once: a scan finds the
  /// earliest).
  @exclusivity(unchecked) private var deadlines: [UInt64: UInt64] = [:]
  @exclusivity(unchecked) private var nextDeadlineToken: UInt64 = 0
  /// Set by `wake()`: the next (or current) `waitForWork` returns without a job.
  @exclusivity(unchecked) private var woken = false
  /// Picks which of the `count` ready jobs runs next (0: the oldest), when set: the explorer's
  /// seeded effect order. Set and called only on the pumping thread.
  @exclusivity(unchecked) package var chooseJob: ((_ count: Int) -> Int)?

  /// Creates an executor with no work.
  package init() {
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    jobs.release()
    poll?.close()
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Queues a job of a task preferring this executor (called by the runtime, any thread).
  @usableFromInline package func enqueue(_ job: consuming ExecutorJob) {
    append(.job(UnownedJob(job)))
  }

  /// Enqueues `work` to run on the pumping thread, like a job.
  package func enqueue(work: @escaping @Sendable () -> Void) {
    append(.closure(work))
  }

  private func append(_ work: Work) {
    pthread_mutex_lock(mutex)
    let wasIdle = jobs.isEmpty
    jobs.append(work)
    pending.add(1, ordering: .releasing)
    // After the count: a host woken by the descriptor must find the job.
    if wasIdle, let poll { poll.signal() }
    // The wake handlers are moved out only when there are some: the usual enqueue (nobody
    // waiting asynchronously) touches no dictionary.
    var handlers: [UInt64: @Sendable () -> Void]?
    if !wakeHandlers.isEmpty {
      handlers = wakeHandlers
      wakeHandlers = [:]
    }
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
    if let handlers { for handler in handlers.values { handler() } }
  }

  private func takeJob() -> Work? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    let job: Work?
    if let chooseJob, jobs.count > 1 {
      job = jobs.remove(at: min(max(0, chooseJob(jobs.count)), jobs.count - 1))
    } else {
      job = jobs.removeFirst()
    }
    guard let job else { return nil }
    pending.subtract(1, ordering: .relaxed)
    return job
  }

  /// The most jobs one `drain` runs: an effect that never waits (a timer on an
  /// `ImmediateClock`) cannot keep a call on the store from returning.
  package static let drainBudget = 100_000

  /// Runs every ready job (and the jobs they enqueue) on the calling thread, at most `budget`.
  /// Returns the number of jobs run.
  @discardableResult
  package func drain(budget: Int = PumpExecutor.drainBudget) -> Int {
    if pending.load(ordering: .acquiring) == 0 { return 0 }
    var count = 0
    // The atomic count first: the usual drain (one job, which enqueues none) takes the mutex
    // once.
    while count < budget, count & 1023 != 1023 || !StoreInterrupt.isRequested,
      pending.load(ordering: .acquiring) > 0, let work = takeJob()
    {
      switch work {
      case .job(let job): job.runSynchronously(on: asUnownedTaskExecutor())
      case .closure(let body): body()
      }
      count += 1
    }
    if poll != nil { settlePoll() }
    return count
  }

  /// True when a job is waiting to run.
  @inlinable
  package var hasReadyJobs: Bool { pending.load(ordering: .acquiring) > 0 }

  /// Blocks the calling thread until a job is enqueued, `wake()` is called or `deadline`
  /// (monotonic nanoseconds) passes. Returns true if a job is ready.
  package func waitForWork(until deadline: UInt64) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while jobs.isEmpty {
      if woken {
        woken = false
        return false
      }
      let now = MonotonicClock.now
      if now >= deadline { return false }
      var spec = timespec(
        tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
      _ = pthread_cond_timedwait(condition, mutex, &spec)
    }
    return true
  }

  /// Makes a thread blocked in `waitForWork` (or the next one to call it) return.
  package func wake() {
    pthread_mutex_lock(mutex)
    woken = true
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Runs jobs on this thread until `isDone()`, blocking while none is ready (a synchronous
  /// call waiting for its task: the task's jobs all run here).
  package func pump(until isDone: () -> Bool) {
    while !isDone() {
      if drain() == 0 && !isDone() { _ = waitForWork(until: .max) }
    }
  }

  /// Registers `handler` to be called once at the next enqueue (or at once if a job is
  /// ready). Returns an id for `removeWakeHandler`.
  package func onNextJob(_ handler: @escaping @Sendable () -> Void) -> UInt64? {
    pthread_mutex_lock(mutex)
    if !jobs.isEmpty {
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
  package func removeWakeHandler(_ id: UInt64) {
    pthread_mutex_lock(mutex)
    wakeHandlers[id] = nil
    pthread_mutex_unlock(mutex)
  }
}

extension PumpExecutor {
  // MARK: The event-loop descriptor

  /// The descriptor a host polls: readable while a job is ready. Created on first use; owned by
  /// the executor (closed with it). Throws the system's reason when it refuses a descriptor.
  package func pollDescriptor() throws(PollDescriptorError) -> Int32 {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if let poll { return poll.readEnd }
    let created = try PollPipe()
    poll = created
    if !jobs.isEmpty { created.signal() }
    return created.readEnd
  }

  /// After a drain: the descriptor stays readable only while a job is ready.
  private func settlePoll() {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard let poll else { return }
    if jobs.isEmpty { poll.clear() } else { poll.signal() }
  }

  // MARK: Deadlines

  /// Records that an effect sleeps until `deadline` (monotonic ns); returns a token for
  /// `removeDeadline`.
  package func addDeadline(_ deadline: UInt64) -> UInt64 {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    nextDeadlineToken += 1
    deadlines[nextDeadlineToken] = deadline
    return nextDeadlineToken
  }

  /// Forgets a deadline recorded with `addDeadline` (the sleep ended).
  package func removeDeadline(_ token: UInt64) {
    pthread_mutex_lock(mutex)
    deadlines[token] = nil
    pthread_mutex_unlock(mutex)
  }

  /// Milliseconds until the store has work: 0 when a job is ready or a recorded deadline has
  /// passed, the time to the earliest deadline rounded up, or -1 when nothing is scheduled —
  /// poll()'s timeout convention.
  package var millisecondsUntilWork: Int32 {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if !jobs.isEmpty { return 0 }
    guard let earliest = deadlines.values.min() else { return -1 }
    let now = MonotonicClock.now
    if earliest <= now { return 0 }
    return Int32(min((earliest - now + 999_999) / 1_000_000, UInt64(Int32.max)))
  }
}

/// A first-in first-out queue of work in a ring buffer: appending and removing move the work in
/// and out of its slot (no array growth or compaction bookkeeping per job). Only touched with
/// the executor's mutex held; `release()` frees it.
private struct WorkQueue {
  private var slots: UnsafeMutablePointer<PumpExecutor.Work>
  private var capacity: Int
  private var head = 0
  private(set) var count = 0

  init() {
    capacity = 16
    slots = .allocate(capacity: capacity)
  }

  var isEmpty: Bool { count == 0 }

  mutating func append(_ work: PumpExecutor.Work) {
    if count == capacity { grow() }
    (slots + (head + count) % capacity).initialize(to: work)
    count += 1
  }

  mutating func removeFirst() -> PumpExecutor.Work? {
    guard count > 0 else { return nil }
    let work = (slots + head).move()
    head = (head + 1) % capacity
    count -= 1
    return work
  }

  /// Removes the work at `offset` from the oldest (0 ..< count), keeping the others' order.
  mutating func remove(at offset: Int) -> PumpExecutor.Work? {
    guard offset > 0 else { return removeFirst() }
    guard offset < count else { return nil }
    let work = (slots + (head + offset) % capacity).move()
    for index in offset..<(count - 1) {
      (slots + (head + index) % capacity).moveInitialize(
        from: slots + (head + index + 1) % capacity, count: 1)
    }
    count -= 1
    return work
  }

  /// Doubles the capacity, keeping the order.
  private mutating func grow() {
    let larger = UnsafeMutablePointer<PumpExecutor.Work>.allocate(capacity: capacity * 2)
    for index in 0..<count {
      (larger + index).moveInitialize(from: slots + (head + index) % capacity, count: 1)
    }
    slots.deallocate()
    slots = larger
    capacity *= 2
    head = 0
  }

  /// Drops the work still queued and frees the buffer.
  mutating func release() {
    while removeFirst() != nil {}
    slots.deallocate()
  }
}

/// Why the system refused the event-loop descriptor.
package struct PollDescriptorError: Error {
  /// The system's reason, e.g. "pipe failed: Too many open files".
  package let message: String
}

/// A non-blocking pipe: readable while `signal()`ed and not yet `clear()`ed. At most one byte
/// is ever in it, so a write never blocks.
private final class PollPipe {
  let readEnd: Int32
  private let writeEnd: Int32
  private var signalled = false

  init() throws(PollDescriptorError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw PollDescriptorError(message: "pipe failed: \(String(cString: strerror(errno)))")
    }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  /// Makes the read end readable. Caller holds the executor's mutex.
  func signal() {
    guard !signalled else { return }
    var byte: UInt8 = 1
    if write(writeEnd, &byte, 1) == 1 { signalled = true }
  }

  /// Makes it unreadable. Caller holds the executor's mutex.
  func clear() {
    guard signalled else { return }
    var byte: UInt8 = 0
    while read(readEnd, &byte, 1) == 1 {}
    signalled = false
  }

  func close() {
    Glibc.close(readEnd)
    Glibc.close(writeEnd)
  }
}
