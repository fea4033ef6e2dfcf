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
  let token = MainSerialExecutorLease.acquire()
  defer { MainSerialExecutorLease.release(token) }
  try await operation()
}

/// Performs `operation` with every task enqueued on the main serial executor (the synchronous
/// form, e.g. around `XCTestCase.invokeTest`).
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: () throws -> Void
) rethrows {
  let token = MainSerialExecutorLease.acquire()
  defer { MainSerialExecutorLease.release(token) }
  try operation()
}

/// Whether every task is enqueued on the main serial executor (unscoped; prefer
/// `withMainSerialExecutor`). Always false where the runtime's hook is not available. Setting it
/// wins over the scopes and test stores holding it at the time: when they end, they leave it
/// as set.
public var uncheckedUseMainSerialExecutor: Bool {
  get { GlobalEnqueueHook.current != nil }
  set { MainSerialExecutorLease.set(newValue) }
}

/// The holders of the main serial executor: `withMainSerialExecutor` scopes and TCA's test
/// stores. The first holder turns it on and remembers the setting it found; the last one to let
/// go puts that setting back. (Each putting back what it found, as the originals do, leaves it
/// on when holders in tests running in parallel end out of order.) Setting
/// `uncheckedUseMainSerialExecutor` starts a new generation: holders from before it (a test
/// store a finished test still keeps alive) no longer count when they let go.
package enum MainSerialExecutorLease {
  private struct Holders {
    var generation = 0
    var count = 0
    var found = false
  }
  private static let holders = Mutex(Holders())

  /// What a holder gets back, to let go with.
  package struct Token: Sendable {
    fileprivate let generation: Int
  }

  /// Turns the main serial executor on for one more holder.
  package static func acquire() -> Token {
    holders.withLock { holders in
      if holders.count == 0 { holders.found = GlobalEnqueueHook.current != nil }
      holders.count += 1
      hook(true)
      return Token(generation: holders.generation)
    }
  }

  /// Lets go of it; the last holder of the generation puts back the setting the first found.
  package static func release(_ token: Token) {
    holders.withLock { holders in
      guard token.generation == holders.generation else { return }
      holders.count -= 1
      if holders.count == 0 { hook(holders.found) }
    }
  }

  /// An explicit setting: a new generation with no holders.
  static func set(_ on: Bool) {
    holders.withLock { holders in
      holders.generation += 1
      holders.count = 0
      hook(on)
    }
  }

  private static func hook(_ on: Bool) {
    GlobalEnqueueHook.current = on ? { job, _ in MainActor.shared.enqueue(job) } : nil
  }
}
