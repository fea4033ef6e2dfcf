// The C face of an exhaustive test store (`deps_test_store`): the Swift TestStore's semantics and
// messages, with the expected state given as an RFC 7386 merge patch onto the previous expected
// state. A failed assertion returns DEPS_EFAILED with its message (and diff) in
// deps_test_store_errmsg; the store stays usable. Leftovers (unreceived actions, running
// effects) are reported by deps_test_store_complete, or by deps_test_store_close.
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

/// The object behind a `deps_test_store *`.
final class TestStoreHandle: CHandle, @unchecked Sendable {
  let store: any BridgedTestStore
  /// True once `deps_test_store_complete` ended the test.
  var isCompleted = false

  init(_ store: any BridgedTestStore) {
    self.store = store
    super.init(serializing: store)
  }

  /// Runs a test call: serialized; failures → `DEPS_EFAILED` with the messages joined by a blank
  /// line; refused once the test completed.
  func testCall(
    _ function: String, _ body: (any BridgedTestStore) throws(BridgeError) -> [String]
  ) -> Int32 {
    call { () throws(BridgeError) in
      if isCompleted {
        throw BridgeError(
          .invalid,
          "\(function): the test store was completed by deps_test_store_complete; open a new "
            + "one")
      }
      let failures = try body(store)
      if !failures.isEmpty {
        ExpectIssueScope.current?.take([joinedMessages(failures)])
        throw BridgeError(.failed, joinedMessages(failures))
      }
    }
  }
}

/// The test store behind `pointer`, or nil with `DEPS_EINVAL` set in `deps_last_error()`.
private func testStoreHandle(_ pointer: OpaquePointer?, _ function: String) -> TestStoreHandle? {
  guard let pointer else {
    setLastError(CArgument.null(function, "t"))
    return nil
  }
  return Handle.object(pointer, as: TestStoreHandle.self)
}

/// Opens an exhaustive test store for `feature` in `*out` (test context with its defaults: no
/// test clock unless `o` sets one with the preset "test"). Close it with
/// `deps_test_store_close`.
///
/// - Returns: `DEPS_OK`; `DEPS_EINVAL`, `DEPS_ENOTFOUND` or `DEPS_EDECODE` with
///   `deps_last_error()`, and `*out` set to NULL.
@_cdecl("deps_test_store_open")
public func deps_test_store_open(
  _ out: UnsafeMutablePointer<OpaquePointer?>?, _ feature: UnsafePointer<CChar>?,
  _ stateJSON: UnsafePointer<CChar>?, _ overrides: OpaquePointer?
) -> Int32 {
  withLastError { () throws(BridgeError) in
    let function = "deps_test_store_open"
    guard let out else { throw CArgument.null(function, "out") }
    out.pointee = nil
    let name = try CArgument.string(feature, function, "feature")
    let descriptor = try DepsLibrary.features.descriptor(name)
    let state = try CArgument.optionalJSON(stateJSON, function, "state_json")
    let store = try descriptor.openTest(
      state: state, overrides: OverridesHandle.recipe(overrides))
    store.wording = CFrontWording()
    let handle = TestStoreHandle(store)
    ExpectIssueScope.current?.opened(handle)
    out.pointee = Handle.retain(handle)
  }
}

/// Sends an action and asserts the state: `expected_patch` is merged onto the previous expected
/// state (NULL: no change expected).
///
/// - Returns: `DEPS_OK`; `DEPS_EFAILED` (assertion failed, message with diff in errmsg);
///   `DEPS_EINVAL`/`DEPS_ENOTFOUND`/`DEPS_EDECODE` for bad input (nothing is sent).
@_cdecl("deps_test_store_send")
public func deps_test_store_send(
  _ testStore: OpaquePointer?, _ actionJSON: UnsafePointer<CChar>?,
  _ expectedPatch: UnsafePointer<CChar>?
) -> Int32 {
  let function = "deps_test_store_send"
  guard let handle = testStoreHandle(testStore, function) else { return CStatus.invalid }
  return handle.testCall(function) { store throws(BridgeError) in
    let action = try CArgument.json(actionJSON, function, "action_json")
    let patch = try CArgument.optionalJSON(expectedPatch, function, "expected_patch")
    return try store.send(action, assert: patch.map { ValueAssertion.patch($0) })
  }
}

/// Receives an action sent by an effect (waiting up to `timeout_ms` while effects run) and
/// asserts the state like `deps_test_store_send`.
///
/// - Returns: `DEPS_OK`; `DEPS_EFAILED` (nothing or something else received, state mismatch);
///   `DEPS_EINVAL`/`DEPS_ENOTFOUND`/`DEPS_EDECODE` for bad input.
@_cdecl("deps_test_store_receive")
public func deps_test_store_receive(
  _ testStore: OpaquePointer?, _ actionJSON: UnsafePointer<CChar>?,
  _ expectedPatch: UnsafePointer<CChar>?, _ timeoutMilliseconds: Int32
) -> Int32 {
  let function = "deps_test_store_receive"
  guard let handle = testStoreHandle(testStore, function) else { return CStatus.invalid }
  return handle.testCall(function) { store throws(BridgeError) in
    let action = try CArgument.json(actionJSON, function, "action_json")
    let patch = try CArgument.optionalJSON(expectedPatch, function, "expected_patch")
    let seconds = try CArgument.milliseconds(timeoutMilliseconds, function, "timeout_ms")
    return try store.receive(
      action, assert: patch.map { ValueAssertion.patch($0) }, timeout: seconds)
  }
}

/// Advances the store's test clock(s) by `seconds`, running the effects that wake.
///
/// - Returns: `DEPS_OK`; `DEPS_EFAILED` when issues were reported; `DEPS_EINVAL` for a
///   negative or non-finite `seconds`, or a store whose clocks are not test clocks.
@_cdecl("deps_test_store_advance")
public func deps_test_store_advance(_ testStore: OpaquePointer?, _ seconds: Double) -> Int32 {
  let function = "deps_test_store_advance"
  guard let handle = testStoreHandle(testStore, function) else { return CStatus.invalid }
  return handle.testCall(function) { store throws(BridgeError) in
    do throws(BridgeError) {
      return try store.advance(by: seconds)
    } catch {
      throw BridgeError(error.status, "\(function): \(error.message)")
    }
  }
}

/// Fails on actions received and not asserted yet (as TCA's `finish`), then waits up to
/// `timeout_ms` for every running effect to finish.
///
/// - Returns: `DEPS_OK`; `DEPS_EFAILED` when actions were left unreceived or effects are still
///   running (or issues were reported); `DEPS_EINVAL` for a NULL store or a negative timeout.
@_cdecl("deps_test_store_finish")
public func deps_test_store_finish(_ testStore: OpaquePointer?, _ timeoutMilliseconds: Int32)
  -> Int32
{
  let function = "deps_test_store_finish"
  guard let handle = testStoreHandle(testStore, function) else { return CStatus.invalid }
  return handle.testCall(function) { store throws(BridgeError) in
    let seconds = try CArgument.milliseconds(timeoutMilliseconds, function, "timeout_ms")
    return store.finish(timeout: seconds)
  }
}

/// Turns exhaustivity on (`on` non-zero, the default) or off (only what the test asserts is
/// checked; received actions may be left unasserted).
@_cdecl("deps_test_store_set_exhaustive")
public func deps_test_store_set_exhaustive(_ testStore: OpaquePointer?, _ on: Int32) -> Int32 {
  let function = "deps_test_store_set_exhaustive"
  guard let handle = testStoreHandle(testStore, function) else { return CStatus.invalid }
  return handle.testCall(function) { store throws(BridgeError) in
    store.exhaustivity = on != 0 ? Exhaustivity.on : Exhaustivity.off
    return []
  }
}

/// Drops the received actions not yet asserted (TCA's `skipReceivedActions()`).
///
/// - Returns: `DEPS_OK`; `DEPS_EFAILED` when there was none to skip.
@_cdecl("deps_test_store_skip_received_actions")
public func deps_test_store_skip_received_actions(_ testStore: OpaquePointer?) -> Int32 {
  let function = "deps_test_store_skip_received_actions"
  guard let handle = testStoreHandle(testStore, function) else { return CStatus.invalid }
  return handle.testCall(function) { store in store.skipReceivedActions(strict: true) }
}

/// Cancels the running effects without asserting them (TCA's `skipInFlightEffects()`).
///
/// - Returns: `DEPS_OK`; `DEPS_EFAILED` when none was running.
@_cdecl("deps_test_store_skip_in_flight_effects")
public func deps_test_store_skip_in_flight_effects(_ testStore: OpaquePointer?) -> Int32 {
  let function = "deps_test_store_skip_in_flight_effects"
  guard let handle = testStoreHandle(testStore, function) else { return CStatus.invalid }
  return handle.testCall(function) { store in store.skipInFlightEffects(strict: true) }
}

/// Applies more overrides to the store's dependencies; later actions and effects see them
/// (TestStore's `dependencies`). `o` is copied.
@_cdecl("deps_test_store_apply_overrides")
public func deps_test_store_apply_overrides(
  _ testStore: OpaquePointer?, _ overrides: OpaquePointer?
) -> Int32 {
  let function = "deps_test_store_apply_overrides"
  guard let handle = testStoreHandle(testStore, function) else { return CStatus.invalid }
  return handle.testCall(function) { store throws(BridgeError) in
    guard overrides != nil else { throw CArgument.null(function, "o") }
    store.applyOverrides(OverridesHandle.recipe(overrides))
    return []
  }
}

/// The test store's current state as JSON; the caller frees it with `deps_free`. NULL when `t`
/// is NULL (`deps_last_error()` says so).
@_cdecl("deps_test_store_state")
public func deps_test_store_state(_ testStore: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
  guard let handle = testStoreHandle(testStore, "deps_test_store_state") else { return nil }
  return handle.lock.withLock { mallocJSON(handle.store.state) }
}

/// Ends the test: reports unreceived actions and running effects (then cancels them).
///
/// - Returns: `DEPS_OK` when nothing was left; `DEPS_EFAILED` with the leftovers in
///   `deps_test_store_errmsg`. Later calls other than errmsg/state/close return `DEPS_EINVAL`.
@_cdecl("deps_test_store_complete")
public func deps_test_store_complete(_ testStore: OpaquePointer?) -> Int32 {
  let function = "deps_test_store_complete"
  guard let handle = testStoreHandle(testStore, function) else { return CStatus.invalid }
  return handle.testCall(function) { store in
    handle.isCompleted = true
    return store.close()
  }
}

/// The failure of the latest call on the test store, with its diff ("" after a success); never
/// NULL. Owned by the store; valid until the next call on it.
@_cdecl("deps_test_store_errmsg")
public func deps_test_store_errmsg(_ testStore: OpaquePointer?) -> UnsafePointer<CChar> {
  guard let testStore else { return StaticCString.pointer("deps_test_store_errmsg: t is NULL") }
  return Handle.object(testStore, as: TestStoreHandle.self).errorMessage
}

/// Ends the test if `deps_test_store_complete` did not, and frees the store. Leftovers are
/// written to stderr and left in `deps_last_error()` ("" when none). NULL is harmless. Refused
/// from inside one of the store's callbacks.
@_cdecl("deps_test_store_close")
public func deps_test_store_close(_ testStore: OpaquePointer?) {
  guard let testStore else { return }
  let handle = Handle.object(testStore, as: TestStoreHandle.self)
  if let error = handle.reentrantCloseError("deps_test_store_close", "test store") {
    handle.setMessage(error.message)
    setLastError(error)
    return
  }
  let leftovers = handle.lock.withLock { handle.isCompleted ? [] : handle.store.close() }
  Handle.release(testStore, as: TestStoreHandle.self)
  if leftovers.isEmpty {
    LastError.clear()
  } else {
    let message = joinedMessages(leftovers)
    LastError.set(message)
    // Inside deps_test_store_expect_issue the leftovers are an expected issue, not a report.
    if let scope = ExpectIssueScope.current {
      scope.take(leftovers)
      return
    }
    let report = "deps_test_store_close: the test ended with failures:\n\n\(message)\n"
    _ = report.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }
}

/// The test store's event-loop descriptor (see `deps_store_fd`); owned by the test store,
/// valid until `deps_test_store_close`.
///
/// - Returns: the descriptor (>= 0); -1 when `t` is NULL (`deps_last_error()`) or the system
///   refused a descriptor (`deps_test_store_errmsg`).
@_cdecl("deps_test_store_fd")
public func deps_test_store_fd(_ testStore: OpaquePointer?) -> Int32 {
  guard let handle = testStoreHandle(testStore, "deps_test_store_fd") else { return -1 }
  var descriptor: Int32 = -1
  _ = handle.call { () throws(BridgeError) in
    do throws(BridgeError) {
      descriptor = try handle.store.pollDescriptor()
    } catch {
      throw BridgeError(.error, "deps_test_store_fd: " + error.message)
    }
  }
  return descriptor
}

/// Milliseconds until the test store next has work (see `deps_store_next_deadline_ms`).
///
/// - Returns: 0 work ready, > 0 the time to the earliest live-clock deadline, -1 nothing
///   scheduled or `t` NULL (`deps_last_error()` says so).
@_cdecl("deps_test_store_next_deadline_ms")
public func deps_test_store_next_deadline_ms(_ testStore: OpaquePointer?) -> Int32 {
  guard let handle = testStoreHandle(testStore, "deps_test_store_next_deadline_ms") else {
    return -1
  }
  return handle.store.millisecondsUntilWork
}
