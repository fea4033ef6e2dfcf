// What every C export shares: reading C strings and JSON arguments, making C strings, the
// serialized handle base class with its error message (deps_*_errmsg), and turning a Swift error
// into a status + message. Nothing here is exported; the @_cdecl functions live one file per noun
// (RegistryListing.swift, Overrides.swift, DependencyRegistration.swift, StoreAPI.swift,
// TestStoreAPI.swift, VersionAPI.swift).
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

/// The status codes of `deps.h`.
enum CStatus {
  static let ok: Int32 = 0
  static let invalid = BridgeError.Status.invalid.rawValue
}

/// A C string with static storage, e.g. the empty message.
enum StaticCString {
  /// `""`, never freed.
  static var empty: UnsafePointer<CChar> { pointer("") }

  /// The bytes of a string literal as a C string (static storage).
  static func pointer(_ literal: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
  }
}

/// Argument checks and conversions for C parameters; each failure names the function and the
/// parameter (`deps_store_send: action_json is NULL`).
enum CArgument {
  /// The error for a NULL pointer argument.
  static func null(_ function: String, _ parameter: String) -> BridgeError {
    BridgeError(.invalid, "\(function): \(parameter) is NULL")
  }

  /// `pointer` as a Swift string (invalid UTF-8 is repaired), or `.invalid` when NULL.
  static func string(_ pointer: UnsafePointer<CChar>?, _ function: String, _ parameter: String)
    throws(BridgeError) -> String
  {
    guard let pointer else { throw null(function, parameter) }
    return String(cString: pointer)
  }

  /// `pointer` parsed as JSON, `.invalid` when NULL, `.decode` (with the byte offset) when the
  /// text is not JSON.
  static func json(_ pointer: UnsafePointer<CChar>?, _ function: String, _ parameter: String)
    throws(BridgeError) -> JSONValue
  {
    guard let pointer else { throw null(function, parameter) }
    return try parse(pointer, function, parameter)
  }

  /// `pointer` parsed as JSON, nil when NULL.
  static func optionalJSON(
    _ pointer: UnsafePointer<CChar>?, _ function: String, _ parameter: String
  ) throws(BridgeError) -> JSONValue? {
    guard let pointer else { return nil }
    return try parse(pointer, function, parameter)
  }

  /// Parses the NUL-terminated UTF-8 text at `pointer`; errors start with
  /// `function: parameter` (built only on failure).
  static func parse(_ pointer: UnsafePointer<CChar>, _ function: String, _ parameter: String)
    throws(BridgeError) -> JSONValue
  {
    do {
      return try JSONValue(
        jsonBytes: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
    } catch {
      throw BridgeError(.decode, "\(function): \(parameter): \(error.message)")
    }
  }

  /// Parses the NUL-terminated UTF-8 text at `pointer`; errors start with `label`.
  static func parse(_ pointer: UnsafePointer<CChar>, _ label: String) throws(BridgeError)
    -> JSONValue
  {
    do {
      return try JSONValue(
        jsonBytes: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
    } catch {
      throw BridgeError(.decode, "\(label): \(error.message)")
    }
  }

  /// A timeout in milliseconds as seconds; negative is `.invalid`.
  static func milliseconds(_ value: Int32, _ function: String, _ parameter: String)
    throws(BridgeError) -> Double
  {
    guard value >= 0 else {
      throw BridgeError(
        .invalid, "\(function): \(parameter) must be 0 or more milliseconds, got \(value)")
    }
    return Double(value) / 1000
  }
}

/// A copy of `text` the caller frees with `deps_free` (NULL only when out of memory).
func mallocCString(_ text: String) -> UnsafeMutablePointer<CChar>? {
  strdup(text)
}

/// Several failure messages as one: joined with a blank line.
func joinedMessages(_ messages: [String]) -> String {
  messages.joined(separator: "\n\n")
}

/// Runs a handle-less call: on success clears `deps_last_error()`, on failure sets it and returns
/// the status.
func withLastError(_ body: () throws(BridgeError) -> Void) -> Int32 {
  do throws(BridgeError) {
    try body()
    LastError.clear()
    return CStatus.ok
  } catch {
    LastError.set(error.message)
    return error.status.rawValue
  }
}

/// Reports a misuse of a call that returns no status (a NULL handle to a `char *` getter, a
/// refused close) through `deps_last_error()`.
func setLastError(_ error: BridgeError) {
  LastError.set(error.message)
}

/// What a C handle (`deps_store`, `deps_test_store`) shares: calls serialized by `lock`, and the
/// message of the latest call (`deps_*_errmsg`), "" after a success.
class CHandle: @unchecked Sendable {
  /// Serializes calls on the handle: the lock of the store behind it (so a C call takes one
  /// lock, and the store's own entry points find it held), re-entered by a callback running
  /// inside a call (an observer, an endpoint) that calls the handle again.
  let lock: ReentrantLock
  /// The latest call's message (malloc'd), nil after a success.
  private var message: UnsafeMutablePointer<CChar>?

  /// A handle serialized by `object`'s call lock when it has one, else by a lock of its own.
  init(serializing object: AnyObject) {
    lock = (object as? any CallSerialized)?.callLock ?? ReentrantLock()
  }

  deinit { free(message) }

  /// The latest call's message; valid until the next call on the handle.
  var errorMessage: UnsafePointer<CChar> {
    lock.withLock { message.map { UnsafePointer($0) } ?? StaticCString.empty }
  }

  /// Runs a call on the handle: serialized, a thrown error becomes its status and message.
  func call(_ body: () throws(BridgeError) -> Void) -> Int32 {
    lock.withLock { () -> Int32 in
      do throws(BridgeError) {
        try body()
        setMessage(nil)
        return CStatus.ok
      } catch {
        setMessage(error.message)
        return error.status.rawValue
      }
    }
  }

  /// Replaces the message (caller holds the lock).
  func setMessage(_ text: String?) {
    if message == nil && text == nil { return }
    free(message)
    message = text.flatMap { strdup($0) }
  }

  /// The error for closing the handle from inside one of its own callbacks, or nil.
  func reentrantCloseError(_ function: String, _ noun: String) -> BridgeError? {
    guard lock.isHeldByCurrentThread else { return nil }
    return BridgeError(
      .invalid,
      "\(function): cannot close a \(noun) from inside one of its own callbacks (an observer "
        + "or an endpoint running in a call on it); close it after that call returns")
  }
}

/// The Swift object behind an opaque handle pointer.
enum Handle {
  /// A retained opaque pointer for `object` (released by `release`).
  static func retain(_ object: AnyObject) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(object).toOpaque())
  }

  /// The object behind `pointer` (not retained).
  static func object<T: AnyObject>(_ pointer: OpaquePointer, as type: T.Type) -> T {
    Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
  }

  /// Releases the reference `retain` made.
  static func release<T: AnyObject>(_ pointer: OpaquePointer, as type: T.Type) {
    Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer)).release()
  }
}
