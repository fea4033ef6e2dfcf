// `@SharedReader`, as swift-sharing's: a read-only view of shared state — of a `Shared`, of a
// key that only loads (a `SharedReaderKey`), or of a constant.
import CustomDump
import Dependencies
import DepsConcurrency

/// A read-only shared value.
///
/// ```swift
/// @SharedReader(.inMemory("count")) var count = 0
/// let doubled = $count.read { $0 * 2 }
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value> {
  final class Box: @unchecked Sendable {
    private let lock = ReentrantLock()
    private var storedReference: any SharedReadReference<Value>
    init(_ reference: any SharedReadReference<Value>) { storedReference = reference }
    var reference: any SharedReadReference<Value> {
      get { lock.withLock { storedReference } }
      set { lock.withLock { storedReference = newValue } }
    }
  }
  let box: Box

  var reference: any SharedReadReference<Value> { box.reference }

  init(reference: any SharedReadReference<Value>) {
    box = Box(reference)
  }

  /// A read-only view of a shared value (of its reference now: pointing the `Shared`
  /// elsewhere later does not move this reader).
  public init(_ base: Shared<Value>) {
    self.init(reference: base.reference)
  }

  /// A reader of a constant value.
  public init(value: sending Value) {
    self.init(reference: ConstantReference(value))
  }

  /// A reader of a constant value.
  public static func constant(_ value: sending Value) -> Self { Self(value: value) }

  /// The value of a shared optional reader, while it is not nil.
  public init?(_ base: SharedReader<Value?>) {
    guard let initialValue = base.wrappedValue else { return nil }
    let cached = LockedValue(initialValue)
    func open(_ reference: some SharedReadReference<Value?>) -> any SharedReadReference<Value> {
      ReadReference(base: reference, label: "!") { value in
        if let value { cached.set(value) }
        return cached.get()
      }
    }
    self.init(reference: open(base.reference))
  }

  /// The same reader (what a `@SharedReader` parameter is initialized with).
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The current value (the live one, also under a test's assertion, as the original's).
  public var wrappedValue: Value { reference.liveValue }

  /// The reader itself.
  public var projectedValue: Self {
    get { self }
    nonmutating set { box.reference = newValue.reference }
  }

  /// A reader of a member.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    let path = UncheckedBox(keyPath)
    return read(label: "[dynamicMember: \(keyPath)]") { $0[keyPath: path.value] }
  }

  /// A reader of what `body` computes from the value.
  public func read<Member>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    read(label: ".read", body)
  }

  private func read<Member>(
    label: String, _ body: @escaping @Sendable (Value) -> Member
  ) -> SharedReader<Member> {
    func open(_ reference: some SharedReadReference<Value>) -> any SharedReadReference<Member> {
      ReadReference(base: reference, label: label, transform: body)
    }
    return SharedReader<Member>(reference: open(reference))
  }

  /// Reloads the value from its key.
  public func load() async throws { try await reference.load() }

  /// Points this property at `key` (with the current value as its initial value) and loads it.
  public func load(_ key: some SharedReaderKey<Value>) async throws {
    let references = DependencyValues._current[PersistentReferences.self]
    let current = wrappedValue
    projectedValue = SharedReader(
      reference: references.reference(for: key, initialValue: { current }, skipInitialLoad: true))
    try await load()
  }

  /// True while its key loads.
  public var isLoading: Bool { reference.isLoading }

  /// The error of the last load, nil after a load succeeded.
  public var loadError: (any Error)? { reference.loadError }
}

extension SharedReader {
  /// A read-only value loaded by `key`, starting from `wrappedValue` when the key holds none.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    let references = DependencyValues._current[PersistentReferences.self]
    self.init(
      reference: references.reference(
        for: key, initialValue: wrappedValue, skipInitialLoad: false))
  }

  /// A read-only optional value loaded by `key`, nil when the key holds none.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A read-only value loaded by a key with a default.
  public init<Key: SharedReaderKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.initialValue, key.base)
  }

  /// A read-only value loaded by a key with a default, overriding the default.
  public init<Key: SharedReaderKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }

  /// A read-only value that must already be stored under `key`.
  public init(require key: some SharedReaderKey<Value>) async throws {
    self.init(reference: try await PersistentReferences.requiredReference(for: key))
  }

}

extension SharedReader: @unchecked Sendable {}

extension SharedReader: CustomStringConvertible {
  /// `SharedReader<Int>(value: 1)`, `SharedReader<Int>(.inMemory("count"))`.
  public var description: String {
    "SharedReader<\(sharingTypeName(Value.self))>(\(reference.referenceDescription))"
  }
}

extension SharedReader: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Equal current values.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension SharedReader: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

/// A value carried across a `@Sendable` boundary where the shared types' own locks guard it.
package final class UncheckedBox<Value>: @unchecked Sendable {
  /// The value.
  package let value: Value
  /// Wraps `value`.
  package init(_ value: Value) { self.value = value }
}

/// A locked variable.
package final class LockedValue<Value>: @unchecked Sendable {
  private let lock = ReentrantLock()
  private var value: Value
  /// A variable holding `value`.
  package init(_ value: Value) { self.value = value }
  /// The value now.
  package func get() -> Value { lock.withLock { value } }
  /// Replaces the value.
  package func set(_ newValue: Value) { lock.withLock { value = newValue } }
  /// Changes the value under the lock.
  package func update<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try lock.withLock { try body(&value) }
  }
}
