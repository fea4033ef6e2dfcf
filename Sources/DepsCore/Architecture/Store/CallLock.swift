// Serializes calls on one store (docs/architecture.md: "calls on one handle are serialized") and
// lets a call made from inside the store's own callbacks (an observer, an override running in
// an effect) through on the same thread instead of deadlocking.
//
// Speed: the uncontended path is one compare-and-swap of the owner word to take the lock and
// one store to release it (no pthread mutex). Only a thread that finds the lock taken sleeps,
// on a pthread condition; the releasing thread signals it when the waiter count says so.
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

final class CallLock: @unchecked Sendable {
  /// `pthread_self()` of the thread holding the lock, 0 when free.
  private let owner = Atomic<UInt>(0)
  /// Threads sleeping (or about to) in `waitAndEnter`.
  private let waiters = Atomic<Int>(0)
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// True when the calling thread is inside a call on the store.
  var isHeldByCurrentThread: Bool {
    owner.load(ordering: .relaxed) == UInt(pthread_self())
  }

  /// Takes the lock unless this thread holds it already. Returns true when it was taken here
  /// (the caller then calls `exit()`).
  @inline(__always)
  func enter() -> Bool {
    let me = UInt(pthread_self())
    let (exchanged, current) = owner.compareExchange(
      expected: 0, desired: me, ordering: .acquiring)
    if exchanged { return true }
    if current == me { return false }
    waitAndEnter(me)
    return true
  }

  /// Releases a lock taken by `enter()`.
  @inline(__always)
  func exit() {
    owner.store(0, ordering: .sequentiallyConsistent)
    if waiters.load(ordering: .sequentiallyConsistent) > 0 { wakeWaiter() }
  }

  /// Runs `body` holding the lock (re-entered freely by the thread that holds it).
  @inline(__always)
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    let entered = enter()
    defer { if entered { exit() } }
    return try body()
  }

  /// The contended path of `enter()`: sleeps until the owner releases.
  @inline(never)
  private func waitAndEnter(_ me: UInt) {
    pthread_mutex_lock(mutex)
    waiters.add(1, ordering: .sequentiallyConsistent)
    while true {
      let (exchanged, _) = owner.compareExchange(
        expected: 0, desired: me, ordering: .sequentiallyConsistent)
      if exchanged { break }
      pthread_cond_wait(condition, mutex)
    }
    waiters.subtract(1, ordering: .sequentiallyConsistent)
    pthread_mutex_unlock(mutex)
  }

  @inline(never)
  private func wakeWaiter() {
    pthread_mutex_lock(mutex)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }
}
