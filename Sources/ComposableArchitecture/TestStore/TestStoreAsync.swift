// The `TestStore`'s async API: `send`, `receive`, `finish`, `skipReceivedActions`,
// `skipInFlightEffects`, `withExhaustivity` over an async body, and the `TestStoreTask` a send
// returns. Each awaits by pumping the store's executor without blocking a thread, then does its
// checks through the synchronous core the C and Lua fronts share (TestStore.swift).

import DepsConcurrency

extension TestStore {
  /// The async form of `withExhaustivity(_:operation:)`.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) { await store.send(.refresh) }
  /// ```
  nonisolated(nonsending) public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try await operation()
  }

  /// Sends `action` and asserts the state change: `assert` mutates the expected state (omit it
  /// when no change is expected).
  @discardableResult
  nonisolated(nonsending) public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask {
    sendNow(
      action, assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the next action effects sent is `expectedAction`, waiting up to `timeout`
  /// (default: the store's `timeout`) for it, and asserts the state change.
  nonisolated(nonsending) public func receive(
    _ expectedAction: Action,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async where Action: Equatable {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let nanoseconds = duration.map(nanoseconds(of:)) ?? timeoutNanoseconds
    let waited = await waitForReceived(
      matching: { $0 == expectedAction }, nanoseconds: nanoseconds)
    finishReceive(
      matching: { $0 == expectedAction }, expected: expectedAction,
      timedOut: (nanoseconds, duration != nil, waited), assert: updateStateToExpectedResult,
      at: location)
  }

  /// Asserts that the next action effects sent satisfies `isMatching`.
  nonisolated(nonsending) public func receive(
    _ isMatching: @escaping (_ action: Action) -> Bool,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let nanoseconds = duration.map(nanoseconds(of:)) ?? timeoutNanoseconds
    let waited = await waitForReceived(matching: isMatching, nanoseconds: nanoseconds)
    finishReceive(
      matching: isMatching, expected: nil, timedOut: (nanoseconds, duration != nil, waited),
      assert: updateStateToExpectedResult, at: location)
  }

  /// Waits (running effects) until every effect has finished; reports if some are still
  /// running after `timeout` (default: the store's `timeout`).
  nonisolated(nonsending) public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let nanoseconds = duration.map(nanoseconds(of:)) ?? timeoutNanoseconds
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    assertNoReceivedActions(at: location)
    let core = self.core
    let done = await core.pumpAsync(
      until: { !self.hasTrackedEffectsInFlight },
      deadline: MonotonicClock.deadline(afterNanoseconds: nanoseconds))
    if !done {
      report(
        wording.finishTimedOut(nanoseconds: nanoseconds, explicitTimeout: duration != nil),
        at: location)
    }
    // As TCA's: shared changes are checked once the effects have finished.
    if done { assertNoSharedChanges(at: location) }
    core.instrument?.testStoreFinished(
      fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }

  /// Drops the actions received so far without asserting them (strict: reports if none).
  nonisolated(nonsending) public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    skipReceivedActionsNow(
      strict: strict,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Cancels the running effects without asserting them (strict: reports if none).
  nonisolated(nonsending) public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    skipInFlightEffectsNow(
      strict: strict,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs effects until an action matching `isMatching` was received or `nanoseconds` passed;
  /// returns whether effects were in flight to wait for (TCA reports a timeout only then).
  nonisolated(nonsending) func waitForReceived(
    matching isMatching: @escaping (Action) -> Bool, nanoseconds: UInt64
  ) async -> Bool {
    let core = self.core
    let waited = core.lock.withLock { core.hasEffectsInFlight }
    _ = await core.pumpAsync(
      until: { self.hasReceived(matching: isMatching) },
      deadline: MonotonicClock.deadline(afterNanoseconds: nanoseconds))
    return waited
  }
}

/// The effects started by one `TestStore.send`.
public struct TestStoreTask: Sendable {
  let task: StoreTask
  /// The store's `timeout` when the action was sent, in nanoseconds.
  let timeout: UInt64

  init(core: StoreRuntime, origin: UInt64, timeout: UInt64) {
    task = StoreTask(core: core, origin: origin)
    self.timeout = timeout
  }

  /// Cancels the effects.
  public func cancel() { task.cancel() }

  /// Waits (running effects) until they finish; reports if they are still running after
  /// `timeout` (default: the store's `timeout` when the action was sent).
  ///
  /// ```swift
  /// await store.send(.refreshButtonTapped).finish(timeout: .seconds(2))
  /// ```
  nonisolated(nonsending) public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let nanoseconds = duration.map(nanoseconds(of:)) ?? timeout
    let deadline = MonotonicClock.deadline(afterNanoseconds: nanoseconds)
    if await task.pumpUntilDone(deadline) { return }
    reportIssue(
      TestStoreMessages.taskTimedOut(nanoseconds: nanoseconds, explicitTimeout: duration != nil),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// True once the effects have finished.
  public var isFinished: Bool { task.isFinished }
}
