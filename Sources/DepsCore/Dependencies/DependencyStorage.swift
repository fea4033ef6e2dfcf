// The storage behind `DependencyValues`: an immutable-once-shared chain of small nodes.
// A scope (`withDependencies`, a store) adds one node holding only the keys it changed, whose
// parent is the enclosing scope's node, so entering a scope costs one allocation and never
// copies a dictionary: the node's first key is held inline (most scopes set one or two), the
// others in an array allocated only for a second key. A node is mutated in place only while uniquely referenced (copy on
// write); once pushed as `_current` or captured, it never changes — which is what lets
// `@Dependency` cache a read by node identity. (So no dynamic exclusivity checks are needed on
// its fields: `@exclusivity(unchecked)` saves ~60 instructions per access.)

@usableFromInline
final class DependencyStorage: @unchecked Sendable {
  struct Entry {
    let key: ObjectIdentifier
    var value: AnyObject
  }

  /// The enclosing scope's node; lookups fall through to it.
  @usableFromInline let parent: DependencyStorage?
  /// The first key set at this level (nil: none yet) and its value.
  @usableFromInline @exclusivity(unchecked) var firstKey: ObjectIdentifier?
  @usableFromInline @exclusivity(unchecked) var firstValue: AnyObject?
  /// The other keys set at this level, in the order they were first set.
  @exclusivity(unchecked) private var moreEntries: [Entry] = []
  /// `!moreEntries.isEmpty`, kept as a plain flag for the inlined lookup.
  @usableFromInline @exclusivity(unchecked) var hasMoreEntries = false
  /// Keys set at this level, in the order they were first set.
  var entries: [Entry] {
    guard let firstKey, let firstValue else { return [] }
    return [Entry(key: firstKey, value: firstValue)] + moreEntries
  }
  /// The explicitly set context in effect (inherited from the parent at creation).
  @exclusivity(unchecked) var context: DependencyContext?
  /// The cache of default values in effect (inherited from the parent at creation).
  @exclusivity(unchecked) var cache: DependencyCache
  /// The `prepareDependencies` call this temporary node belongs to (nil for every other node).
  let preparation: DependencyPreparation?
  /// True for the temporary node `prepareDependencies` hands to its closure.
  var isPreparing: Bool { preparation != nil }
  /// True while a `withDependencies` closure is setting these values up.
  @exclusivity(unchecked) var isSetting = false
  /// Number of nodes from the root (root = 0).
  let depth: Int

  /// The shared empty root: no overrides, the process-wide default cache.
  static let root = DependencyStorage()

  private init() {
    parent = nil
    context = nil
    cache = DependencyCache.global
    preparation = nil
    depth = 0
  }

  init(parent: DependencyStorage, preparation: DependencyPreparation? = nil) {
    self.parent = parent
    self.context = parent.context
    self.cache = parent.cache
    self.preparation = preparation
    self.depth = parent.depth + 1
  }

  /// The most recent value set for `key` in this chain, if any.
  @inlinable @inline(__always)
  func lookup(_ key: ObjectIdentifier) -> AnyObject? {
    var node: DependencyStorage? = self
    while let current = node {
      if current.firstKey == key { return current.firstValue }
      if current.hasMoreEntries, let value = current.lookupMore(key) { return value }
      node = current.parent
    }
    return nil
  }

  /// `lookup` without retaining anything: the value's box stays alive as long as this node
  /// (the caller holds it) does.
  @inlinable @inline(__always)
  func lookupUnretained(_ key: ObjectIdentifier) -> Unmanaged<AnyObject>? {
    var node = Unmanaged.passUnretained(self)
    while true {
      let step = node._withUnsafeGuaranteedRef {
        current -> (found: Unmanaged<AnyObject>?, parent: Unmanaged<DependencyStorage>?) in
        if current.firstKey == key, let value = current.firstValue {
          return (Unmanaged.passUnretained(value), nil)
        }
        if current.hasMoreEntries, let value = current.lookupMore(key) {
          return (Unmanaged.passUnretained(value), nil)
        }
        return (nil, current.parent.map { Unmanaged.passUnretained($0) })
      }
      if let found = step.found { return found }
      guard let parent = step.parent else { return nil }
      node = parent
    }
  }

  @usableFromInline
  func lookupMore(_ key: ObjectIdentifier) -> AnyObject? {
    for entry in moreEntries where entry.key == key { return entry.value }
    return nil
  }

  /// Sets `key` at this level (the caller guarantees this node is not shared).
  func put(_ key: ObjectIdentifier, _ value: AnyObject) {
    if firstKey == nil || firstKey == key {
      firstKey = key
      firstValue = value
    } else if let index = moreEntries.firstIndex(where: { $0.key == key }) {
      moreEntries[index].value = value
    } else {
      moreEntries.append(Entry(key: key, value: value))
      hasMoreEntries = true
    }
  }

  /// True if `ancestor` is this node or one of its parents.
  func descends(from ancestor: DependencyStorage) -> Bool {
    var node: DependencyStorage? = self
    while let current = node {
      if current === ancestor { return true }
      if current.depth < ancestor.depth { return false }
      node = current.parent
    }
    return false
  }

  /// Every entry of the chain, oldest first (a later entry overrides an earlier one).
  func flattenedEntries() -> [Entry] {
    var chain: [DependencyStorage] = []
    var node: DependencyStorage? = self
    while let current = node {
      chain.append(current)
      node = current.parent
    }
    return chain.reversed().flatMap(\.entries)
  }
}

/// Identifies one `prepareDependencies` call: within it a key may be read (`$0.client.endpoint =
/// …` reads the client first) and written any number of times.
final class DependencyPreparation: Sendable {}
