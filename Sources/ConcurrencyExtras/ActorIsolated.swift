// `ActorIsolated`: a value isolated to an actor, as in swift-concurrency-extras.

/// A value whose accesses are serialized by an actor.
///
/// ```swift
/// let events = ActorIsolated<[String]>([])
/// await events.withValue { $0.append("tapped") }
/// await events.value  // ["tapped"]
/// ```
@dynamicMemberLookup
public final actor ActorIsolated<Value> {
  /// The value.
  public var value: Value

  /// Creates an actor-isolated value.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// A property of the value.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// Runs `operation` with exclusive access to the value.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    var value = self.value
    defer { self.value = value }
    return try operation(&value)
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try newValue()
  }
}
