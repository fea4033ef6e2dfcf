// The one re-entrant lock of the package (docs/architecture.md, "The concurrency kit"): calls on
// one store, on one C handle (the same lock: a C call takes it once) and entries into one Lua
// state are serialized by it, and a call made from inside one of their own callbacks (an
// observer, an override running in an effect) goes through on the same thread instead of
// deadlocking.
//
// Speed: the uncontended path is one compare-and-swap of the owner word to take the lock and
// one store to release it (no pthread mutex). Only a thread that finds the lock taken sleeps,
// on a pthread condition; the releasing thread signals it when the waiter count says so.
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A lock held by at most one thread and re-entered freely by that thread.
@usableFromInline
package final class ReentrantLock: @unchecked Sendable {
  /// `pthread_self()` of the thread holding the lock, 0 when free.
  @usableFromInline let owner = Atomic<UInt>(0)
  /// Threads sleeping (or about to) in `waitAndEnter`.
  @usableFromInline let waiters = Atomic<Int>(0)
  /// How many times the holder re-entered through `lock()` (touched by the holder only).
  private var depth = 0
  /// How many times the lock was taken (not re-entered); written by the holder only.
  @usableFromInline @exclusivity(unchecked) var takenCount = 0
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// Creates a free lock.
  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// True when the calling thread holds the lock.
  @inlinable
  package var isHeldByCurrentThread: Bool {
    owner.load(ordering: .relaxed) == UInt(pthread_self())
  }

  /// How many times the lock has been taken, re-entries not counted. Read it holding the lock
  /// (it tells a test how many acquisitions a call made).
  package var acquisitions: Int { takenCount }

  /// Takes the lock unless this thread holds it already. Returns true when it was taken here
  /// (the caller then calls `exit()`).
  @inlinable @inline(__always)
  package func enter() -> Bool {
    let me = UInt(pthread_self())
    let (exchanged, current) = owner.compareExchange(
      expected: 0, desired: me, ordering: .acquiring)
    if exchanged {
      takenCount &+= 1
      return true
    }
    if current == me { return false }
    waitAndEnter(me)
    takenCount &+= 1
    return true
  }

  /// Releases a lock taken by `enter()`.
  @inlinable @inline(__always)
  package func exit() {
    owner.store(0, ordering: .sequentiallyConsistent)
    if waiters.load(ordering: .sequentiallyConsistent) > 0 { wakeWaiter() }
  }

  /// Runs `body` holding the lock (re-entered freely by the thread that holds it).
  @inlinable @inline(__always)
  package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    let entered = enter()
    defer { if entered { exit() } }
    return try body()
  }

  /// Takes the lock, counting re-entries; each `lock()` is paired with one `unlock()`.
  package func lock() {
    if !enter() { depth += 1 }
  }

  /// Releases one `lock()`.
  package func unlock() {
    if depth > 0 {
      depth -= 1
    } else {
      exit()
    }
  }

  /// The contended path of `enter()`: sleeps until the owner releases.
  @usableFromInline @inline(never)
  func waitAndEnter(_ me: UInt) {
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

  @usableFromInline @inline(never)
  func wakeWaiter() {
    pthread_mutex_lock(mutex)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }
}
