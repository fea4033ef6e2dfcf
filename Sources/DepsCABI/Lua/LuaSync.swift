// Running an async endpoint to completion from synchronous Lua code (a top-level
// `deps.dependency("numberFact.fetch")(3)`, or one inside an override): the work runs as a task
// on a serial executor that this thread pumps, so everything it does happens on this thread
// (docs/architecture.md, "The concurrency rule"), and work that truly waits (a socket) is waited for.
import DepsCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

enum LuaSync {
  /// Calls `descriptor` with `input` in the current dependency scope and issue reporters, and
  /// waits for it on this thread.
  static func invoke(_ descriptor: EndpointDescriptor, _ input: JSONValue) -> Result<
    JSONValue, any Error
  > {
    let values = DependencyValues._current
    let reporters = IssueReporters.current
    let executor = PumpExecutor()
    let outcome = Mutex<Result<JSONValue, any Error>?>(nil)
    Task(executorPreference: executor) {
      let result: Result<JSONValue, any Error>
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
