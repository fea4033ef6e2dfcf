// TestStore by case, for code written without case key paths: `receive(Action.response)`,
// `receive(Action.response, value)` and `send(Action.child, payload)` with the enum case
// constructor (the case key path forms are in CaseKeyPathOverloads.swift); `TestStore.assert`;
// `TestStoreOf`. Failure texts are TCA's.

import DepsConcurrency

/// A test store for the state and actions of reducer `R` (TCA's `TestStoreOf<Feature>`).
///
/// ```swift
/// let store: TestStoreOf<Counter> = TestStore(initialState: Counter.State()) { Counter() }
/// ```
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

extension TestStoreMessages {
  static let didNotReceiveCase =
    "Expected to receive an action matching case path, but didn't get one."
}

extension TestStore {
  /// Asserts that the next action effects sent is of the case built by `actionCase` (any
  /// payload), and asserts the state change — TCA's `receive(\.response)`.
  ///
  /// ```swift
  /// await store.send(.numberFactButtonTapped)
  /// await store.receive(Feature.Action.numberFactResponse) {
  ///   $0.numberFact = "1 is a good number."
  /// }
  /// ```
  nonisolated(nonsending) public func receive<Value>(
    _ actionCase: @escaping (Value) -> Action,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      casePath: AnyCasePath(actionCase), timeout: duration, assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that the next action effects sent is the case built by `actionCase` with payload
  /// `value`, and asserts the state change — TCA's `receive(\.delegate.saved, "Hello")`.
  ///
  /// ```swift
  /// await store.receive(Feature.Action.numberFactResponse, "1 is a good number.") {
  ///   $0.numberFact = "1 is a good number."
  /// }
  /// ```
  /// When the next action is of that case with another payload, the failure shows the
  /// difference against `actionCase(value)`.
  nonisolated(nonsending) public func receive<Value: Equatable>(
    _ actionCase: @escaping (Value) -> Action,
    _ value: Value,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      casePath: AnyCasePath(actionCase), value, timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `receive` of any payload of `casePath`'s case.
  nonisolated(nonsending) func receive<Value>(
    casePath: AnyCasePath<Action, Value>, timeout duration: Duration?,
    assert: ((inout State) throws -> Void)?, at location: SourceLocation
  ) async {
    let wording = self.wording
    await receiveCase(
      matching: { casePath.extract(from: $0) != nil },
      describeUnexpected: { wording.unexpectedAction(received: $0) },
      timeout: duration, assert: assert, at: location)
  }

  /// `receive` of `casePath`'s case with payload `value`.
  nonisolated(nonsending) func receive<Value: Equatable>(
    casePath: AnyCasePath<Action, Value>, _ value: Value, timeout duration: Duration?,
    assert: ((inout State) throws -> Void)?, at location: SourceLocation
  ) async {
    let wording = self.wording
    await receiveCase(
      matching: { casePath.extract(from: $0) == value },
      describeUnexpected: { received in
        casePath.extract(from: received) != nil
          ? wording.unexpectedCaseValue(expected: casePath.embed(value), received: received)
          : wording.unexpectedAction(received: received)
      },
      timeout: duration, assert: assert, at: location)
  }

  /// Sends the case built by `actionCase` with `value` — TCA's `send(\.child.tapped, value)`.
  ///
  /// ```swift
  /// await store.send(Feature.Action.counter, .incrementButtonTapped) { $0.counter.count = 1 }
  /// ```
  @discardableResult
  nonisolated(nonsending) public func send<Value>(
    _ actionCase: (Value) -> Action,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask {
    sendNow(
      actionCase(value), assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts the current state: `updateStateToExpectedResult` changes the expected state to
  /// match it. A closure that changes nothing is not a failure here (unlike `send`).
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.refresh)
  /// store.assert { $0.isLoading = true }
  /// ```
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    withoutActuallyEscaping(updateStateToExpectedResult) { modify in
      core.lock.withLock {
        assertState(
          actual: core.state, modify: modify, at: location, skipUnnecessaryModify: true)
      }
    }
  }

  nonisolated(nonsending) private func receiveCase(
    matching isMatching: @escaping (Action) -> Bool,
    describeUnexpected: @escaping (Action) -> String,
    timeout duration: Duration?, assert: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) async {
    let nanoseconds = duration.map(nanoseconds(of:)) ?? timeoutNanoseconds
    let waited = await waitForReceived(matching: isMatching, nanoseconds: nanoseconds)
    finishReceive(
      matching: isMatching, expected: nil, timedOut: (nanoseconds, duration != nil, waited),
      assert: assert, at: location, failureMessage: TestStoreMessages.didNotReceiveCase,
      describeUnexpected: describeUnexpected)
  }
}
