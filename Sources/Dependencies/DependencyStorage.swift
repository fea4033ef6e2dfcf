// The storage behind `DependencyValues`: an immutable-once-shared chain of small nodes.
// A scope (`withDependencies`, a store) adds one node holding only the keys it changed, whose
// parent is the enclosing scope's node, so entering a scope never copies a dictionary. The
// node is created by the scope's first change: a `ValueNode<Value>` holding that value inline
// (one allocation for the usual one-key scope, no separate box); a second key's value goes in
// a `ValueBox` in an array allocated only then. A scope that changes nothing binds its parent
// again. A node is mutated in place only while uniquely referenced (copy on write); once pushed
// as `_current` or captured, it never changes — which is what lets `@Dependency` cache a read
// by node identity. (So no dynamic exclusivity checks are needed on its fields:
// `@exclusivity(unchecked)` saves ~60 instructions per access.)

@usableFromInline
package class DependencyStorage: @unchecked Sendable {
  struct Entry {
    let key: ObjectIdentifier
    var value: AnyObject
  }

  /// The enclosing scope's node (owned: released in `deinit`); lookups fall through to it.
  @usableFromInline @exclusivity(unchecked) final var parentReference: Unmanaged<DependencyStorage>?
  /// The enclosing scope's node.
  package final var parent: DependencyStorage? { parentReference?.takeUnretainedValue() }
  /// The first key set at this level (nil: none yet).
  @usableFromInline @exclusivity(unchecked) final var firstKey: ObjectIdentifier?
  /// The first key's value as a `ValueBox`, unless `firstIsInline` (owned: released in
  /// `deinit`; a plain pointer so a node without one pays no release call).
  @usableFromInline @exclusivity(unchecked) final package var firstBox: Unmanaged<AnyObject>?
  /// True when the first key's value is held by this node itself (a `ValueNode`).
  @usableFromInline @exclusivity(unchecked) final package var firstIsInline = false
  /// `extras?.moreEntries` is not empty, kept as a plain flag for the inlined lookup.
  @usableFromInline @exclusivity(unchecked) final package var hasMoreEntries = false
  /// What few nodes have (nil: none of it), kept apart so a node's fields stay few (owned:
  /// released in `deinit`).
  @usableFromInline @exclusivity(unchecked) final var extrasReference: Unmanaged<Extras>?
  final var extras: Extras? { extrasReference?.takeUnretainedValue() }
  /// The explicitly set context in effect (inherited from the parent at creation).
  @usableFromInline @exclusivity(unchecked) final var context: DependencyContext?
  /// The cache of default values in effect (inherited from the parent at creation). An
  /// inherited cache is held by the ancestor that set it (which this node keeps alive through
  /// `parent`), so only a cache set at this level is retained here (in `extras`).
  final var cache: DependencyCache {
    get { cacheReference.takeUnretainedValue() }
    set {
      ownExtras().ownCache = newValue
      cacheReference = Unmanaged.passUnretained(newValue)
    }
  }
  @usableFromInline @exclusivity(unchecked) final var cacheReference: Unmanaged<DependencyCache>
  /// True while a `withDependencies` closure is setting these values up.
  @usableFromInline @exclusivity(unchecked) final var isSetting = false
  /// Number of nodes from the root (root = 0; no other node has depth 0).
  @usableFromInline final package let depth: Int

  /// A node's rarely used parts.
  @usableFromInline
  final class Extras {
    /// The keys set at this level after the first, in the order they were first set.
    @exclusivity(unchecked) var moreEntries: [Entry] = []
    /// The cache set at this level (see `cache`).
    @exclusivity(unchecked) var ownCache: DependencyCache?
    /// The `prepareDependencies` call this temporary node belongs to.
    @exclusivity(unchecked) var preparation: DependencyPreparation?
    init() {}
  }

  private final func ownExtras() -> Extras {
    if let extras { return extras }
    let created = Extras()
    extrasReference = Unmanaged.passRetained(created)
    return created
  }

  /// Keys set at this level, in the order they were first set.
  final var entries: [Entry] {
    let more = extras?.moreEntries ?? []
    guard let firstKey else { return more }
    return [Entry(key: firstKey, value: firstValueBox())] + more
  }

  /// The `prepareDependencies` call this temporary node belongs to (nil for every other node).
  @usableFromInline
  final var preparation: DependencyPreparation? {
    guard let extrasReference else { return nil }
    return extrasReference._withUnsafeGuaranteedRef { $0.preparation }
  }
  /// True for the temporary node `prepareDependencies` hands to its closure.
  @inlinable
  final var isPreparing: Bool { extrasReference != nil && preparation != nil }

  /// The shared empty root: no overrides, the process-wide default cache.
  package static let root = DependencyStorage()

  private init() {
    parentReference = nil
    context = nil
    cacheReference = Unmanaged.passUnretained(DependencyCache.global)
    depth = 0
    ownExtras().ownCache = DependencyCache.global
  }

  /// A child of `parent`.
  convenience init(parent: DependencyStorage, preparation: DependencyPreparation? = nil) {
    self.init(taking: Unmanaged.passRetained(parent))
    if let preparation { ownExtras().preparation = preparation }
  }

  /// A child of the node `parent` refers to, taking over that (+1) reference.
  @inlinable
  init(taking parent: Unmanaged<DependencyStorage>) {
    parentReference = parent
    (context, cacheReference, depth) = parent._withUnsafeGuaranteedRef {
      ($0.context, $0.cacheReference, $0.depth + 1)
    }
  }

  deinit {
    firstBox?.release()
    extrasReference?.release()
    if let parentReference { Self.release(parentReference) }
  }

  /// Releases `node`, and the ancestors this frees, in a loop: a long chain must not be freed by
  /// recursive deinits.
  private static func release(_ node: Unmanaged<DependencyStorage>) {
    var next: Unmanaged<DependencyStorage>? = node
    while let current = next {
      var strong = current.takeRetainedValue()
      next = nil
      if isKnownUniquelyReferenced(&strong) {
        // Last reference: its deinit would release its parent; detach it and free it here.
        next = strong.parentReference
        strong.parentReference = nil
      }
    }
  }

  /// Where a lookup found a value: a `ValueBox<Value>`, or a `ValueNode<Value>` holding it inline.
  @usableFromInline
  struct Found {
    @usableFromInline let holder: Unmanaged<AnyObject>
    @usableFromInline let isInline: Bool
    @inlinable init(holder: Unmanaged<AnyObject>, isInline: Bool) {
      self.holder = holder
      self.isInline = isInline
    }

    /// The value found, of the key's `Value` type (the caller's key decides it).
    @inlinable @inline(__always)
    package func value<Value>(as _: Value.Type) -> Value {
      holder._withUnsafeGuaranteedRef { holder in
        isInline
          ? unsafeDowncast(holder, to: ValueNode<Value>.self).value
          : unsafeDowncast(holder, to: ValueBox<Value>.self).value
      }
    }
  }

  /// The first key's value as a `ValueBox` (a new box when it is held inline).
  func firstValueBox() -> AnyObject {
    firstBox.unsafelyUnwrapped.takeUnretainedValue()
  }

  /// The most recent value set for `key` in this chain, if any, as a `ValueBox` (a new box
  /// when it is held inline by its node).
  package final func lookup(_ key: ObjectIdentifier) -> AnyObject? {
    var node: DependencyStorage? = self
    while let current = node {
      if current.firstKey == key { return current.firstValueBox() }
      if current.hasMoreEntries, let value = current.lookupMore(key) { return value }
      node = current.parent
    }
    return nil
  }

  /// Where the most recent value set for `key` in this chain is, without retaining anything:
  /// the value stays alive as long as this node (the caller holds it) does.
  @inlinable @inline(__always)
  final func lookupUnretained(_ key: ObjectIdentifier) -> Found? {
    var node = Unmanaged.passUnretained(self)
    while true {
      let step = node._withUnsafeGuaranteedRef {
        current -> (found: Found?, parent: Unmanaged<DependencyStorage>?) in
        if current.firstKey == key {
          if current.firstIsInline {
            return (Found(holder: Unmanaged.passUnretained(current), isInline: true), nil)
          }
          if let box = current.firstBox {
            return (Found(holder: box, isInline: false), nil)
          }
        }
        if current.hasMoreEntries, let value = current.lookupMore(key) {
          return (Found(holder: Unmanaged.passUnretained(value), isInline: false), nil)
        }
        return (nil, current.parentReference)
      }
      if let found = step.found { return found }
      guard let parent = step.parent else { return nil }
      node = parent
    }
  }

  @usableFromInline
  final func lookupMore(_ key: ObjectIdentifier) -> AnyObject? {
    guard let extras else { return nil }
    for entry in extras.moreEntries where entry.key == key { return entry.value }
    return nil
  }

  /// Sets `key` to `box` (a `ValueBox`) at this level (the caller guarantees this node is not
  /// shared).
  @usableFromInline
  final func put(_ key: ObjectIdentifier, _ box: AnyObject) {
    if firstKey == nil || firstKey == key {
      firstKey = key
      let replaced = firstBox
      firstBox = Unmanaged.passRetained(box)
      replaced?.release()
      firstIsInline = false
    } else {
      let extras = ownExtras()
      if let index = extras.moreEntries.firstIndex(where: { $0.key == key }) {
        extras.moreEntries[index].value = box
      } else {
        extras.moreEntries.append(Entry(key: key, value: box))
        hasMoreEntries = true
      }
    }
  }

  /// True if `ancestor` is this node or one of its parents.
  final func descends(from ancestor: DependencyStorage) -> Bool {
    var node: DependencyStorage? = self
    while let current = node {
      if current === ancestor { return true }
      if current.depth < ancestor.depth { return false }
      node = current.parent
    }
    return false
  }

  /// Every entry of the chain, oldest first (a later entry overrides an earlier one).
  final func flattenedEntries() -> [Entry] {
    var chain: [DependencyStorage] = []
    var node: DependencyStorage? = self
    while let current = node {
      chain.append(current)
      node = current.parent
    }
    return chain.reversed().flatMap(\.entries)
  }
}

/// A node created by a scope's first change, holding that value inline (no separate box).
@usableFromInline
package final class ValueNode<Value>: DependencyStorage, @unchecked Sendable {
  /// The first key's value while `firstIsInline` (a later boxed `put` of the same key leaves it
  /// unread until the node goes away).
  @usableFromInline @exclusivity(unchecked) package var value: Value

  /// A child of the node `parent` refers to (taking over that +1 reference) with `key` set to
  /// `value`.
  @inlinable
  init(taking parent: Unmanaged<DependencyStorage>, key: ObjectIdentifier, value: consuming Value) {
    self.value = value
    super.init(taking: parent)
    firstKey = key
    firstIsInline = true
  }

  override func firstValueBox() -> AnyObject {
    firstIsInline ? ValueBox(value) : super.firstValueBox()
  }
}

/// Identifies one `prepareDependencies` call: within it a key may be read (`$0.client.endpoint =
/// …` reads the client first) and written any number of times.
@usableFromInline
final class DependencyPreparation: Sendable {}
