// The C face of the catalogue: every registered feature and every overridable dependency path
// as JSON, and the path each runtime trick takes. The calls are handle-less: a failure is
// described by deps_last_error().
import DepsCore
import DepsRuntime

/// Every registered feature as a JSON array (`[{"name","summary","state","actions",
/// "dependencies"}]`), sorted by name. The caller frees the result with `deps_free`.
///
/// ```c
/// char *json = deps_features_json();
/// puts(json);
/// deps_free(json);
/// ```
@_cdecl("deps_features_json")
public func deps_features_json() -> UnsafeMutablePointer<CChar>? {
  LastError.clear()
  return mallocCString(JSONValue.array(DepsLibrary.features.all.map(\.catalogueValue)).json())
}

/// Every overridable dependency path as a JSON array (`[{"path","input","output","async",
/// "throws","contexts"}]`, plus `"presets"` where presets are accepted), sorted by path. The
/// caller frees the result with `deps_free`.
///
/// ```c
/// char *json = deps_dependencies_json();
/// deps_free(json);
/// ```
@_cdecl("deps_dependencies_json")
public func deps_dependencies_json() -> UnsafeMutablePointer<CChar>? {
  LastError.clear()
  return mallocCString(JSONValue.array(DepsLibrary.endpoints.all.map(\.catalogueValue)).json())
}

/// The path each Swift-runtime speed trick takes in this process, as a JSON object
/// (`{"task_locals":"fast",…}`, the tricks in `RuntimePaths.all`'s order; a safe path reads
/// `"safe (<why>)"`), what Lua's `deps.runtime_paths()` returns. The caller frees the result
/// with `deps_free`.
///
/// ```c
/// char *json = deps_runtime_paths_json();
/// deps_free(json);
/// ```
@_cdecl("deps_runtime_paths_json")
public func deps_runtime_paths_json() -> UnsafeMutablePointer<CChar>? {
  LastError.clear()
  var object = ValueObject()
  for (name, path) in RuntimePaths.all { object[name] = .string(path) }
  return mallocCString(JSONValue.object(object).json())
}
