// `LockIsolated`: a value guarded by a lock, readable and writable from any thread, as in
// swift-concurrency-extras.
import DepsConcurrency

/// A value whose every access is serialized by a lock.
///
/// ```swift
/// let count = LockIsolated(0)
/// count.withValue { $0 += 1 }
/// count.value  // 1
/// ```
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  private var _value: Value
  /// Re-entrant, as the original's recursive lock: `withValue` inside `withValue` on the same
  /// thread goes through.
  private let lock = ReentrantLock()

  /// Creates a lock-isolated value.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self._value = try value()
  }

  /// A property of the value, read under the lock.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    lock.withLock { _value[keyPath: keyPath] }
  }

  /// Runs `operation` with exclusive access to the value.
  ///
  /// - Parameter operation: gets the value `inout`; its result is returned.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    try lock.withLock {
      var value = _value
      defer { _value = value }
      return try operation(&value)
    }
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    try lock.withLock { _value = try newValue() }
  }

}

extension LockIsolated where Value: Sendable {
  /// The value, read under the lock.
  public var value: Value { lock.withLock { _value } }
}
