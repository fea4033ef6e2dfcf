// Running every task on the main serial executor, as swift-concurrency-extras does for tests:
// while it is on, the jobs the global executor would run go to the main actor instead, one at a
// time (DepsRuntime's GlobalEnqueueHook). Deps' own stores do not need it (their effects run on
// each store's own serial executor); it is here for tests written against the original.
import DepsRuntime

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
  let previous = uncheckedUseMainSerialExecutor
  defer { uncheckedUseMainSerialExecutor = previous }
  uncheckedUseMainSerialExecutor = true
  try await operation()
}

/// Performs `operation` with every task enqueued on the main serial executor (the synchronous
/// form, e.g. around `XCTestCase.invokeTest`).
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: () throws -> Void
) rethrows {
  let previous = uncheckedUseMainSerialExecutor
  defer { uncheckedUseMainSerialExecutor = previous }
  uncheckedUseMainSerialExecutor = true
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
