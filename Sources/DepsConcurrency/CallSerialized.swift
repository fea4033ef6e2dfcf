// How a front shares an object's call lock instead of adding its own: a C handle serializes its
// calls (and guards its error message) with the lock of the store behind it, so a C call takes
// one lock, and the store's own entry points inside that call find it held by their thread.

/// An object whose calls are serialized by one `ReentrantLock` that a front may hold around a
/// whole call, its own bookkeeping included.
package protocol CallSerialized: AnyObject {
  /// The lock every call on the object takes.
  var callLock: ReentrantLock { get }
}
