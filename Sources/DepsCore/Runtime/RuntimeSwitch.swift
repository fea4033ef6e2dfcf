// Runtime/: the only place DepsCore touches Swift-runtime internals (entry points found by name,
// metadata layouts, calling conventions). Each trick is one small internal API that checks its
// assumption once, on first use, and falls back to a public-API path when the check fails or
// when `DEPS_SAFE_RUNTIME=1` is set. docs/architecture.md ("Runtime tricks") lists them.
#if canImport(Glibc)
import Glibc
#endif

/// The process-wide switch of the runtime fast paths.
enum RuntimeSwitch {
  /// True when the environment variable `DEPS_SAFE_RUNTIME` is `1` (read once): every trick in
  /// Runtime/ then takes its safe path.
  static let isSafeForced: Bool = {
    guard let raw = getenv("DEPS_SAFE_RUNTIME") else { return false }
    return String(cString: raw) == "1"
  }()

  /// Looks up `name` among the symbols loaded in this process.
  static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    dlsym(process, name)
  }

  nonisolated(unsafe) private static let process = dlopen(nil, RTLD_NOW)
}
