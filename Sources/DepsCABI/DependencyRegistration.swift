// The C face of a new dependency: `deps_dependency_register` defines an endpoint from C with
// its live / preview / test implementations as `deps_endpoint_fn` callbacks, as `deps.register`
// does in Lua (ForeignEndpoints.swift holds the rules both follow). Handle-less: a failure is
// described by deps_last_error().
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

/// Owns the `user_data` of one `deps_dependency_register` call: `release(user_data)` runs once,
/// when the last implementation holding it is gone.
final class CUserData: @unchecked Sendable {
  let pointer: UnsafeMutableRawPointer?
  let release: DepsReleaseFunction?

  init(_ pointer: UnsafeMutableRawPointer?, release: DepsReleaseFunction?) {
    self.pointer = pointer
    self.release = release
  }

  deinit { release?(pointer) }
}

/// Registers a new dependency endpoint at `path` (e.g. `"greeting.hello"`) whose
/// implementations are C functions: `live`, `preview`, `test` (each may be NULL; preview falls
/// back to live; a missing live or test implementation is unimplemented — calling it reports an
/// issue and fails). Registering a path this function registered before replaces it.
///
/// ```c
/// deps_dependency_register("greeting.hello", live_hello, NULL, test_hello, NULL, NULL);
/// ```
/// - Returns: `DEPS_OK`; `DEPS_EINVAL` (NULL or malformed `path`, no implementation at all, or
///   a path a module registered).
@_cdecl("deps_dependency_register")
public func deps_dependency_register(
  _ path: UnsafePointer<CChar>?, _ live: DepsEndpointFunction?,
  _ preview: DepsEndpointFunction?, _ test: DepsEndpointFunction?,
  _ userData: UnsafeMutableRawPointer?, _ release: DepsReleaseFunction?
) -> Int32 {
  let owner = CUserData(userData, release: release)
  return withLastError { () throws(BridgeError) in
    let name = "deps_dependency_register"
    let path = try CArgument.string(path, name, "path")
    guard isDependencyPath(path) else {
      throw BridgeError(
        .invalid,
        "\(name): path must be names joined by dots (\"greeting.hello\"), got \"\(path)\"")
    }
    var implementations: [DependencyContext: ForeignFunction] = [:]
    for (context, function) in [(DependencyContext.live, live), (.preview, preview), (.test, test)]
    {
      guard let function else { continue }
      let endpoint = CEndpoint(path: path, function: function, userData: userData, release: nil)
      implementations[context] = { input in
        withExtendedLifetime(owner) {}
        return try endpoint.call(input)
      }
    }
    guard !implementations.isEmpty else {
      throw BridgeError(.invalid, "\(name): live, preview and test are all NULL")
    }
    try ForeignEndpoints.define([
      path: ForeignEndpointDefinition(implementations: implementations, location: nil)
    ])
  }
}

/// True for `name` or `name.name…` with names of letters, digits and `_`.
private func isDependencyPath(_ path: String) -> Bool {
  let parts = path.split(separator: ".", omittingEmptySubsequences: false)
  return parts.allSatisfy { part in
    !part.isEmpty && part.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
  }
}
