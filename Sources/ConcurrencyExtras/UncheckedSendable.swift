// `UncheckedSendable`: a value the caller vouches may cross concurrency domains, as in
// swift-concurrency-extras.

/// Wraps a value in an unchecked `Sendable` box.
///
/// ```swift
/// let box = UncheckedSendable(legacyObject)
/// Task { box.value.work() }
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The wrapped value.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) { self.value = value }

  /// Wraps `wrappedValue` (property-wrapper form).
  public init(wrappedValue: Value) { self.value = wrappedValue }

  /// The wrapped value.
  public var wrappedValue: Value {
    _read { yield value }
    _modify { yield &value }
  }

  /// The box itself.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A property of the value.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// A writable property of the value.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }
}

extension UncheckedSendable: Equatable where Value: Equatable {}
extension UncheckedSendable: Hashable where Value: Hashable {}

extension UncheckedSendable: Decodable where Value: Decodable {
  /// Decodes the value.
  public init(from decoder: any Decoder) throws {
    self.init(try Value(from: decoder))
  }
}

extension UncheckedSendable: Encodable where Value: Encodable {
  /// Encodes the value.
  public func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}

extension UncheckedSendable: AsyncSequence where Value: AsyncSequence {
  /// The value's iterator.
  public typealias AsyncIterator = Value.AsyncIterator
  /// The value's element.
  public typealias Element = Value.Element

  /// The value's iterator.
  public func makeAsyncIterator() -> AsyncIterator { value.makeAsyncIterator() }
}
