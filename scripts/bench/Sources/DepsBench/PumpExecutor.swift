// Runs async code to completion on the calling thread: the task prefers this executor, so its
// jobs are enqueued here and run by `runBlocking`'s loop (no other thread needed).
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

final class PumpExecutor: TaskExecutor, @unchecked Sendable {
  private let jobs = Mutex<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    jobs.withLock { $0.append(unowned) }
  }

  /// Runs `body` on this thread (pumping its jobs) and returns when it has finished.
  func runBlocking(_ body: @escaping @Sendable () async -> Void) {
    let done = Flag()
    Task(executorPreference: self) {
      await body()
      done.value.store(true, ordering: .releasing)
    }
    while !done.value.load(ordering: .acquiring) {
      let ready = jobs.withLock { jobs -> [UnownedJob] in
        defer { jobs.removeAll(keepingCapacity: true) }
        return jobs
      }
      if ready.isEmpty {
        sched_yield()
        continue
      }
      for job in ready { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
  }

  private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
  }
}
