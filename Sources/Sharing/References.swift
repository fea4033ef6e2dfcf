// The references behind `Shared` and `SharedReader`: a box for `Shared(value:)`, a persistent
// reference per key (one per key id and dependency cache, held weakly), and the derived ones
// (a key path into a value, an unwrapped optional, a read-only projection). Every mutable
// reference reads and records snapshots through the change trackers (SharedChangeTracker.swift),
// so a test store can compare what a test asserted with what a feature did.
import Dependencies
import DepsConcurrency
import IssueReporting

/// A read-only view of a shared value.
protocol SharedReadReference<Value>: AnyObject, Sendable {
  associatedtype Value
  /// The root object: derived references share their base's.
  var rootID: ObjectIdentifier { get }
  var isLoading: Bool { get }
  var loadError: (any Error)? { get }
  /// The live value (not the snapshot a test asserts against).
  var liveValue: Value { get }
  func load() async throws
  /// How the reference prints in `Shared`'s description (`value: 0`, `.inMemory("count")`).
  var referenceDescription: String { get }
}

/// A shared value that can change.
protocol SharedMutableReference<Value>: SharedReadReference {
  var saveError: (any Error)? { get }
  /// The value the asserting tracker holds for this reference, if any.
  var snapshot: Value? { get }
  /// Records `value` as this reference's snapshot in the asserting tracker, or in the tracking
  /// ones (keeping the first value recorded since their last reset).
  func takeSnapshot(_ value: Value, location: SharedSourceLocation)
  /// Changes the live value under the reference's lock (and saves it, for a key).
  func withLiveLock<R>(_ body: (inout Value) throws -> R) rethrows -> R
  /// Runs `body` holding the root's (re-entrant) lock, so reading the value before a change
  /// and the change itself are one step.
  func withRootLock<R>(_ body: () throws -> R) rethrows -> R
  func save() async throws
  /// True when `other` is the same reference (same root and same path).
  func isSame(as other: any SharedMutableReference<Value>) -> Bool
}

/// Where a change was made, for the tracker's report.
struct SharedSourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

/// The value of `Shared(value:)`.
final class BoxReference<Value>: SharedMutableReference, @unchecked Sendable {
  private let lock = ReentrantLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  var rootID: ObjectIdentifier { ObjectIdentifier(self) }
  var isLoading: Bool { false }
  var loadError: (any Error)? { nil }
  var saveError: (any Error)? { nil }
  var liveValue: Value { lock.withLock { value } }
  func load() async throws {}
  func save() async throws {}
  var referenceDescription: String { "value: \(String(reflecting: liveValue))" }

  var snapshot: Value? { SharedChangeTracker.assertedSnapshot(of: self) }

  func takeSnapshot(_ value: Value, location: SharedSourceLocation) {
    SharedChangeTracker.record(value, of: self, location: location)
  }

  func withLiveLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try lock.withLock { try body(&value) }
  }

  func withRootLock<R>(_ body: () throws -> R) rethrows -> R { try lock.withLock(body) }

  func isSame(as other: any SharedMutableReference<Value>) -> Bool { other === self }
}

/// The value of a key, loaded when first made and saved on every change (for a `SharedKey`).
final class PersistentReference<Key: SharedReaderKey>: SharedReadReference, @unchecked Sendable {
  typealias Value = Key.Value
  private let lock = ReentrantLock()
  let key: Key
  private var value: Value
  private let initialValue: Value
  private var loading = false
  private var storedLoadError: (any Error)?
  private var storedSaveError: (any Error)?
  private var subscription: SharedSubscription?
  var onDeinit: (@Sendable () -> Void)?

  init(key: Key, initialValue: Value, skipInitialLoad: Bool) {
    self.key = key
    self.value = initialValue
    self.initialValue = initialValue
    if !skipInitialLoad {
      loading = true
      key.load(
        context: .initialValue(initialValue),
        continuation: LoadContinuation("\(key)") { [weak self] in self?.received($0) })
    }
    let subscription = key.subscribe(
      context: skipInitialLoad ? .userInitiated : .initialValue(initialValue),
      subscriber: SharedSubscriber(
        callback: { [weak self] in self?.received($0) },
        onLoading: { [weak self] isLoading in
          guard let self else { return }
          lock.withLock { loading = isLoading }
        }))
    lock.withLock { self.subscription = subscription }
  }

  deinit {
    subscription?.cancel()
    onDeinit?()
  }

  private func received(_ result: Result<Value?, any Error>) {
    lock.withLock {
      loading = false
      switch result {
      case .failure(let error):
        storedLoadError = error
      case .success(let newValue):
        storedLoadError = nil
        value = newValue ?? initialValue
      }
    }
  }

  var rootID: ObjectIdentifier { ObjectIdentifier(self) }
  var isLoading: Bool { lock.withLock { loading } }
  var loadError: (any Error)? { lock.withLock { storedLoadError } }
  var liveValue: Value { lock.withLock { value } }
  var referenceDescription: String { String(reflecting: key) }

  func load() async throws {
    lock.withLock { loading = true }
    defer { lock.withLock { loading = false } }
    let result: Value?
    do {
      result = try await key.loadOnce()
    } catch {
      lock.withLock { storedLoadError = error }
      throw error
    }
    lock.withLock {
      storedLoadError = nil
      if let result { value = result }
    }
  }
}

extension PersistentReference: SharedMutableReference where Key: SharedKey {
  var saveError: (any Error)? { lock.withLock { storedSaveError } }

  var snapshot: Value? { SharedChangeTracker.assertedSnapshot(of: self) }

  func takeSnapshot(_ value: Value, location: SharedSourceLocation) {
    SharedChangeTracker.record(value, of: self, location: location)
  }

  func withLiveLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try lock.withLock {
      let result = try body(&value)
      let key = self.key
      key.save(
        value, context: .didSet,
        continuation: SaveContinuation("\(key)") { [weak self] result in
          guard let self else { return }
          lock.withLock {
            switch result {
            case .success:
              storedSaveError = nil
              storedLoadError = nil
            case .failure(let error):
              storedSaveError = error
            }
          }
        })
      return result
    }
  }

  func withRootLock<R>(_ body: () throws -> R) rethrows -> R { try lock.withLock(body) }

  func save() async throws {
    let key = self.key
    let value = liveValue
    lock.withLock { storedSaveError = nil }
    do {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        key.save(
          value, context: .userInitiated,
          continuation: SaveContinuation("\(key)") { continuation.resume(with: $0.map { _ in }) })
      }
    } catch {
      lock.withLock { storedSaveError = error }
      throw error
    }
    lock.withLock { storedLoadError = nil }
  }

  func isSame(as other: any SharedMutableReference<Value>) -> Bool { other === self }
}

/// `$shared.member`: a writable key path into the base's value.
final class KeyPathReference<Base: SharedMutableReference, Value>: SharedMutableReference,
  @unchecked Sendable
{
  let base: Base
  let keyPath: WritableKeyPath<Base.Value, Value>

  init(base: Base, keyPath: WritableKeyPath<Base.Value, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var rootID: ObjectIdentifier { base.rootID }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  var saveError: (any Error)? { base.saveError }
  var liveValue: Value { base.liveValue[keyPath: keyPath] }
  func load() async throws { try await base.load() }
  func save() async throws { try await base.save() }
  var referenceDescription: String { "\(base.referenceDescription)[dynamicMember: \(keyPath)]" }

  var snapshot: Value? { base.snapshot?[keyPath: keyPath] }

  func takeSnapshot(_ value: Value, location: SharedSourceLocation) {
    var whole = base.snapshot ?? base.liveValue
    whole[keyPath: keyPath] = value
    base.takeSnapshot(whole, location: location)
  }

  func withLiveLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLiveLock { try body(&$0[keyPath: keyPath]) }
  }

  func withRootLock<R>(_ body: () throws -> R) rethrows -> R { try base.withRootLock(body) }

  func isSame(as other: any SharedMutableReference<Value>) -> Bool {
    guard let other = other as? KeyPathReference<Base, Value> else { return false }
    return other.keyPath == keyPath && base.isSame(as: other.base)
  }
}

/// `Shared($optional)`: the wrapped value of a shared optional; once the base becomes nil it
/// keeps the last value it had, and changes to it do not reach the base.
final class UnwrappedReference<Base: SharedMutableReference, Value>: SharedMutableReference,
  @unchecked Sendable
where Base.Value == Value? {
  let base: Base
  private let lock = ReentrantLock()
  private var cached: Value

  init(base: Base, initialValue: Value) {
    self.base = base
    self.cached = initialValue
  }

  var rootID: ObjectIdentifier { base.rootID }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  var saveError: (any Error)? { base.saveError }
  var liveValue: Value {
    lock.withLock {
      if let value = base.liveValue { cached = value }
      return cached
    }
  }
  func load() async throws { try await base.load() }
  func save() async throws { try await base.save() }
  var referenceDescription: String { "\(base.referenceDescription)!" }

  var snapshot: Value? { base.snapshot ?? nil }

  func takeSnapshot(_ value: Value, location: SharedSourceLocation) {
    guard base.liveValue != nil else { return }
    base.takeSnapshot(value, location: location)
  }

  func withLiveLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLiveLock { optional in
      try lock.withLock {
        guard var unwrapped = optional else { return try body(&cached) }
        defer {
          optional = unwrapped
          cached = unwrapped
        }
        return try body(&unwrapped)
      }
    }
  }

  func withRootLock<R>(_ body: () throws -> R) rethrows -> R { try base.withRootLock(body) }

  func isSame(as other: any SharedMutableReference<Value>) -> Bool {
    guard let other = other as? UnwrappedReference<Base, Value> else { return false }
    return base.isSame(as: other.base)
  }
}

/// `SharedReader`'s projections: a read-only function of a base reference.
final class ReadReference<Base: SharedReadReference, Value>: SharedReadReference,
  @unchecked Sendable
{
  let base: Base
  let transform: @Sendable (Base.Value) -> Value
  let label: String

  init(base: Base, label: String, transform: @escaping @Sendable (Base.Value) -> Value) {
    self.base = base
    self.label = label
    self.transform = transform
  }

  var rootID: ObjectIdentifier { base.rootID }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  var liveValue: Value { transform(base.liveValue) }
  func load() async throws { try await base.load() }
  var referenceDescription: String { "\(base.referenceDescription)\(label)" }
}

/// A constant for `SharedReader(value:)`.
final class ConstantReference<Value>: SharedReadReference, @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
  var rootID: ObjectIdentifier { ObjectIdentifier(self) }
  var isLoading: Bool { false }
  var loadError: (any Error)? { nil }
  var liveValue: Value { value }
  func load() async throws {}
  var referenceDescription: String { "value: \(String(reflecting: value))" }
}

/// The persistent references of one dependency cache: a key's id → its reference while some
/// `Shared` holds it, so every `@Shared(key)` of one key shares one value.
final class PersistentReferences: @unchecked Sendable, DependencyKey {
  static var liveValue: PersistentReferences { PersistentReferences() }
  static var testValue: PersistentReferences { PersistentReferences() }

  private struct Weak {
    weak var reference: AnyObject?
  }
  private let lock = ReentrantLock()
  private var storage: [AnyHashable: Weak] = [:]

  func reference<Key: SharedReaderKey>(
    for key: Key, initialValue: () throws -> Key.Value, skipInitialLoad: Bool
  ) rethrows -> PersistentReference<Key> {
    let id = AnyHashable(key.id)
    if let existing = lock.withLock({ storage[id]?.reference as? PersistentReference<Key> }) {
      return existing
    }
    let created = PersistentReference(
      key: key, initialValue: try initialValue(), skipInitialLoad: skipInitialLoad)
    return lock.withLock {
      if let existing = storage[id]?.reference as? PersistentReference<Key> { return existing }
      storage[id] = Weak(reference: created)
      let boxedID = UncheckedBox(id)
      created.onDeinit = { [weak self] in
        guard let self else { return }
        self.lock.withLock {
          if self.storage[boxedID.value]?.reference == nil { self.storage[boxedID.value] = nil }
        }
      }
      return created
    }
  }
}

extension SharedReaderKey {
  /// Loads the key's value once, as a user-initiated load: nil when the key holds none.
  func loadOnce() async throws -> Value? {
    try await withUnsafeThrowingContinuation { continuation in
      load(
        context: .userInitiated,
        continuation: LoadContinuation("\(self)") { continuation.resume(with: $0) })
    }
  }
}

extension PersistentReferences {
  /// The reference of a key that must already hold a value (`Shared(require:)`,
  /// `SharedReader(require:)`): throws `SharedLoadError.noValue` when it holds none, or the
  /// key's own error when it fails to load.
  static func requiredReference<Key: SharedReaderKey>(
    for key: Key
  ) async throws -> PersistentReference<Key> {
    guard let value = try await key.loadOnce() else {
      throw SharedLoadError.noValue(String(reflecting: key))
    }
    return DependencyValues._current[PersistentReferences.self].reference(
      for: key, initialValue: { value }, skipInitialLoad: true)
  }
}
