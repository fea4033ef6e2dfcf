// `DependencyValues`: the collection of dependencies in effect, as in swift-dependencies.
// Register a dependency with a computed property; read it with `@Dependency(\.name)`;
// override it with `withDependencies { $0.name = … }`.

import DepsRuntime
import IssueReporting
import Synchronization

/// The dependencies in effect for the current scope.
///
/// ```swift
/// extension DependencyValues {
///   var numberFact: NumberFactClient {
///     get { self[NumberFactClient.self] }
///     set { self[NumberFactClient.self] = newValue }
///   }
/// }
/// ```
/// Resolution: an override set in the innermost scope, else a value from
/// `prepareDependencies`, else the key's default for `context` (computed once and cached).
public struct DependencyValues: Sendable {
  /// The values of the current task (what `@Dependency` and `withDependencies` read).
  @TaskLocal public static var _current = DependencyValues(storage: .root)

  @usableFromInline package var storage: DependencyStorage

  /// Empty values: no overrides, the process's default context, and a cache of default values
  /// of their own, as in swift-dependencies: defaults read through these values (or through
  /// `withDependencies { $0 = DependencyValues() }`) are computed afresh, and nothing cached or
  /// prepared elsewhere is seen.
  ///
  /// ```swift
  /// withDependencies { $0 = DependencyValues() } operation: {
  ///   // every default is computed anew here
  /// }
  /// ```
  public init() {
    storage = DependencyStorage(parent: .root)
    storage.cache = DependencyCache(parent: nil)
  }

  /// The process's own values: no overrides, the process cache of default values (what
  /// `_current` is outside every scope).
  package static var processDefaults: DependencyValues { DependencyValues(storage: .root) }

  /// Empty values in the live context, with a cache of their own.
  ///
  /// ```swift
  /// withDependencies { $0 = .live } operation: { … }
  /// ```
  public static var live: DependencyValues {
    var values = DependencyValues()
    values.context = .live
    return values
  }

  /// Empty values in the preview context, with a cache of their own.
  ///
  /// ```swift
  /// withDependencies { $0 = .preview } operation: { … }
  /// ```
  public static var preview: DependencyValues {
    var values = DependencyValues()
    values.context = .preview
    return values
  }

  /// Empty values in the test context, with a cache of their own.
  ///
  /// ```swift
  /// withDependencies { $0 = .test } operation: { … }
  /// ```
  public static var test: DependencyValues {
    var values = DependencyValues()
    values.context = .test
    return values
  }

  init(storage: DependencyStorage) { self.storage = storage }

  /// The value for `key`: its override in this scope, a prepared value, or its default.
  ///
  /// - Parameters:
  ///   - key: the key type.
  ///   - fileID: where the value is read (an issue about it points there).
  ///   - filePath: its `#filePath`.
  ///   - line: its `#line`.
  ///   - column: its `#column`.
  ///   - function: the name of the `DependencyValues` property reading it (used in messages).
  public subscript<Key: TestDependencyKey>(
    key: Key.Type,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column,
    function function: StaticString = #function
  ) -> Key.Value {
    // Inlinable, so a caller's module specializes the override lookup for its key; the default
    // resolution stays out of line.
    @inlinable get {
      DependencyReadCache.noteRead(Key.Value.self)
      if let found = storage.lookupUnretained(ObjectIdentifier(key)) {
        return found.value(as: Key.Value.self)
      }
      return defaultValue(Key.self, function: function)
    }
    // Inlinable too: the caller's module creates the scope's node for its value type (a
    // `ValueNode` holding the value) without asking the runtime for generic metadata.
    @inlinable set {
      if storage.isPreparing {
        _prepare(
          Key.self, newValue, function: function, fileID: fileID, filePath: filePath,
          line: line, column: column)
        return
      }
      _setOverride(ObjectIdentifier(key), newValue)
    }
  }

  /// Sets `key` at this level: in this scope's own node when it is not shared (the first
  /// key's inline value replaced in place, another key boxed), else in a new node created for
  /// it, a child of the shared one, holding the value inline.
  @inlinable
  mutating func _setOverride<Value>(_ key: ObjectIdentifier, _ value: consuming Value) {
    if storage.depth != 0, isKnownUniquelyReferenced(&storage) {
      let node = storage
      if node.firstKey == key, node.firstIsInline {
        // Same key, so the node was created for this value type.
        unsafeDowncast(node, to: ValueNode<Value>.self).value = value
      } else {
        node.put(key, ValueBox(value))
      }
    } else {
      // The new node takes over this value's reference to the shared one as its parent (no
      // retain and release): moved out of `storage`, which is initialized again right after.
      // Both `&storage` must be the stored property's own address, which holds while
      // `storage` is a plain stored `var` of this frozen-layout struct (no observers, no
      // library evolution): a temporary's write-back would release the parent a second time.
      let parent = Self._moveOut(&storage)
      Self._initialize(&storage, to: ValueNode(taking: parent, key: key, value: value))
    }
  }

  /// Takes the reference out of `storage` (left uninitialized, for `_initialize`).
  @inlinable @inline(__always)
  static func _moveOut(_ storage: UnsafeMutablePointer<DependencyStorage>)
    -> Unmanaged<DependencyStorage>
  {
    UnsafeMutableRawPointer(storage).load(as: Unmanaged<DependencyStorage>.self)
  }

  @inlinable @inline(__always)
  static func _initialize(
    _ storage: UnsafeMutablePointer<DependencyStorage>, to node: consuming DependencyStorage
  ) {
    storage.initialize(to: node)
  }

  /// Sets `Key` inside `prepareDependencies`.
  @usableFromInline
  func _prepare<Key: TestDependencyKey>(
    _ key: Key.Type, _ value: Key.Value, function: StaticString, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    guard let preparation = storage.preparation else { return }
    prepare(
      ObjectIdentifier(key), box: ValueBox(value), preparation: preparation,
      keyType: Key.self, name: "\(function)", fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// The default value of `Key` (no override set in this scope): prepared, or computed for the
  /// context and cached.
  @usableFromInline
  func defaultValue<Key: TestDependencyKey>(_ key: Key.Type, function: StaticString)
    -> Key.Value
  {
    let isSetting = storage.isSetting || SettingScope.isActive
    // A value from the process cache depends on the running test, and a value read while
    // setting up may still owe a report: neither may be remembered by node identity.
    if isSetting || (storage.cache === DependencyCache.global && TestFrameworks.isRunningTests) {
      DependencyReadCache.noteUncacheable()
    }
    let cache = storage.cache.resolved
    let explicit = storage.context
    return cache.value(
      Key.self, context: explicit ?? cache.preparedContext() ?? DependencyContext.default,
      contextIsDefault: explicit == nil, name: "\(function)",
      preparation: storage.preparation, isSetting: isSetting)
  }

  /// The context defaults are resolved in (`live`, `preview`, `test`).
  ///
  /// Inside `prepareDependencies` this chooses the context of the whole cache (once, and only
  /// before any default was read in the default context).
  public var context: DependencyContext {
    get {
      if let context = storage.context { return context }
      guard DependencyCache.anyContextPrepared.load(ordering: .relaxed) else {
        return DependencyContext.default
      }
      return storage.cache.resolved.preparedContext() ?? DependencyContext.default
    }
    set {
      if let preparation = storage.preparation {
        prepareContext(newValue, preparation: preparation)
        return
      }
      uniqueStorage().context = newValue
    }
  }

  /// Starts a fresh cache of default values for this scope and those inside it: stateful
  /// defaults (an in-memory store, a generator) computed from now on are not shared with other
  /// scopes. Values prepared with `prepareDependencies` outside stay visible.
  ///
  /// ```swift
  /// withDependencies { $0.useFreshCache() } operation: { … }
  /// ```
  public mutating func useFreshCache() {
    let storage = uniqueStorage()
    storage.cache = DependencyCache(parent: storage.cache.resolved)
  }

  /// Marks these values as being set up (inside a `withDependencies` closure): defaults read
  /// only to be changed are neither reported nor cached.
  package mutating func beginSetting() { uniqueStorage().isSetting = true }

  /// Ends `beginSetting()`.
  package mutating func endSetting() {
    if storage.isSetting { storage.isSetting = false }
  }

  /// Runs `update` on these values as a `withDependencies` closure.
  package mutating func update<E: Error>(_ update: (inout DependencyValues) throws(E) -> Void)
    throws(E)
  {
    beginSetting()
    defer { endSetting() }
    try update(&self)
  }

  /// This scope's own node, created (child of the shared one) on the first change.
  mutating func uniqueStorage() -> DependencyStorage {
    if !isKnownUniquelyReferenced(&storage) || storage.depth == 0 || storage.isPreparing {
      storage = DependencyStorage(parent: storage)
    }
    return storage
  }

  private func prepareContext(_ context: DependencyContext, preparation: DependencyPreparation) {
    if storage.cache.resolved.prepareContext(context, preparation: preparation) { return }
    reportIssue(
      """
      @Dependency(\\.context) has already been accessed or prepared.

        Key:
          DependencyContextKey
        Value:
          DependencyContext

      \(DependencyValues.alreadyPreparedAdvice)
      """)
  }

  static let alreadyPreparedAdvice = """
    A global dependency can only be prepared a single time and cannot be accessed \
    beforehand. Prepare dependencies as early as possible in the lifecycle of your \
    application.

    To temporarily override a dependency in your application, use 'withDependencies' to do \
    so in a well-defined scope.
    """

  private func prepare<K: TestDependencyKey>(
    _ id: ObjectIdentifier, box: AnyObject, preparation: DependencyPreparation, keyType: K.Type,
    name: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    if storage.cache.resolved.prepare(id, context: context, box: box, preparation: preparation) {
      return
    }
    let read = DependencyRead(name: name)
    reportIssue(
      """
      @Dependency(\(DependencyResolution.argument(K.self, read: read))) has already been \
      accessed or prepared.

      \(DependencyResolution.description(K.self, read: DependencyRead()))

      \(DependencyValues.alreadyPreparedAdvice)
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// A key-path-addressable stand-in for `subscript(key:)`, used by `@Dependency(Key.self)`.
struct KeyToken<Key: TestDependencyKey>: Hashable, Sendable {}

extension DependencyValues {
  subscript<Key: TestDependencyKey>(token token: KeyToken<Key>) -> Key.Value {
    self[Key.self, function: "subscript(key:)"]
  }
}
