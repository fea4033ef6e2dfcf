// Running an async endpoint to completion from synchronous Lua code (a top-level
// `deps.dependency("numberFact.fetch")(3)`, or one inside an override): the work runs as a task
// on a serial executor that this thread pumps, so everything it does happens on this thread
// (docs/architecture.md, "The concurrency rule"), and work that truly waits (a socket) is waited for.
import DepsCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A serial executor pumped by the thread that waits for its task.
final class LuaPumpExecutor: TaskExecutor, @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var jobs: [UnownedJob] = []

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    pthread_mutex_lock(mutex)
    jobs.append(unowned)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Runs jobs on this thread until `isDone()`; blocks while no job is ready.
  func pump(until isDone: () -> Bool) {
    while !isDone() {
      pthread_mutex_lock(mutex)
      while jobs.isEmpty && !isDone() { pthread_cond_wait(condition, mutex) }
      let ready = jobs
      jobs.removeAll()
      pthread_mutex_unlock(mutex)
      for job in ready { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
  }

  /// Wakes the pumping thread (the task finished).
  func wake() {
    pthread_mutex_lock(mutex)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }
}

enum LuaSync {
  /// Calls `descriptor` with `input` in the current dependency scope and issue reporters, and
  /// waits for it on this thread.
  static func invoke(_ descriptor: EndpointDescriptor, _ input: Value) -> Result<Value, any Error>
  {
    let values = DependencyValues._current
    let reporters = IssueReporters.current
    let executor = LuaPumpExecutor()
    let outcome = Mutex<Result<Value, any Error>?>(nil)
    Task(executorPreference: executor) {
      let result: Result<Value, any Error>
      do {
        result = .success(
          try await DependencyValues.$_current.withValue(values) {
            try await withIssueReporters(reporters) { try await descriptor.call(input) }
          })
      } catch {
        result = .failure(error)
      }
      outcome.withLock { $0 = result }
      executor.wake()
    }
    executor.pump { outcome.withLock { $0 != nil } }
    return outcome.withLock { $0 } ?? .failure(EndpointError("the call did not complete"))
  }
}
