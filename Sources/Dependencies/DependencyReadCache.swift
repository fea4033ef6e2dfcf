// A small per-thread table remembering the last value each `@Dependency` site read under a
// given pair of storage nodes. Nodes never change once shared, and each slot holds strong
// references to its nodes, key path and value box, so an address match always means the same
// inputs. Being per thread, it needs no lock. Only single-component key paths (`\.date`, a
// `DependencyValues` property) are cached: a narrowed path (`\.date.now`) may compute a new
// value on every read.
//
// Speed: a hit compares three addresses in a flat buffer reached through one
// `pthread_getspecific`, without retaining anything but the value it returns; the strong
// references live in `owners`, touched only when a slot is stored or purged.

import Synchronization

#if canImport(Glibc)
import Glibc
#endif

@usableFromInline
package final class DependencyReadCache {
  /// What a hit compares, and the box it returns (all kept alive by `owners`).
  struct Entry {
    var site: UnsafeRawPointer?
    var current: UnsafeRawPointer?
    var initial: UnsafeRawPointer?
    var box: UnsafeRawPointer?
    /// `DependencyCache.epoch` when stored: a replaced or emptied cache invalidates the entry.
    var epoch = 0
  }

  /// The strong references behind one entry.
  final class Slot {
    let current: DependencyStorage
    /// nil: the root.
    let initial: DependencyStorage?
    let owner: AnyObject
    let box: AnyObject
    init(current: DependencyStorage, initial: DependencyStorage?, owner: AnyObject, box: AnyObject)
    {
      self.current = current
      self.initial = initial
      self.owner = owner
      self.box = box
    }
  }

  static let slotCount = 64
  let entries: UnsafeMutablePointer<Entry>
  @exclusivity(unchecked) var owners: [Slot?] = Array(repeating: nil, count: slotCount)

  init() {
    entries = .allocate(capacity: Self.slotCount)
    entries.initialize(repeating: Entry(), count: Self.slotCount)
  }

  deinit {
    entries.deinitialize(count: Self.slotCount)
    entries.deallocate()
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
      guard let raw else { return }
      Unmanaged<DependencyReadCache>.fromOpaque(raw).release()
    }
    keyPlusOne.store(UInt(key) + 1, ordering: .releasing)
    return key
  }()

  /// `key` plus one, 0 until it is created (no thread has a cache then): a statically
  /// initialized word, so a hit costs one load before `pthread_getspecific` instead of a lazy
  /// global's once-check.
  private static let keyPlusOne = Atomic<UInt>(0)

  /// This thread's cache, found through `keyPlusOne` (nil before any was created).
  @inline(__always)
  private static var thisThreadRaw: UnsafeMutableRawPointer? {
    let keyPlusOne = keyPlusOne.load(ordering: .acquiring)
    guard keyPlusOne != 0 else { return nil }
    return pthread_getspecific(pthread_key_t(truncatingIfNeeded: keyPlusOne - 1))
  }

  @inline(__always)
  private static var thisThread: DependencyReadCache? {
    guard let raw = pthread_getspecific(key) else { return nil }
    return Unmanaged<DependencyReadCache>.fromOpaque(raw).takeUnretainedValue()
  }

  @inline(__always)
  private static func index(_ site: UnsafeRawPointer) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: site) >> 4) & (slotCount - 1)
  }

  /// The box cached for `site` read under these nodes (given by address), unretained: it stays
  /// alive until this thread stores or purges the slot.
  @inline(__always)
  package static func lookup(
    current: UnsafeRawPointer, initial: UnsafeRawPointer?, site: UnsafeRawPointer
  ) -> UnsafeRawPointer? {
    guard let raw = thisThreadRaw else { return nil }
    let entries = Unmanaged<DependencyReadCache>.fromOpaque(raw)
      ._withUnsafeGuaranteedRef { $0.entries }
    let entry = entries[index(site)]
    // Compared as words: `initial` nil (the root) matches an entry stored for the root.
    guard entry.site == site, entry.current == current,
      UInt(bitPattern: entry.initial) == UInt(bitPattern: initial),
      entry.epoch == DependencyCache.epoch.load(ordering: .relaxed)
    else {
      return nil
    }
    return entry.box
  }

  static func store(
    current: DependencyStorage, initial: DependencyStorage?, site: UnsafeRawPointer,
    owner: AnyObject, box: AnyObject, epoch: Int
  ) {
    let cache: DependencyReadCache
    if let existing = thisThread {
      cache = existing
    } else {
      cache = DependencyReadCache()
      pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
    }
    let index = index(site)
    // The entry first: releasing the old slot may run deinits that read dependencies.
    cache.entries[index] = Entry(
      site: site, current: UnsafeRawPointer(Unmanaged.passUnretained(current).toOpaque()),
      initial: initial.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) },
      box: UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()), epoch: epoch)
    cache.owners[index] = Slot(current: current, initial: initial, owner: owner, box: box)
  }

  /// Drops this thread's cached reads (a store that closes calls it, so values it owned are
  /// released promptly).
  package static func purgeThisThread() {
    guard let cache = thisThread else { return }
    for index in 0..<slotCount {
      cache.entries[index] = Entry()
      cache.owners[index] = nil
    }
  }

  /// Counts the key reads of one slow `@Dependency` read on this thread, to decide whether
  /// its result may be cached: only when the key path did exactly one `self[Key.self]` read
  /// whose value has the result's type (a plain `DependencyValues` property). A property that
  /// computes something (`var tick: Int { self[Clock.self].tick() }`) or a narrowed path
  /// (`\.date.now`) reads a different type, so it is re-evaluated on every read.
  final class ReadProbe {
    @exclusivity(unchecked) var reads = 0
    @exclusivity(unchecked) var valueType: Any.Type?
    /// Set when a read's value may differ under the same nodes (see `noteUncacheable`).
    @exclusivity(unchecked) var uncacheable = false
  }

  /// The pthread key of the probes plus one; 0 until the first probe is installed (a
  /// statically initialized word: a read costs one load, and nothing more while no slow
  /// `@Dependency` read has ever run).
  private static let probeKeyPlusOne = Atomic<UInt>(0)

  private static let createdProbeKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    probeKeyPlusOne.store(UInt(key) + 1, ordering: .releasing)
    return key
  }()

  /// Installs `probe` as this thread's probe; returns the previous one (to restore).
  static func swapProbe(_ probe: ReadProbe?) -> ReadProbe? {
    let key = createdProbeKey
    let previous = pthread_getspecific(key).map {
      Unmanaged<ReadProbe>.fromOpaque($0).takeRetainedValue()
    }
    pthread_setspecific(key, probe.map { Unmanaged.passRetained($0).toOpaque() })
    return previous
  }

  /// This thread's probe, if one is installed.
  @inline(__always)
  private static var currentProbe: UnsafeMutableRawPointer? {
    let keyPlusOne = probeKeyPlusOne.load(ordering: .acquiring)
    guard keyPlusOne != 0 else { return nil }
    return pthread_getspecific(pthread_key_t(truncatingIfNeeded: keyPlusOne - 1))
  }

  /// Called by `DependencyValues.subscript(key:)` for every default or override it returns.
  @usableFromInline
  static func noteRead(_ valueType: Any.Type) {
    guard let raw = currentProbe else { return }
    Unmanaged<ReadProbe>.fromOpaque(raw)._withUnsafeGuaranteedRef { probe in
      probe.reads += 1
      probe.valueType = valueType
    }
  }

  /// Called when a default is read from the process cache in a test process (its value
  /// depends on the running test) or while setting up (its report may still be owed): such a
  /// read is not remembered.
  static func noteUncacheable() {
    guard let raw = currentProbe else { return }
    Unmanaged<ReadProbe>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.uncacheable = true }
  }
}
