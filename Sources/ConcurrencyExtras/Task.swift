// `Task` and `Result` helpers, as in swift-concurrency-extras.
#if canImport(Glibc)
import Glibc
#endif

extension Task where Success == Never, Failure == Never {
  /// Lets other tasks run: hops through `count` low-priority tasks, each yielding once
  /// (default 20, or `TASK_MEGA_YIELD_COUNT`).
  public static func megaYield(count: Int = _defaultMegaYieldCount) async {
    for _ in 0..<max(count, 1) {
      await Task<Void, Never>.detached(priority: .background) { await Task<Never, Never>.yield() }
        .value
    }
  }

  /// Suspends forever: throws `CancellationError` when the task is cancelled.
  ///
  /// ```swift
  /// try await Task.never()  // a long-living effect, until cancelled
  /// ```
  public static func never() async throws {
    let stream = AsyncStream<Never> { _ in }
    for await _ in stream {}
    throw Swift.CancellationError()
  }
}

extension Task where Failure == Never {
  /// Suspends forever: throws `CancellationError` when the task is cancelled (the form
  /// returning a value of any type, as `let x: Int = try await Task.never()`).
  public static func never() async throws -> Success {
    let stream = AsyncStream<Success> { _ in }
    for await element in stream { return element }
    throw Swift.CancellationError()
  }
}

extension Task where Failure == Never {
  /// The task's value, cancelling the task when the waiting task is cancelled.
  public var cancellableValue: Success {
    get async {
      await withTaskCancellationHandler {
        await value
      } onCancel: {
        cancel()
      }
    }
  }
}

extension Task where Failure == any Error {
  /// The task's value, cancelling the task when the waiting task is cancelled.
  public var cancellableValue: Success {
    get async throws {
      try await withTaskCancellationHandler {
        try await value
      } onCancel: {
        cancel()
      }
    }
  }
}

/// `megaYield`'s default: `TASK_MEGA_YIELD_COUNT` when set to a positive number, else 20.
public let _defaultMegaYieldCount: Int = {
  guard let raw = getenv("TASK_MEGA_YIELD_COUNT").map({ String(cString: $0) }),
    let count = Int(raw), count > 0
  else { return 20 }
  return count
}()

extension Result where Failure == any Error {
  /// The result of running `body`: its value, or the error it threw.
  ///
  /// ```swift
  /// let response = await Result { try await client.fetch(id) }
  /// ```
  public init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
