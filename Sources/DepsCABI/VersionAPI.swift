// The C face of versions, the thread-local last error, and the one deallocator.
// Every export here is `public @_cdecl`: a non-public @_cdecl vanishes from release builds.
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

/// The library's version string, e.g. `"0.1.0"`. Static storage; never freed.
@_cdecl("deps_version")
public func deps_version() -> UnsafePointer<CChar> {
  CStringCache.version
}

/// The library's version as `major*1000000 + minor*1000 + patch`.
@_cdecl("deps_version_number")
public func deps_version_number() -> Int32 {
  Int32(DepsVersion.number)
}

/// The calling thread's last handle-less error message; never NULL ("" when none).
@_cdecl("deps_last_error")
public func deps_last_error() -> UnsafePointer<CChar> {
  LastError.current
}

/// Frees any `char *` (or other memory) the library returned to the caller. NULL is harmless.
@_cdecl("deps_free")
public func deps_free(_ pointer: UnsafeMutableRawPointer?) {
  free(pointer)
}

/// Static C strings that live as long as the process.
enum CStringCache {
  nonisolated(unsafe) static let version: UnsafePointer<CChar> =
    strdup(DepsVersion.string).map { UnsafePointer($0) } ?? StaticCString.empty
}
