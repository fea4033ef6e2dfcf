// A pthread mutex as a class with lock()/unlock(): what NSLock and NSRecursiveLock gave, without
// linking the full Foundation (DepsCore needs only FoundationEssentials; see docs/embedding.md).
#if canImport(Glibc)
import Glibc
#endif

/// A mutual-exclusion lock; `recursive` lets the thread holding it take it again.
final class SystemLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  /// Creates an unlocked lock; a recursive one may be taken again by the thread holding it.
  init(recursive: Bool = false) {
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    if recursive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE)) }
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Takes the lock, waiting while another thread holds it.
  func lock() { pthread_mutex_lock(mutex) }

  /// Releases the lock.
  func unlock() { pthread_mutex_unlock(mutex) }
}
