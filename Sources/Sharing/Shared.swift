// `@Shared`, as swift-sharing's: a value shared by reference between features and, with a key,
// persisted outside. Reads give the current value; changes go through `withLock`. Under a
// test's assertion (SharedChangeTracker) reads and changes see the snapshot instead.
public import CustomDump
import Dependencies
import DepsConcurrency
public import IdentifiedCollections

/// A value shared with other parts of the program and, through a key, with outside storage.
///
/// ```swift
/// @Shared(.inMemory("count")) var count = 0
/// $count.withLock { $0 += 1 }
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value> {
  let box: Box

  final class Box: @unchecked Sendable {
    private let lock = ReentrantLock()
    private var storedReference: any SharedMutableReference<Value>
    init(_ reference: any SharedMutableReference<Value>) { storedReference = reference }
    var reference: any SharedMutableReference<Value> {
      get { lock.withLock { storedReference } }
      set { lock.withLock { storedReference = newValue } }
    }
  }

  var reference: any SharedMutableReference<Value> { box.reference }

  init(reference: any SharedMutableReference<Value>) { box = Box(reference) }

  /// A shared reference to `value`, held in memory.
  public init(value: sending Value) {
    self.init(reference: BoxReference(value))
  }

  /// The value of a shared optional, while it is not nil: nil when `base` is nil now.
  ///
  /// ```swift
  /// if let user = Shared($currentUser) { … }   // Shared<User>
  /// ```
  public init?(_ base: Shared<Value?>) {
    guard let initialValue = base.reference.liveValue else { return nil }
    func open(_ reference: some SharedMutableReference<Value?>) -> any SharedMutableReference<Value>
    {
      UnwrappedReference(base: reference, initialValue: initialValue)
    }
    self.init(reference: open(base.reference))
  }

  /// The same shared reference (what a `@Shared` parameter is initialized with).
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The current value. Change it with `withLock`.
  public var wrappedValue: Value {
    get { reference.currentValue }
    @available(
      *, deprecated,
      message: "Use '$shared.withLock' to modify a shared value with exclusive access."
    )
    nonmutating set {
      withLock { $0 = newValue }
    }
  }

  /// Changes the value with exclusive access, and saves it when a key backs it.
  ///
  /// - Returns: what `operation` returns.
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) rethrows -> R {
    let reference = self.reference
    let location = SharedSourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    if SharedChangeTracker.isAsserting {
      var snapshot = reference.snapshot ?? reference.liveValue
      defer { reference.takeSnapshot(snapshot, location: location) }
      return try operation(&snapshot)
    }
    return try reference.withRootLock {
      if SharedChangeTracker.isTracking {
        reference.takeSnapshot(reference.liveValue, location: location)
      }
      return try reference.withLiveLock { try operation(&$0) }
    }
  }

  /// The shared reference itself: pass it to another feature (`Child.State(count: $count)`),
  /// or assign another one to point this property at it.
  public var projectedValue: Self {
    get { self }
    nonmutating set { box.reference = newValue.reference }
  }

  /// A shared reference to a member: `$signUp.name` is a `Shared<String>`.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member>
  {
    func open(_ reference: some SharedMutableReference<Value>) -> Shared<Member> {
      Shared<Member>(reference: KeyPathReference(base: reference, keyPath: keyPath))
    }
    return open(reference)
  }

  /// A read-only shared reference to a read-only member.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// A read-only shared reference to what `body` computes from the value.
  public func read<Member>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader(self).read(body)
  }

  /// Reloads the value from its key (nothing for `Shared(value:)`).
  public func load() async throws { try await reference.load() }

  /// Points this property at `key` (with the current value as its initial value) and loads it.
  public func load(_ key: some SharedKey<Value>) async throws {
    let references = DependencyValues._current[PersistentReferences.self]
    let current = wrappedValue
    projectedValue = Shared(
      reference: references.reference(
        for: key, initialValue: { current }, skipInitialLoad: true))
    try await load()
  }

  /// Saves the value through its key now (nothing for `Shared(value:)`).
  public func save() async throws { try await reference.save() }

  /// True while its key loads.
  public var isLoading: Bool { reference.isLoading }

  /// The error of the last load, nil after a load succeeded.
  public var loadError: (any Error)? { reference.loadError }

  /// The error of the last save, nil after a save succeeded.
  public var saveError: (any Error)? { reference.saveError }
}

extension Shared {
  /// A shared value persisted by `key`, starting from `wrappedValue` when the key holds none.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    let references = DependencyValues._current[PersistentReferences.self]
    self.init(
      reference: references.reference(
        for: key, initialValue: wrappedValue, skipInitialLoad: false))
  }

  /// An optional shared value persisted by `key`, nil when the key holds none.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A shared value persisted by a key with a default (`SharedKey.Default`).
  public init<Key: SharedKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.initialValue, key.base)
  }

  /// A shared value persisted by a key with a default, overriding the default.
  public init<Key: SharedKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }

  /// A shared value that must already be stored under `key`: throws when the key holds none
  /// or fails to load.
  public init(require key: some SharedKey<Value>) async throws {
    self.init(reference: try await PersistentReferences.requiredReference(for: key))
  }

}

/// Why `Shared(require:)` / `SharedReader(require:)` failed.
public enum SharedLoadError: Error, Equatable, CustomStringConvertible {
  /// The key holds no value.
  case noValue(String)

  public var description: String {
    switch self {
    case .noValue(let key): "\(key) holds no value."
    }
  }
}

extension SharedMutableReference {
  /// The value a `Shared` reads: the snapshot under a test's assertion, else the live value.
  var currentValue: Value {
    if SharedChangeTracker.isAsserting, let snapshot { return snapshot }
    return liveValue
  }
}

extension Shared: @unchecked Sendable {}

extension Shared: CustomStringConvertible {
  /// `Shared<Int>(value: 1)`, `Shared<Int>(.inMemory("count"))`.
  public var description: String {
    "Shared<\(sharingTypeName(Value.self))>(\(reference.referenceDescription))"
  }
}

extension Shared: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension Shared: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension Shared: _CustomDiffObject {
  public var _customDiffValues: (Any, Any) {
    (reference.snapshot ?? reference.liveValue, reference.liveValue)
  }
  public var _objectIdentifier: ObjectIdentifier { reference.rootID }
}

extension Shared: Equatable where Value: Equatable {
  /// Equal values. Under a test's assertion, for one reference on both sides: the snapshot on
  /// the left (what the test expects) against the live value on the right.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if SharedChangeTracker.isAsserting, lhs.reference.isSame(as: rhs.reference) {
      SharedChangeTracker.markAsserted(lhs.reference.rootID)
      return lhs.wrappedValue == rhs.reference.liveValue
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension RangeReplaceableCollection {
  /// One shared element per element of a shared identified array, in order.
  public init<ID: Hashable, Element>(_ shared: Shared<IdentifiedArray<ID, Element>>)
  where Self.Element == Shared<Element> {
    self.init()
    let ids = shared.wrappedValue.ids
    reserveCapacity(ids.count)
    for id in ids {
      if let element = Shared<Element>(shared[dynamicMember: \.[id: id]]) { append(element) }
    }
  }

  /// One read-only shared element per element of a shared identified array, in order.
  public init<ID: Hashable, Element>(_ shared: SharedReader<IdentifiedArray<ID, Element>>)
  where Self.Element == SharedReader<Element> {
    self.init()
    let ids = shared.wrappedValue.ids
    reserveCapacity(ids.count)
    for id in ids {
      if let element = SharedReader<Element>(shared[dynamicMember: \.[id: id]]) {
        append(element)
      }
    }
  }
}
