// Running every task on the main serial executor, as swift-concurrency-extras does for tests:
// while it is on, the jobs the global executor would run go to the main actor instead, one at a
// time (DepsRuntime's GlobalEnqueueHook). Deps' own stores do not need it (their effects run on
// each store's own serial executor); it is here for tests written against the original.
import DepsRuntime
import Synchronization

/// Performs `operation` with every task enqueued on the main serial executor.
///
/// ```swift
/// await withMainSerialExecutor {
///   // tasks spawned here run one at a time, in order
/// }
/// ```
@MainActor
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: @isolated(any) () async throws -> Void
) async rethrows {
  MainSerialExecutorLease.acquire()
  defer { MainSerialExecutorLease.release() }
  try await operation()
}

/// Performs `operation` with every task enqueued on the main serial executor (the synchronous
/// form, e.g. around `XCTestCase.invokeTest`).
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: () throws -> Void
) rethrows {
  MainSerialExecutorLease.acquire()
  defer { MainSerialExecutorLease.release() }
  try operation()
}

/// Whether every task is enqueued on the main serial executor (unscoped; prefer
/// `withMainSerialExecutor`). Always false where the runtime's hook is not available.
public var uncheckedUseMainSerialExecutor: Bool {
  get { GlobalEnqueueHook.current != nil }
  set {
    GlobalEnqueueHook.current = newValue ? { job, _ in MainActor.shared.enqueue(job) } : nil
  }
}

/// The holders of the main serial executor: `withMainSerialExecutor` scopes and TCA's test
/// stores. The first holder turns it on and remembers the setting it found; the last one to let
/// go puts that setting back. (Each putting back what it found, as the originals do, leaves it
/// on when holders in tests running in parallel end out of order.)
package enum MainSerialExecutorLease {
  private static let holders = Mutex((count: 0, found: false))

  /// Turns the main serial executor on for one more holder.
  package static func acquire() {
    holders.withLock { holders in
      if holders.count == 0 { holders.found = uncheckedUseMainSerialExecutor }
      holders.count += 1
      uncheckedUseMainSerialExecutor = true
    }
  }

  /// Lets go of it; the last holder puts back the setting the first one found.
  package static func release() {
    holders.withLock { holders in
      holders.count -= 1
      if holders.count == 0 { uncheckedUseMainSerialExecutor = holders.found }
    }
  }
}
