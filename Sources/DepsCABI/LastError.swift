// The thread-local "last error" of handle-less calls (deps_last_error), like git_error_last:
// never NULL, one message per thread, valid until the next failing call on that thread.
#if canImport(Glibc)
import Glibc
#endif

enum LastError {
  /// One malloc'd C string per thread, freed when the thread exits or is replaced.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { free($0) }
    return key
  }()

  /// The calling thread's message, or "".
  static var current: UnsafePointer<CChar> {
    guard let raw = pthread_getspecific(key) else { return StaticCString.empty }
    return UnsafePointer(raw.assumingMemoryBound(to: CChar.self))
  }

  /// Replaces the calling thread's message.
  static func set(_ message: String) {
    let old = pthread_getspecific(key)
    pthread_setspecific(key, strdup(message))
    free(old)
  }

  /// Clears the calling thread's message (a successful handle-less call).
  static func clear() {
    let old = pthread_getspecific(key)
    pthread_setspecific(key, nil)
    free(old)
  }
}
