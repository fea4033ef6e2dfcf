// `@Dependency`: reads a dependency from the values current when the wrapper was created,
// merged with the values current when it is read (read-time overrides win), exactly the
// lifetime rules of swift-dependencies. Reads of a plain `DependencyValues` property are cached
// per thread by the identity of the (immutable) storage nodes involved, so a read that finds
// nothing changed costs one task-local read and a table probe.
import Synchronization

/// A property wrapper that reads a dependency.
///
/// ```swift
/// struct Feature {
///   @Dependency(\.numberFact) var numberFact
///   @Dependency(\.date.now) var now
///   @Dependency(NumberFactClient.self) var client
/// }
/// ```
@propertyWrapper
public struct Dependency<Value>: @unchecked Sendable, _HasInitialValues {
  /// The storage node current when this wrapper was created; nil for the root (which lives
  /// for the whole process), so an object created outside any scope retains nothing for it.
  @usableFromInline package let captured: DependencyStorage?
  @usableFromInline let keyPath: KeyPath<DependencyValues, Value>
  /// Identity of what is read, for the read cache (a key path object or a key's metatype).
  @usableFromInline let site: UnsafeRawPointer
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  /// Reads `keyPath` of the dependency values (`\.date`, or narrowed: `\.date.now`).
  // Inlinable, so creating a wrapper compiles to plain stores in the caller's module (no
  // unspecialized generic initializer).
  @inlinable
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.captured = DependencyValues.currentStorageForWrapper()
    self.keyPath = keyPath
    self.site = UnsafeRawPointer(Unmanaged.passUnretained(keyPath).toOpaque())
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Reads the dependency registered by `key` directly.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where Key.Value == Value {
    self.captured = DependencyValues.currentStorageForWrapper()
    self.keyPath = \DependencyValues.[token: KeyToken<Key>()]
    self.site =
      UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(Key.self)))
      ?? UnsafeRawPointer(Unmanaged.passUnretained(DependencyStorage.root).toOpaque())
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The values captured when this wrapper was created.
  public var initialValues: DependencyValues { DependencyValues(storage: initial) }

  /// The storage node current when this wrapper was created.
  package var initial: DependencyStorage { captured ?? DependencyStorage.root }

  /// The dependency's current value.
  public var wrappedValue: Value {
    // Fast path: compare addresses only (nothing retained but the returned value).
    if let box = DependencyReadCache.lookup(
      current: DependencyValues.currentStorageAddress,
      initial: captured.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) },
      site: site)
    {
      return Unmanaged<ValueBox<Value>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
    }
    return slowRead(current: DependencyValues._current.storage)
  }

  private func slowRead(current: DependencyStorage) -> Value {
    let merged = DependencyValues(storage: DependencyStorage.merging(initial, with: current))
    let read = DependencyRead(
      name: nil, fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
    let probe = DependencyReadCache.ReadProbe()
    let epoch = DependencyCache.epoch.load(ordering: .relaxed)
    let previous = DependencyReadCache.swapProbe(probe)
    let value = DependencyResolution.$currentRead.withValue(read) {
      DependencyValues.$_current.withValue(merged) { merged[keyPath: keyPath] }
    }
    _ = DependencyReadCache.swapProbe(previous)
    if probe.reads == 1 && probe.valueType == Value.self && !probe.uncacheable {
      DependencyReadCache.store(
        current: current, initial: captured, site: site, owner: keyPath, box: ValueBox(value),
        epoch: epoch)
    }
    return value
  }
}

extension DependencyValues {
  /// The storage node current on this task/thread (retained), for a new `@Dependency`; nil
  /// for the root.
  @usableFromInline
  static func currentStorageForWrapper() -> DependencyStorage? {
    DependencyScope.currentStorageUnlessRoot
  }
}

/// A type that carries the dependency values it was created with (`@Dependency` does);
/// `withDependencies(from:)` finds them through reflection.
public protocol _HasInitialValues {
  /// The values captured at creation.
  var initialValues: DependencyValues { get }
}

extension DependencyStorage {
  /// The values a `@Dependency` created under `initial` sees when read under `current`:
  /// `initial` with every value set in `current` applied on top.
  static func merging(_ initial: DependencyStorage, with current: DependencyStorage)
    -> DependencyStorage
  {
    if current === initial || current.descends(from: initial) { return current }
    if current === DependencyStorage.root { return initial }
    let merged = DependencyStorage(parent: initial)
    for entry in current.flattenedEntries() { merged.put(entry.key, entry.value) }
    if let context = current.context { merged.context = context }
    if current.cache !== DependencyCache.global { merged.cache = current.cache }
    return merged
  }
}
