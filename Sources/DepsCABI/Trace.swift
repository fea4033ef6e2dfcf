// The C side of traces, cassettes and the upfront check: deps_overrides_set_trace,
// deps_test_store_timeline, deps_test_store_unused_overrides, deps_test_store_check_deps.
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

/// Makes the stores opened with `o` keep a trace (one recorder per recipe) and, with a
/// cassette, replay or record their endpoint calls.
///
/// - Returns: `DEPS_OK`; `DEPS_EINVAL` (NULL argument); `DEPS_EDECODE` (malformed JSON, an
///   unknown key, a bad cassette; `deps_last_error()` says why). On failure the recipe is
///   unchanged.
@_cdecl("deps_overrides_set_trace")
public func deps_overrides_set_trace(
  _ overrides: OpaquePointer?, _ optionsJSON: UnsafePointer<CChar>?
) -> Int32 {
  withLastError { () throws(BridgeError) in
    let function = "deps_overrides_set_trace"
    guard let overrides else { throw CArgument.null(function, "o") }
    let options = try CArgument.json(optionsJSON, function, "options_json")
    let expected =
      "expected {\"trace\": true} or {\"cassette\": FILE or {file, mode, secrets, match}}, "
      + "optionally with \"strict_overrides\": true"
    guard case .object(let object) = options else {
      throw BridgeError(.decode, "\(function): \(expected), got \(options.json())")
    }
    for key in object.keys where !["trace", "cassette", "strict_overrides"].contains(key) {
      throw BridgeError(.decode, "\(function): unknown key \"\(key)\" (\(expected))")
    }
    var cassette: Cassette?
    if let field = object["cassette"] {
      do throws(CassetteError) {
        cassette = try CassetteOptions.cassette(from: field)
      } catch {
        throw BridgeError(.decode, "\(function): cassette: \(error.message)")
      }
    }
    if let trace = object["trace"], trace != .bool(true), trace != .bool(false) {
      throw BridgeError(.decode, "\(function): \"trace\" must be true or false")
    }
    if let strict = object["strict_overrides"], strict != .bool(true), strict != .bool(false) {
      throw BridgeError(.decode, "\(function): \"strict_overrides\" must be true or false")
    }
    let strict = object["strict_overrides"] == .bool(true)
    guard cassette != nil || object["trace"] == .bool(true) else {
      let watch = strict ? DependencyTrace(watchingOverrides: true) : nil
      Handle.object(overrides, as: OverridesHandle.self).recipe.withLock { $0.trace = watch }
      return
    }
    let recorder = DependencyTrace(cassette: cassette, strictOverrides: strict)
    Handle.object(overrides, as: OverridesHandle.self).recipe.withLock { $0.trace = recorder }
  }
}

private func traceOf(_ testStore: OpaquePointer?, _ function: String) -> DependencyTrace? {
  guard let testStore else {
    setLastError(CArgument.null(function, "t"))
    return nil
  }
  let handle = Handle.object(testStore, as: TestStoreHandle.self)
  guard let trace = handle.lock.withLock({ handle.store.trace }) else {
    setLastError(
      BridgeError(
        .invalid,
        "\(function): this test store has no trace (open it with deps_overrides_set_trace)"))
    return nil
  }
  return trace
}

/// The test store's timeline: `format` "text" (or NULL) or "mermaid".
///
/// - Returns: a string the caller frees with `deps_free`; NULL (with `deps_last_error()`) when
///   `t` is NULL, has no trace, or `format` is unknown.
@_cdecl("deps_test_store_timeline")
public func deps_test_store_timeline(
  _ testStore: OpaquePointer?, _ format: UnsafePointer<CChar>?
) -> UnsafeMutablePointer<CChar>? {
  let function = "deps_test_store_timeline"
  let name = format.map { String(cString: $0) } ?? "text"
  guard name == "text" || name == "mermaid" else {
    setLastError(
      BridgeError(.invalid, "\(function): format must be \"text\" or \"mermaid\", got \"\(name)\""))
    return nil
  }
  guard let trace = traceOf(testStore, function) else { return nil }
  return mallocCString(name == "mermaid" ? trace.timelineMermaid() : trace.timelineText())
}

/// The overrides the test never used, as a JSON array of messages (every test store opened
/// with overrides watches them; no trace needed; `[]` without overrides).
///
/// - Returns: a string the caller frees with `deps_free`; NULL (with `deps_last_error()`) when
///   `t` is NULL.
@_cdecl("deps_test_store_unused_overrides")
public func deps_test_store_unused_overrides(_ testStore: OpaquePointer?)
  -> UnsafeMutablePointer<CChar>?
{
  guard let testStore else {
    setLastError(CArgument.null("deps_test_store_unused_overrides", "t"))
    return nil
  }
  let handle = Handle.object(testStore, as: TestStoreHandle.self)
  let messages = handle.lock.withLock { handle.store.overridesTrace?.unusedOverrideMessages ?? [] }
  return mallocCString(JSONValue.array(messages.map { .string($0) }).json())
}

/// The dependency paths `feature` and its declared children (at any depth) declare that have
/// neither a test value nor an override in `o` (NULL: no overrides), as a JSON array — before
/// any store opens.
///
/// - Returns: a string the caller frees with `deps_free`; NULL (with `deps_last_error()`) when
///   `feature` is NULL or unknown, or declares a child feature that is not registered.
@_cdecl("deps_test_store_check_deps")
public func deps_test_store_check_deps(
  _ feature: UnsafePointer<CChar>?, _ overrides: OpaquePointer?
) -> UnsafeMutablePointer<CChar>? {
  let function = "deps_test_store_check_deps"
  do throws(BridgeError) {
    let name = try CArgument.string(feature, function, "feature")
    let descriptor = try FeatureRegistry.shared.descriptor(name)
    let recipe =
      overrides.map { Handle.object($0, as: OverridesHandle.self).recipe.withLock { $0 } }
      ?? DependencyOverrides()
    let coverage = descriptor.dependencyCoverage(
      overridden: Set(recipe.overriddenPaths), registry: DepsLibrary.endpoints,
      features: DepsLibrary.features)
    if !coverage.unknownChildren.isEmpty {
      throw BridgeError(
        .notFound,
        "\(function): \(name) declares child features that are not registered, so their "
          + "dependencies cannot be checked: " + coverage.unknownChildren.joined(separator: ", "))
    }
    return mallocCString(JSONValue.array(coverage.uncovered.map { .string($0) }).json())
  } catch {
    setLastError(error)
    return nil
  }
}
