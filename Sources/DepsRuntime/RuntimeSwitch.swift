// Runtime/: the only place DepsCore touches Swift-runtime internals (entry points found by name,
// metadata layouts, calling conventions). Each trick is one small internal API that checks its
// assumption once, on first use, and falls back to a public-API path when the check fails or
// when `DEPS_SAFE_RUNTIME=1` is set. docs/architecture.md ("Runtime tricks") lists them.
#if canImport(Glibc)
import Glibc
#endif

/// The process-wide switch of the runtime fast paths.
package enum RuntimeSwitch {
  /// True when the environment variable `DEPS_SAFE_RUNTIME` is `1` (read once): every trick in
  /// Runtime/ then takes its safe path.
  package static let isSafeForced: Bool = {
    guard let raw = getenv("DEPS_SAFE_RUNTIME") else { return false }
    return String(cString: raw) == "1"
  }()

  /// The tricks whose check is made to fail (`DEPS_RUNTIME_FAIL_CHECK=task_locals,…`, read
  /// once): the forced-fallback tests run the suite this way and compare with the fast path.
  package static let failedChecks: Set<String> = {
    guard let raw = getenv("DEPS_RUNTIME_FAIL_CHECK") else { return [] }
    return Set(String(cString: raw).split(separator: ",").map(String.init))
  }()

  /// Whether `trick`'s check is made to fail (see `failedChecks`).
  package static func failsCheck(_ trick: String) -> Bool { failedChecks.contains(trick) }

  /// Looks up `name` among the symbols loaded in this process: first in its global scope, then
  /// in the image holding DepsCore and the libraries that image links (where the Swift runtime
  /// this code calls lives, also when the image was loaded without `RTLD_GLOBAL`, as Lua's
  /// `require` loads libDeps.so).
  package static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    if let found = dlsym(process, name) { return found }
    guard let ownImage else { return nil }
    return dlsym(ownImage, name)
  }

  nonisolated(unsafe) private static let process = dlopen(nil, RTLD_NOW)

  /// `dladdr(address, info)` (a GNU extension Swift's Glibc module does not import); `info` is
  /// a `Dl_info`: file name, base, symbol name, symbol address.
  private typealias AddressLookup =
    @convention(c) (
      UnsafeRawPointer?, UnsafeMutableRawPointer?
    ) -> Int32
  private typealias Marker = @convention(c) () -> Void

  /// A handle of the already loaded image (shared library or executable) holding this code, or
  /// nil when `dladdr` or the image cannot be found (the main executable: its symbols are in
  /// the global scope anyway). `dladdr` itself comes from libc, which every process has in its
  /// global scope.
  nonisolated(unsafe) private static let ownImage: UnsafeMutableRawPointer? = {
    guard let lookup = dlsym(process, "dladdr") else { return nil }
    let dladdr = unsafeBitCast(lookup, to: AddressLookup.self)
    let marker: Marker = {}
    var info:
      (
        fileName: UnsafePointer<CChar>?, base: UnsafeRawPointer?,
        symbolName: UnsafePointer<CChar>?, symbolAddress: UnsafeRawPointer?
      ) = (nil, nil, nil, nil)
    let found = withUnsafeMutableBytes(of: &info) {
      dladdr(unsafeBitCast(marker, to: UnsafeRawPointer.self), $0.baseAddress)
    }
    guard found != 0, let file = info.fileName else { return nil }
    return dlopen(file, RTLD_NOW | RTLD_NOLOAD)
  }()
}
