// The C face of dependency overrides (`deps_overrides`): a recipe of presets and C callbacks a
// store applies when it opens, like `withDependencies`. A C `deps_endpoint_fn` becomes a
// `ForeignFunction`; its `release(user_data)` runs exactly once — when the recipe and every store
// opened with it are gone, or at once when registration fails (SQLite's xDestroy rule).
// Failures are handle-less: described by deps_last_error().
import DepsCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `deps_endpoint_fn`: implements a dependency endpoint in C. Gets the input as JSON, sets
/// `*output_json` (malloc'd; Deps frees it) and returns 0, or returns non-zero and may set
/// `*error_message` (malloc'd; Deps frees it), which becomes the thrown error's message.
public typealias DepsEndpointFunction =
  @convention(c) (
    _ userData: UnsafeMutableRawPointer?, _ inputJSON: UnsafePointer<CChar>?,
    _ outputJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ errorMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> Int32

/// The `release(user_data)` of `deps_overrides_set_endpoint`: called once when Deps no longer
/// needs the callback.
public typealias DepsReleaseFunction =
  @convention(c) (_ userData: UnsafeMutableRawPointer?) ->
  Void

/// The object behind a `deps_overrides *`.
final class OverridesHandle: Sendable {
  /// The recipe, guarded (an overrides object may be shared by threads opening stores).
  let recipe = Mutex(DependencyOverrides(registry: DepsLibrary.endpoints))
}

/// A C endpoint callback with its user data; releases the user data when deallocated, so the
/// release runs once, after the last store using it is gone.
final class CEndpoint: @unchecked Sendable {
  let path: String
  let function: DepsEndpointFunction?
  let userData: UnsafeMutableRawPointer?
  let release: DepsReleaseFunction?

  init(
    path: String, function: DepsEndpointFunction?, userData: UnsafeMutableRawPointer?,
    release: DepsReleaseFunction?
  ) {
    self.path = path
    self.function = function
    self.userData = userData
    self.release = release
  }

  deinit { release?(userData) }

  /// Calls the C function with `input` as JSON; its output JSON (NULL: `null`) is the result,
  /// a non-zero return throws `EndpointError` with its message.
  func call(_ input: JSONValue) throws -> JSONValue {
    guard let function else { return .null }
    var output: UnsafeMutablePointer<CChar>?
    var message: UnsafeMutablePointer<CChar>?
    let status = input.json().withCString { function(userData, $0, &output, &message) }
    defer {
      free(output)
      free(message)
    }
    guard status == 0 else {
      if let message { throw EndpointError(String(cString: message)) }
      throw EndpointError(
        "the C endpoint for \(path) returned \(status) without an error_message")
    }
    guard let output else { return .null }
    do {
      return try JSONValue(jsonBytes: UnsafeRawBufferPointer(start: output, count: strlen(output)))
    } catch {
      throw EndpointError(
        "the C endpoint for \(path) returned output_json that is not JSON: \(error.message)")
    }
  }
}

/// Creates an empty overrides recipe in `*out`; free it with `deps_overrides_free`.
///
/// ```c
/// deps_overrides *o;
/// if (deps_overrides_new(&o) != DEPS_OK) fprintf(stderr, "%s\n", deps_last_error());
/// ```
/// - Returns: `DEPS_OK`, or `DEPS_EINVAL` when `out` is NULL.
@_cdecl("deps_overrides_new")
public func deps_overrides_new(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
  withLastError { () throws(BridgeError) in
    guard let out else { throw CArgument.null("deps_overrides_new", "out") }
    out.pointee = Handle.retain(OverridesHandle())
  }
}

/// Adds a preset for `path` (`"incrementing"` for `uuid`, a number for `date.now`,
/// `"immediate"`/`"test"`/`"live"` for clocks, `{"seed": n}` for `random`, `"unimplemented"`).
///
/// ```c
/// deps_overrides_set(o, "uuid", "\"incrementing\"");
/// ```
/// - Returns: `DEPS_OK`; `DEPS_EINVAL` (NULL argument, a path taking only a function);
///   `DEPS_ENOTFOUND` (unknown path, with close matches); `DEPS_EDECODE` (bad JSON or preset).
@_cdecl("deps_overrides_set")
public func deps_overrides_set(
  _ overrides: OpaquePointer?, _ path: UnsafePointer<CChar>?,
  _ valueJSON: UnsafePointer<CChar>?
) -> Int32 {
  withLastError { () throws(BridgeError) in
    let function = "deps_overrides_set"
    guard let overrides else { throw CArgument.null(function, "o") }
    let path = try CArgument.string(path, function, "path")
    let value = try CArgument.json(valueJSON, function, "value_json")
    let handle = Handle.object(overrides, as: OverridesHandle.self)
    try handle.recipe.withLock { recipe throws(BridgeError) in
      try recipe.set(path, preset: value)
    }
  }
}

/// Installs the C function `fn` as the endpoint at `path` (e.g. `numberFact.fetch`).
/// `release(user_data)` (may be NULL) is called exactly once: when neither the recipe nor any
/// store opened with it needs `fn` any more — or before returning, when this call fails.
///
/// - Returns: `DEPS_OK`; `DEPS_EINVAL` (NULL `o`/`path`/`fn`, a path taking only presets);
///   `DEPS_ENOTFOUND` (unknown path, with close matches).
@_cdecl("deps_overrides_set_endpoint")
public func deps_overrides_set_endpoint(
  _ overrides: OpaquePointer?, _ path: UnsafePointer<CChar>?,
  _ function: DepsEndpointFunction?, _ userData: UnsafeMutableRawPointer?,
  _ release: DepsReleaseFunction?
) -> Int32 {
  let endpoint = CEndpoint(
    path: path.map { String(cString: $0) } ?? "", function: function, userData: userData,
    release: release)
  return withLastError { () throws(BridgeError) in
    let name = "deps_overrides_set_endpoint"
    guard let overrides else { throw CArgument.null(name, "o") }
    guard path != nil else { throw CArgument.null(name, "path") }
    guard function != nil else { throw CArgument.null(name, "fn") }
    let handle = Handle.object(overrides, as: OverridesHandle.self)
    try handle.recipe.withLock { recipe throws(BridgeError) in
      try recipe.set(endpoint.path) { input in try endpoint.call(input) }
    }
  }
}

/// Frees a recipe. Stores already opened with it keep their overrides. NULL is harmless.
@_cdecl("deps_overrides_free")
public func deps_overrides_free(_ overrides: OpaquePointer?) {
  guard let overrides else { return }
  Handle.release(overrides, as: OverridesHandle.self)
}

extension OverridesHandle {
  /// The recipe behind a `const deps_overrides *` (empty for NULL).
  static func recipe(_ pointer: OpaquePointer?) -> DependencyOverrides {
    guard let pointer else { return DependencyOverrides(registry: DepsLibrary.endpoints) }
    return Handle.object(pointer, as: OverridesHandle.self).recipe.withLock { $0 }
  }
}
