// The C face of a store (`deps_store`): open a registered feature in a context with overrides,
// send JSON actions, pump effects, read the state, observe handled actions, close. Calls on one
// handle are serialized (a callback may call `deps_store_send`/`_state` on the same handle; a
// close from inside a callback is refused); failures are described by deps_store_errmsg().
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

/// `deps_action_fn`: told every action a store handles and the state after it, as JSON strings
/// valid during the call only.
public typealias DepsActionFunction =
  @convention(c) (
    _ userData: UnsafeMutableRawPointer?, _ actionJSON: UnsafePointer<CChar>?,
    _ stateJSON: UnsafePointer<CChar>?
  ) -> Void

/// The compact JSON text of `value` in a buffer the caller frees with `deps_free` (NULL only
/// when out of memory): written once and copied once, without an intermediate `String`.
func mallocJSON(_ value: JSONValue) -> UnsafeMutablePointer<CChar>? {
  value.withCompactJSONBytes(mallocText)
}

/// `bytes` and a terminating NUL in a buffer the caller frees with `deps_free` (NULL only when
/// out of memory).
func mallocText(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<CChar>? {
  guard let copy = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else {
    return nil
  }
  if let base = bytes.baseAddress { memcpy(copy, base, bytes.count) }
  copy[bytes.count] = 0
  return copy
}

/// The object behind a `deps_store *`.
final class StoreHandle: CHandle, @unchecked Sendable {
  let store: any BridgedStore

  init(_ store: any BridgedStore) {
    self.store = store
    super.init(serializing: store)
  }
}

/// `DEPS_CONTEXT_LIVE` … `DEPS_CONTEXT_TEST` as a `DependencyContext`.
func dependencyContext(_ value: Int32, _ function: String) throws(BridgeError)
  -> DependencyContext
{
  switch value {
  case 0: return .live
  case 1: return .preview
  case 2: return .test
  default:
    throw BridgeError(
      .invalid,
      "\(function): context must be DEPS_CONTEXT_LIVE (0), DEPS_CONTEXT_PREVIEW (1) or "
        + "DEPS_CONTEXT_TEST (2), got \(value)")
  }
}

/// A NULL handle passed to a call returning a status: `DEPS_EINVAL`, described by
/// `deps_last_error()` (there is no handle to hold the message).
func nullHandle(_ function: String, _ parameter: String) -> Int32 {
  setLastError(CArgument.null(function, parameter))
  return CStatus.invalid
}

/// Opens a store running the feature `feature` in `*out`; close it with `deps_store_close`.
///
/// ```c
/// deps_store *s;
/// int rc = deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_LIVE, NULL);
/// ```
/// - Parameters: `state_json` (NULL: default) is merged onto the default state; `o` (NULL: none)
///   is copied, so it may be freed right after.
/// - Returns: `DEPS_OK`; `DEPS_EINVAL`, `DEPS_ENOTFOUND` or `DEPS_EDECODE` with
///   `deps_last_error()`, and `*out` set to NULL.
@_cdecl("deps_store_open")
public func deps_store_open(
  _ out: UnsafeMutablePointer<OpaquePointer?>?, _ feature: UnsafePointer<CChar>?,
  _ stateJSON: UnsafePointer<CChar>?, _ context: Int32, _ overrides: OpaquePointer?
) -> Int32 {
  withLastError { () throws(BridgeError) in
    let function = "deps_store_open"
    guard let out else { throw CArgument.null(function, "out") }
    out.pointee = nil
    let name = try CArgument.string(feature, function, "feature")
    let context = try dependencyContext(context, function)
    let descriptor = try DepsLibrary.features.descriptor(name)
    let state = try CArgument.optionalJSON(stateJSON, function, "state_json")
    let store = try descriptor.open(
      state: state, context: context, overrides: OverridesHandle.recipe(overrides))
    store.wording = CFrontWording()
    out.pointee = Handle.retain(StoreHandle(store))
  }
}

/// Sends a JSON action: reduces it, starts its effects and runs them until they wait.
///
/// - Returns: `DEPS_OK`; `DEPS_EINVAL`/`DEPS_ENOTFOUND`/`DEPS_EDECODE` for bad input (the state
///   is unchanged); `DEPS_ERROR` when issues were reported meanwhile (e.g. an unimplemented
///   endpoint in the test context). The message is in `deps_store_errmsg`.
@_cdecl("deps_store_send")
public func deps_store_send(_ store: OpaquePointer?, _ actionJSON: UnsafePointer<CChar>?)
  -> Int32
{
  guard let store else { return nullHandle("deps_store_send", "s") }
  let handle = Handle.object(store, as: StoreHandle.self)
  return handle.call { () throws(BridgeError) in
    // An action the store decodes straight from its text skips the parse into a JSONValue.
    if let actionJSON,
      let issues = try handle.store.send(
        actionText: UnsafeRawBufferPointer(start: actionJSON, count: strlen(actionJSON)))
    {
      if !issues.isEmpty { throw BridgeError(.error, joinedMessages(issues)) }
      return
    }
    let action = try CArgument.json(actionJSON, "deps_store_send", "action_json")
    let issues = try handle.store.send(action)
    if !issues.isEmpty { throw BridgeError(.error, joinedMessages(issues)) }
  }
}

/// Runs the store's effects on this thread until none is running or `timeout_ms` pass.
///
/// - Returns: `DEPS_OK` when idle; `DEPS_ETIMEOUT` when effects still run; `DEPS_ERROR` when
///   issues were reported; `DEPS_EINVAL` for a NULL store or a negative timeout.
@_cdecl("deps_store_run")
public func deps_store_run(_ store: OpaquePointer?, _ timeoutMilliseconds: Int32) -> Int32 {
  guard let store else { return nullHandle("deps_store_run", "s") }
  let handle = Handle.object(store, as: StoreHandle.self)
  return handle.call { () throws(BridgeError) in
    let seconds = try CArgument.milliseconds(timeoutMilliseconds, "deps_store_run", "timeout_ms")
    let (idle, issues) = handle.store.run(timeout: seconds)
    if !issues.isEmpty { throw BridgeError(.error, joinedMessages(issues)) }
    if !idle {
      throw BridgeError(
        .timeout,
        "deps_store_run: effects are still running after \(timeoutMilliseconds) ms; run "
          + "again, give a longer timeout, or close the store to cancel them")
    }
  }
}

/// The store's state as JSON; the caller frees it with `deps_free`. NULL when `s` is NULL
/// (`deps_last_error()` says so).
@_cdecl("deps_store_state")
public func deps_store_state(_ store: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
  guard let store else {
    setLastError(CArgument.null("deps_store_state", "s"))
    return nil
  }
  let handle = Handle.object(store, as: StoreHandle.self)
  return handle.lock.withLock {
    var copy: UnsafeMutablePointer<CChar>?
    handle.store.readStateJSON { bytes in copy = mallocText(bytes) }
    return copy
  }
}

/// What changed in the state since the last `deps_store_state` or `deps_store_state_patch` on
/// this handle, as a JSON merge patch (RFC 7386): `{}` when nothing changed, the whole state
/// on the first read. The caller frees it with `deps_free`. NULL when `s` is NULL
/// (`deps_last_error()` says so).
@_cdecl("deps_store_state_patch")
public func deps_store_state_patch(_ store: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
  guard let store else {
    setLastError(CArgument.null("deps_store_state_patch", "s"))
    return nil
  }
  let handle = Handle.object(store, as: StoreHandle.self)
  return handle.lock.withLock { mallocJSON(handle.store.statePatch()) }
}

/// What changed in the state since the last `deps_store_state_changes` on this handle, as a
/// JSON Patch (RFC 6902): `[]` when nothing changed, one `replace` of `""` (the whole state) on
/// the first call, else `add`/`remove`/`replace` operations whose JSON Pointer paths address the
/// changed members and array elements (`/todos/500/title`). Parts equal by the state's `==` are
/// not encoded. The caller frees it with `deps_free`. NULL when `s` is NULL
/// (`deps_last_error()` says so).
@_cdecl("deps_store_state_changes")
public func deps_store_state_changes(_ store: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
  guard let store else {
    setLastError(CArgument.null("deps_store_state_changes", "s"))
    return nil
  }
  let handle = Handle.object(store, as: StoreHandle.self)
  return handle.lock.withLock { mallocJSON(handle.store.stateChanges()) }
}

/// Applies a JSON Patch (RFC 6902: `add`, `remove`, `replace`, `move`, `copy`, `test`) to a
/// JSON document; `*out_json` (freed by the caller with `deps_free`) is the result.
///
/// - Returns: `DEPS_OK`; `DEPS_EINVAL` for a NULL argument; `DEPS_EDECODE` for malformed JSON
///   or an operation that cannot apply (named by its position), with `deps_last_error()`, and
///   `*out_json` set to NULL.
@_cdecl("deps_json_patch_apply")
public func deps_json_patch_apply(
  _ documentJSON: UnsafePointer<CChar>?, _ patchJSON: UnsafePointer<CChar>?,
  _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  withLastError { () throws(BridgeError) in
    let function = "deps_json_patch_apply"
    guard let out else { throw CArgument.null(function, "out_json") }
    out.pointee = nil
    let document = try CArgument.json(documentJSON, function, "document_json")
    let patch = try CArgument.json(patchJSON, function, "patch_json")
    let result: JSONValue
    do throws(ValueError) {
      result = try JSONPatch.apply(patch, to: document)
    } catch {
      throw BridgeError(.decode, "\(function): \(error.message)")
    }
    out.pointee = mallocJSON(result)
  }
}

/// Calls `fn(user_data, action_json, state_json)` for every action the store handles (sent or
/// from an effect), on the thread inside the call that handled it. `fn` NULL stops observing.
/// `user_data` is not owned by the store.
///
/// - Returns: `DEPS_OK`, or `DEPS_EINVAL` for a NULL store.
@_cdecl("deps_store_observe")
public func deps_store_observe(
  _ store: OpaquePointer?, _ function: DepsActionFunction?, _ userData: UnsafeMutableRawPointer?
) -> Int32 {
  guard let store else { return nullHandle("deps_store_observe", "s") }
  let handle = Handle.object(store, as: StoreHandle.self)
  return handle.call { () throws(BridgeError) in
    guard let function else {
      handle.store.observe(nil)
      return
    }
    handle.store.observe { action, state in
      action.json().withCString { actionText in
        state.json().withCString { stateText in function(userData, actionText, stateText) }
      }
    }
  }
}

/// The message of the latest call on the store ("" after a success); never NULL. Owned by the
/// store; valid until the next call on it.
@_cdecl("deps_store_errmsg")
public func deps_store_errmsg(_ store: OpaquePointer?) -> UnsafePointer<CChar> {
  guard let store else { return StaticCString.pointer("deps_store_errmsg: s is NULL") }
  return Handle.object(store, as: StoreHandle.self).errorMessage
}

/// Cancels the store's running effects and frees it. NULL is harmless. Refused (the store stays
/// open, `deps_last_error()` and `deps_store_errmsg` say why) from inside one of its callbacks.
@_cdecl("deps_store_close")
public func deps_store_close(_ store: OpaquePointer?) {
  guard let store else { return }
  let handle = Handle.object(store, as: StoreHandle.self)
  if let error = handle.reentrantCloseError("deps_store_close", "store") {
    handle.setMessage(error.message)
    setLastError(error)
    return
  }
  let messages = handle.lock.withLock {
    handle.store.observe(nil)
    return handle.store.close()
  }
  if !messages.isEmpty {
    setLastError(BridgeError(.error, messages.joined(separator: "\n")))
  }
  Handle.release(store, as: StoreHandle.self)
}

/// The store's event-loop descriptor: readable while the store has work ready (an effect
/// resumed, a live clock's sleep ended, a socket answered); the host then calls
/// `deps_store_run(s, 0)`. Owned by the store (never read, write or close it); valid until
/// `deps_store_close`. Created on first use.
///
/// - Returns: the descriptor (>= 0); -1 when `s` is NULL (`deps_last_error()`) or the system
///   refused a descriptor (`deps_store_errmsg`).
@_cdecl("deps_store_fd")
public func deps_store_fd(_ store: OpaquePointer?) -> Int32 {
  guard let store else {
    setLastError(CArgument.null("deps_store_fd", "s"))
    return -1
  }
  let handle = Handle.object(store, as: StoreHandle.self)
  var descriptor: Int32 = -1
  _ = handle.call { () throws(BridgeError) in
    do throws(BridgeError) {
      descriptor = try handle.store.pollDescriptor()
    } catch {
      throw BridgeError(.error, "deps_store_fd: " + error.message)
    }
  }
  return descriptor
}

/// Milliseconds until the store next has work, in poll()'s timeout convention: 0 when work is
/// ready now, the time to the earliest deadline its effects sleep until on the live clocks
/// (rounded up), -1 when nothing is scheduled. Does no work and takes no lock of the store's
/// calls: callable from any thread, even while another thread is inside a call on `s`.
///
/// - Returns: as above; -1 when `s` is NULL (`deps_last_error()` says so).
@_cdecl("deps_store_next_deadline_ms")
public func deps_store_next_deadline_ms(_ store: OpaquePointer?) -> Int32 {
  guard let store else {
    setLastError(CArgument.null("deps_store_next_deadline_ms", "s"))
    return -1
  }
  return Handle.object(store, as: StoreHandle.self).store.millisecondsUntilWork
}
