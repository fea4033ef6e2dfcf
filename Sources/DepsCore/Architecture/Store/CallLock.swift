// Serializes calls on one store (ARCHITECTURE.md: "calls on one handle are serialized") and
// lets a call made from inside the store's own callbacks (an observer, an override running in
// an effect) through on the same thread instead of deadlocking.
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

final class CallLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// `pthread_self()` of the thread holding the lock, 0 when free.
  private let owner = Atomic<UInt>(0)

  init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// True when the calling thread is inside a call on the store.
  var isHeldByCurrentThread: Bool {
    owner.load(ordering: .relaxed) == UInt(pthread_self())
  }

  /// Runs `body` holding the lock (re-entered freely by the thread that holds it).
  @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    if isHeldByCurrentThread { return try body() }
    pthread_mutex_lock(mutex)
    owner.store(UInt(pthread_self()), ordering: .relaxed)
    defer {
      owner.store(0, ordering: .relaxed)
      pthread_mutex_unlock(mutex)
    }
    return try body()
  }
}
