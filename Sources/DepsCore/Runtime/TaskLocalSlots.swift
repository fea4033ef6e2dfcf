// Task-local values bound and read straight through the concurrency runtime's entry points
// `swift_task_localValuePush`, `swift_task_localValuePop` and `swift_task_localValueGet`
// (found by name): what `TaskLocal.withValue` and `TaskLocal.get` do, without their
// unspecialized generic paths and without copying (retaining) the value on a read.
//
// Assumptions, checked once on first use (`check`): the three symbols exist; a `TaskLocal` keys
// its value by the address of the `TaskLocal` object and stores the value inline in the slot
// `get` returns; the values bound here (`DependencyValues`, `EffectContext?`) are one strong
// reference; `push` takes the value at +1 and `pop` releases it; the C calling convention
// passes these pointer arguments as the runtime's Swift convention expects. The check binds
// probe values both ways (fast push → public `get`, public `withValue` → fast read) and checks
// the reference is released after the pop. When it fails, or with `DEPS_SAFE_RUNTIME=1`, every
// caller uses `withValue` and `get`.
import Synchronization

/// The runtime's read, called directly on the hot paths (the same function `Entries.get` finds
/// by name); only ever called once `TaskLocalRuntime.usesFast` said so.
@_silgen_name("swift_task_localValueGet")
private func taskLocalValueGet(key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

@usableFromInline
enum TaskLocalRuntime {
  typealias Push = @convention(c) (
    _ key: UnsafeRawPointer, _ value: UnsafeMutableRawPointer, _ type: UnsafeRawPointer
  ) -> Void
  typealias Pop = @convention(c) () -> Void
  typealias Get = @convention(c) (_ key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

  /// The runtime entry points.
  @usableFromInline
  struct Entries: @unchecked Sendable {
    let push: Push
    let pop: Pop
    let get: Get
  }

  /// The entry points, when found, checked, and not switched off; nil means the safe path.
  static let fast: Entries? = {
    guard !RuntimeSwitch.isSafeForced, let entries = resolve(), check(entries) else { return nil }
    return entries
  }()

  /// `fast != nil`, as a statically initialized flag (0: not decided yet, 1: fast, 2: safe),
  /// so a hot read costs one load instead of a lazy global's once-check.
  private static let mode = Atomic<UInt8>(0)

  /// Whether the fast path is used.
  @inline(__always)
  static var usesFast: Bool {
    let mode = mode.load(ordering: .acquiring)
    if _fastPath(mode == 1) { return true }
    return mode == 0 ? decideMode() : false
  }

  @inline(never)
  private static func decideMode() -> Bool {
    let usable = fast != nil
    if let fast {
      dependenciesKeyWord.store(
        UInt(bitPattern: key(DependencyValues.$_current)), ordering: .relaxed)
      pushWord.store(UInt(bitPattern: unsafeBitCast(fast.push, to: Int.self)), ordering: .relaxed)
      popWord.store(UInt(bitPattern: unsafeBitCast(fast.pop, to: Int.self)), ordering: .relaxed)
      rootWord.store(UInt(bitPattern: rootStorageAddress), ordering: .relaxed)
    }
    mode.store(usable ? 1 : 2, ordering: .releasing)
    return usable
  }

  /// The address of `DependencyValues.$_current` (set before `mode` becomes 1), so a hot read
  /// skips the lazy global's once-check.
  private static let dependenciesKeyWord = Atomic<UInt>(0)

  /// `fast`'s push and pop (set before `mode` becomes 1), called by a scope without the lazy
  /// global's once-check.
  private static let pushWord = Atomic<UInt>(0)
  private static let popWord = Atomic<UInt>(0)
  /// `rootStorageAddress` (set before `mode` becomes 1), for the unbound reads.
  private static let rootWord = Atomic<UInt>(0)

  /// The root storage node (what an unbound `_current` holds); only once `usesFast` said so.
  @inline(__always)
  private static var fastRoot: Unmanaged<DependencyStorage> {
    Unmanaged.fromOpaque(
      UnsafeRawPointer(bitPattern: rootWord.load(ordering: .relaxed)).unsafelyUnwrapped)
  }

  /// The runtime key of `DependencyValues._current`; only once `usesFast` said so.
  @inline(__always)
  private static var dependenciesKey: UnsafeRawPointer {
    UnsafeRawPointer(bitPattern: dependenciesKeyWord.load(ordering: .relaxed)).unsafelyUnwrapped
  }

  /// The entry points found by name (unchecked).
  static func resolve() -> Entries? {
    guard let push = RuntimeSwitch.symbol("swift_task_localValuePush"),
      let pop = RuntimeSwitch.symbol("swift_task_localValuePop"),
      let get = RuntimeSwitch.symbol("swift_task_localValueGet")
    else { return nil }
    return Entries(
      push: unsafeBitCast(push, to: Push.self), pop: unsafeBitCast(pop, to: Pop.self),
      get: unsafeBitCast(get, to: Get.self))
  }

  // MARK: The primitives (only through `fast` or a checked `Entries`)

  /// The runtime's key of `local`: the address of the `TaskLocal` object.
  @inline(__always)
  static func key<V>(_ local: TaskLocal<V>) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(local).toOpaque())
  }

  /// Binds `local` to the one-reference value `reference` (a `V` whose whole layout is that
  /// reference) until the matching `pop`.
  @inline(__always)
  static func push<V>(
    _ entries: Entries, _ local: TaskLocal<V>, reference: AnyObject, type: V.Type
  ) {
    // The runtime takes the value at +1 (initialize-with-take).
    var retained = Unmanaged.passRetained(reference).toOpaque()
    entries.push(key(local), &retained, unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self))
  }

  /// The reference held by `local`'s innermost binding on this task/thread (nil: unbound).
  @inline(__always)
  static func boundReference<V>(_ entries: Entries, _ local: TaskLocal<V>) -> UnsafeRawPointer? {
    guard let slot = entries.get(key(local)) else { return nil }
    return slot.load(as: UnsafeRawPointer?.self)
  }

  // MARK: The check

  private final class ProbeObject: Sendable {}
  /// Shaped like `DependencyValues`: a struct of one reference.
  private struct ProbeValues: Sendable { let object: ProbeObject }
  private enum Probe {
    static let root = ProbeObject()
    @TaskLocal static var values = ProbeValues(object: root)
    /// Shaped like `EffectContext?`.
    @TaskLocal static var optional: ProbeObject?
  }

  /// Whether `entries` behave as assumed (see the top of this file).
  static func check(_ entries: Entries) -> Bool {
    let word = MemoryLayout<UnsafeRawPointer>.size
    guard MemoryLayout<DependencyValues>.size == word, MemoryLayout<EffectContext?>.size == word,
      MemoryLayout<ProbeValues>.size == word, MemoryLayout<ProbeObject?>.size == word,
      boundReference(entries, Probe.$values) == nil,
      boundReference(entries, Probe.$optional) == nil
    else { return false }
    func address(_ object: AnyObject) -> UnsafeRawPointer {
      UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    }
    weak var released: ProbeObject?
    var passed = true
    do {
      // A fast push seen by the public getter, and released by the pop.
      let object = ProbeObject()
      released = object
      push(entries, Probe.$values, reference: object, type: ProbeValues.self)
      passed = passed && Probe.values.object === object
        && boundReference(entries, Probe.$values) == address(object)
        && taskLocalValueGet(key: key(Probe.$values)) == entries.get(key(Probe.$values))
      entries.pop()
      passed = passed && Probe.values.object === Probe.root
        && boundReference(entries, Probe.$values) == nil
      // A public binding seen by the fast read.
      Probe.$values.withValue(ProbeValues(object: object)) {
        passed = passed && boundReference(entries, Probe.$values) == address(object)
      }
      // The same for an optional reference.
      push(entries, Probe.$optional, reference: object, type: ProbeObject?.self)
      passed = passed && Probe.optional === object
        && boundReference(entries, Probe.$optional) == address(object)
      entries.pop()
      passed = passed && Probe.optional == nil
      Probe.$optional.withValue(object) {
        passed = passed && boundReference(entries, Probe.$optional) == address(object)
      }
    }
    return passed && released == nil
  }
}

// MARK: - The APIs the rest of DepsCore uses

extension TaskLocalRuntime {
  /// Runs `body` with `values` as `DependencyValues._current` on this task (or thread).
  @inline(__always)
  static func withDependencies<R, E: Error>(
    _ values: DependencyValues, _ body: () throws(E) -> R
  ) throws(E) -> R {
    guard let fast else { return try withDependenciesSafely(values, body) }
    return try withDependencies(fast, values, body)
  }

  /// `withDependencies` through `entries` (the fast path; tests call it explicitly).
  @inline(__always)
  static func withDependencies<R, E: Error>(
    _ entries: Entries, _ values: DependencyValues, _ body: () throws(E) -> R
  ) throws(E) -> R {
    push(entries, DependencyValues.$_current, reference: values.storage,
      type: DependencyValues.self)
    defer { entries.pop() }
    return try body()
  }

  /// Binds `_current` to the storage node `node` until `popDependencies()`, taking over the
  /// caller's reference (the pop releases it): what `withDependencies` does on entry, through
  /// the runtime's push called directly. Only once `usesFast` said so.
  @inline(__always)
  static func pushDependencies(handingOver node: Unmanaged<DependencyStorage>) {
    var value = node.toOpaque()
    let push = unsafeBitCast(Int(bitPattern: pushWord.load(ordering: .relaxed)), to: Push.self)
    push(dependenciesKey, &value,
      unsafeBitCast(DependencyValues.self as Any.Type, to: UnsafeRawPointer.self))
  }

  /// Ends what `pushDependencies` started (releasing its node).
  @inline(__always)
  static func popDependencies() {
    unsafeBitCast(Int(bitPattern: popWord.load(ordering: .relaxed)), to: Pop.self)()
  }

  /// `withDependencies` through `TaskLocal.withValue` (the safe path).
  static func withDependenciesSafely<R, E: Error>(
    _ values: DependencyValues, _ body: () throws(E) -> R
  ) throws(E) -> R {
    let result: Result<R, E> = DependencyValues.$_current.withValue(values) {
      do throws(E) { return .success(try body()) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// The address of the storage node current on this task/thread, without retaining it (for
  /// identity comparisons; the node lives as long as the scope that bound it).
  @inline(__always)
  static var currentStorageAddress: UnsafeRawPointer {
    guard usesFast else { return currentStorageAddressSafely }
    guard let slot = taskLocalValueGet(key: dependenciesKey) else {
      return UnsafeRawPointer(fastRoot.toOpaque())
    }
    return slot.load(as: UnsafeRawPointer.self)
  }

  /// The storage node bound on this task/thread, nil when nothing is bound (then the root is
  /// current): for a new `@Dependency`, which then retains nothing for it. (A root bound
  /// explicitly is returned as itself.)
  @inline(__always)
  static var currentStorageUnlessRoot: DependencyStorage? {
    guard usesFast else {
      let storage = DependencyValues.$_current.get().storage
      return storage === DependencyStorage.root ? nil : storage
    }
    guard let slot = taskLocalValueGet(key: dependenciesKey) else { return nil }
    return slot.load(as: DependencyStorage.self)
  }

  /// `currentStorageAddress` through `entries`.
  @inline(__always)
  static func currentStorageAddress(_ entries: Entries) -> UnsafeRawPointer {
    boundReference(entries, DependencyValues.$_current) ?? rootStorageAddress
  }

  /// `currentStorageAddress` through `TaskLocal.get`.
  static var currentStorageAddressSafely: UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(DependencyValues.$_current.get().storage).toOpaque())
  }

  /// The values current on this task/thread (what `DependencyValues._current` returns; the
  /// safe path is `TaskLocal.get`).
  @inline(__always)
  static var currentDependencies: DependencyValues {
    guard usesFast else { return DependencyValues.$_current.get() }
    guard let slot = taskLocalValueGet(key: dependenciesKey) else {
      return DependencyValues(storage: fastRoot.takeUnretainedValue())
    }
    return slot.assumingMemoryBound(to: DependencyValues.self).pointee
  }

  /// `currentDependencies` through `entries`.
  @inline(__always)
  static func currentDependencies(_ entries: Entries) -> DependencyValues {
    guard let slot = entries.get(key(DependencyValues.$_current)) else {
      return DependencyValues()
    }
    return slot.assumingMemoryBound(to: DependencyValues.self).pointee
  }

  /// Makes `context` the current effect context until `unbindEffectContext()` (same task,
  /// innermost first), without a closure (an effect pays no extra async frame). False (nothing
  /// bound) on the safe path: the caller then uses `EffectContext.$current.withValue`.
  static func bindEffectContext(_ context: EffectContext) -> Bool {
    guard let fast else { return false }
    push(fast, EffectContext.$current, reference: context, type: EffectContext?.self)
    return true
  }

  /// Ends what a successful `bindEffectContext` started.
  static func unbindEffectContext() {
    fast?.pop()
  }

  /// The address of `DependencyStorage.root` (what an unbound `_current` holds).
  nonisolated(unsafe) static let rootStorageAddress = UnsafeRawPointer(
    Unmanaged.passUnretained(DependencyStorage.root).toOpaque())
}
