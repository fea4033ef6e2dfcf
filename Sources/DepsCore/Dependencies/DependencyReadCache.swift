// A small per-thread table remembering the last value each `@Dependency` site read under a
// given pair of storage nodes. Nodes never change once shared, and each slot holds strong
// references to its nodes and key path, so an address match always means the same inputs.
// Being per thread, it needs no lock. Only single-component key paths (`\.date`, a
// `DependencyValues` property) are cached: a narrowed path (`\.date.now`) may compute a new
// value on every read.
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

final class DependencyReadCache {
  final class Slot {
    let current: DependencyStorage
    let initial: DependencyStorage
    let site: UnsafeRawPointer
    let owner: AnyObject
    let box: AnyObject
    init(
      current: DependencyStorage, initial: DependencyStorage, site: UnsafeRawPointer,
      owner: AnyObject, box: AnyObject
    ) {
      self.current = current
      self.initial = initial
      self.site = site
      self.owner = owner
      self.box = box
    }
  }

  static let slotCount = 64
  var slots: [Slot?] = Array(repeating: nil, count: slotCount)

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
      guard let raw else { return }
      Unmanaged<DependencyReadCache>.fromOpaque(raw).release()
    }
    return key
  }()

  @inline(__always)
  private static var thisThread: DependencyReadCache? {
    guard let raw = pthread_getspecific(key) else { return nil }
    return Unmanaged<DependencyReadCache>.fromOpaque(raw).takeUnretainedValue()
  }

  @inline(__always)
  private static func index(_ site: UnsafeRawPointer) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: site) >> 4) & (slotCount - 1)
  }

  @inline(__always)
  static func lookup(
    current: DependencyStorage, initial: DependencyStorage, site: UnsafeRawPointer
  ) -> AnyObject? {
    guard let cache = thisThread, let slot = cache.slots[index(site)],
      slot.site == site, slot.current === current, slot.initial === initial
    else { return nil }
    return slot.box
  }

  static func store(
    current: DependencyStorage, initial: DependencyStorage, site: UnsafeRawPointer,
    owner: AnyObject, box: AnyObject
  ) {
    let cache: DependencyReadCache
    if let existing = thisThread {
      cache = existing
    } else {
      cache = DependencyReadCache()
      pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
    }
    cache.slots[index(site)] = Slot(
      current: current, initial: initial, site: site, owner: owner, box: box)
  }

  /// Drops this thread's cached reads (a store that closes calls it, so values it owned are
  /// released promptly).
  static func purgeThisThread() {
    guard let cache = thisThread else { return }
    for index in cache.slots.indices { cache.slots[index] = nil }
  }

  /// Memo of `componentCount(_:) == 1` per key path; each entry keeps its key path alive so
  /// its address cannot be reused by another. Bounded: beyond the bound, nothing is memoized.
  private struct Stability: @unchecked Sendable {  // key paths are immutable
    let keyPath: AnyKeyPath
    let stable: Bool
  }
  private static let stability = Mutex<[ObjectIdentifier: Stability]>([:])

  /// True when `keyPath` is one `DependencyValues` property (so its value depends only on the
  /// storage it is read from).
  static func isStable(_ keyPath: AnyKeyPath) -> Bool {
    let id = ObjectIdentifier(keyPath)
    if let known = stability.withLock({ $0[id] }) { return known.stable }
    let stable = componentCount(keyPath) == 1
    stability.withLock {
      if $0.count < 4096 { $0[id] = Stability(keyPath: keyPath, stable: stable) }
    }
    return stable
  }

  /// Number of components of a key path, from its debug description
  /// (`\DependencyValues.date.now` has two).
  static func componentCount(_ keyPath: AnyKeyPath) -> Int {
    let text = keyPath.debugDescription
    guard text.hasPrefix("\\DependencyValues") else { return 0 }
    let rest = text.dropFirst("\\DependencyValues".count)
    var count = 0
    var depth = 0
    for character in rest {
      switch character {
      case "(", "[", "<": depth += 1
      case ")", "]", ">": depth -= 1
      case "." where depth == 0: count += 1
      case "?", "!": if depth == 0 { return 0 }
      default: break
      }
    }
    return count
  }
}
