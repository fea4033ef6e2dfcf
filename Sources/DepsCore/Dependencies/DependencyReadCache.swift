// A small per-thread table remembering the last value each `@Dependency` site read under a
// given pair of storage nodes. Nodes never change once shared, and each slot holds strong
// references to its nodes and key path, so an address match always means the same inputs.
// Being per thread, it needs no lock. Only single-component key paths (`\.date`, a
// `DependencyValues` property) are cached: a narrowed path (`\.date.now`) may compute a new
// value on every read.

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

  /// Counts the key reads of one slow `@Dependency` read on this thread, to decide whether
  /// its result may be cached: only when the key path did exactly one `self[Key.self]` read
  /// whose value has the result's type (a plain `DependencyValues` property). A property that
  /// computes something (`var tick: Int { self[Clock.self].tick() }`) or a narrowed path
  /// (`\.date.now`) reads a different type, so it is re-evaluated on every read.
  final class ReadProbe {
    var reads = 0
    var valueType: Any.Type?
  }

  private static let probeKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Installs `probe` as this thread's probe; returns the previous one (to restore).
  static func swapProbe(_ probe: ReadProbe?) -> ReadProbe? {
    let previous = pthread_getspecific(probeKey).map {
      Unmanaged<ReadProbe>.fromOpaque($0).takeRetainedValue()
    }
    pthread_setspecific(probeKey, probe.map { Unmanaged.passRetained($0).toOpaque() })
    return previous
  }

  /// Called by `DependencyValues.subscript(key:)` for every default or override it returns.
  @inline(__always)
  static func noteRead(_ valueType: Any.Type) {
    guard let raw = pthread_getspecific(probeKey) else { return }
    let probe = Unmanaged<ReadProbe>.fromOpaque(raw).takeUnretainedValue()
    probe.reads += 1
    probe.valueType = valueType
  }
}
