// Task-local values bound and read straight through the concurrency runtime's entry points
// `swift_task_localValuePush`, `swift_task_localValuePop` and `swift_task_localValueGet`
// (found by name at first use, never imported at load time): what `TaskLocal.withValue` and
// `TaskLocal.get` do, without their unspecialized generic paths and without copying (retaining)
// the value on a read. Only for task-locals whose value is one strong reference (a struct of one
// class reference, or an optional class reference); the caller checks its own value's layout
// with `isOneReference(_:)`.
//
// Assumptions, checked once on first use (`check`): the three symbols exist; a `TaskLocal` keys
// its value by the address of the `TaskLocal` object and stores the value inline in the slot
// `get` returns; `push` takes the value at +1 and `pop` releases it; the C calling convention
// passes these pointer arguments as the runtime's Swift convention expects. The check binds
// probe values both ways (fast push → public `get`, public `withValue` → fast read) and checks
// the reference is released after the pop. When it fails, or with `DEPS_SAFE_RUNTIME=1`, every
// caller uses `withValue` and `get` (`usesFast` is false).
import Synchronization

/// The runtime's task-local entry points, for one-reference task-locals.
@usableFromInline
package enum TaskLocalRuntime {
  @usableFromInline typealias Push =
    @convention(c) (
      _ key: UnsafeRawPointer, _ value: UnsafeMutableRawPointer, _ type: UnsafeRawPointer
    ) -> Void
  @usableFromInline typealias Pop = @convention(c) () -> Void
  @usableFromInline typealias Get =
    @convention(c) (_ key: UnsafeRawPointer)
    -> UnsafeMutableRawPointer?

  /// The entry points.
  package struct Entries: @unchecked Sendable {
    let push: Push
    let pop: Pop
    let get: Get
  }

  /// The entry points, when found, checked, and not switched off; nil means the safe path.
  package static let fast: Entries? = {
    guard !RuntimeSwitch.isSafeForced, !RuntimeSwitch.failsCheck("task_locals"),
      let entries = resolve(), check(entries)
    else {
      return nil
    }
    return entries
  }()

  /// `fast != nil`, as a statically initialized flag (0: not decided yet, 1: fast, 2: safe),
  /// so a hot read costs one load instead of a lazy global's once-check.
  @usableFromInline static let mode = Atomic<UInt8>(0)

  /// `fast`'s entry points as words (set before `mode` becomes 1), called without the lazy
  /// global's once-check.
  @usableFromInline static let pushWord = Atomic<UInt>(0)
  @usableFromInline static let popWord = Atomic<UInt>(0)
  @usableFromInline static let getWord = Atomic<UInt>(0)

  /// Whether the fast path is used.
  @inlinable @inline(__always)
  package static var usesFast: Bool {
    let mode = mode.load(ordering: .acquiring)
    if _fastPath(mode == 1) { return true }
    return mode == 0 ? decideMode() : false
  }

  @usableFromInline @inline(never)
  static func decideMode() -> Bool {
    let usable = fast != nil
    if let fast {
      pushWord.store(UInt(bitPattern: unsafeBitCast(fast.push, to: Int.self)), ordering: .relaxed)
      popWord.store(UInt(bitPattern: unsafeBitCast(fast.pop, to: Int.self)), ordering: .relaxed)
      getWord.store(UInt(bitPattern: unsafeBitCast(fast.get, to: Int.self)), ordering: .relaxed)
    }
    mode.store(usable ? 1 : 2, ordering: .releasing)
    return usable
  }

  /// The entry points found by name (unchecked).
  package static func resolve() -> Entries? {
    guard let push = RuntimeSwitch.symbol("swift_task_localValuePush"),
      let pop = RuntimeSwitch.symbol("swift_task_localValuePop"),
      let get = RuntimeSwitch.symbol("swift_task_localValueGet")
    else { return nil }
    return Entries(
      push: unsafeBitCast(push, to: Push.self), pop: unsafeBitCast(pop, to: Pop.self),
      get: unsafeBitCast(get, to: Get.self))
  }

  /// Whether `V`'s whole layout is one reference (what the fast path can bind and read).
  @inlinable
  package static func isOneReference<V>(_ type: V.Type) -> Bool {
    MemoryLayout<V>.size == MemoryLayout<UnsafeRawPointer>.size && !_isPOD(V.self)
  }

  // MARK: The primitives (only once `usesFast` said so)

  /// The runtime's key of `local`: the address of the `TaskLocal` object.
  @inlinable @inline(__always)
  package static func key<V>(_ local: TaskLocal<V>) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(local).toOpaque())
  }

  /// Binds the task-local keyed `key` (of value type `type`, one reference) to the reference
  /// `handingOver` until the matching `pop()`, which releases it: the caller hands over one
  /// retain.
  @inlinable @inline(__always)
  package static func push(
    key: UnsafeRawPointer, handingOver reference: UnsafeMutableRawPointer, type: Any.Type
  ) {
    var value = reference
    let push = unsafeBitCast(Int(bitPattern: pushWord.load(ordering: .relaxed)), to: Push.self)
    push(key, &value, unsafeBitCast(type, to: UnsafeRawPointer.self))
  }

  /// Binds `local` to `reference` (retained for the binding) until the matching `pop()`.
  @inlinable @inline(__always)
  package static func push<V>(_ local: TaskLocal<V>, reference: AnyObject) {
    push(
      key: key(local), handingOver: Unmanaged.passRetained(reference).toOpaque(),
      type: V.self)
  }

  /// Ends the innermost binding made with `push` on this task/thread (releasing its value).
  @inlinable @inline(__always)
  package static func pop() {
    unsafeBitCast(Int(bitPattern: popWord.load(ordering: .relaxed)), to: Pop.self)()
  }

  /// The reference held by the innermost binding of the task-local keyed `key` on this
  /// task/thread, unretained; nil when it is unbound.
  @inlinable @inline(__always)
  package static func boundReference(key: UnsafeRawPointer) -> UnsafeRawPointer? {
    let get = unsafeBitCast(Int(bitPattern: getWord.load(ordering: .relaxed)), to: Get.self)
    guard let slot = get(key) else { return nil }
    return slot.load(as: UnsafeRawPointer?.self)
  }

  /// The value of the innermost binding of the task-local keyed `key` (a one-reference `V`),
  /// copied out of its slot; nil when it is unbound.
  @inlinable @inline(__always)
  package static func boundValue<V>(key: UnsafeRawPointer, as type: V.Type) -> V? {
    let get = unsafeBitCast(Int(bitPattern: getWord.load(ordering: .relaxed)), to: Get.self)
    guard let slot = get(key) else { return nil }
    return slot.assumingMemoryBound(to: V.self).pointee
  }

  /// Binds the task-local keyed `key` to `reference` (retained for the binding) when the fast
  /// path is used; false (nothing bound) otherwise. One call for a module above, so the words
  /// it reads stay here.
  @inline(never)
  package static func pushIfFast(key: UnsafeRawPointer, reference: AnyObject, type: Any.Type)
    -> Bool
  {
    guard usesFast else { return false }
    push(key: key, handingOver: Unmanaged.passRetained(reference).toOpaque(), type: type)
    return true
  }

  /// Ends what a successful `pushIfFast` bound.
  @inline(never)
  package static func popFast() { pop() }

  // MARK: The check

  private final class ProbeObject: Sendable {}
  /// A struct of one reference.
  private struct ProbeValues: Sendable { let object: ProbeObject }
  private enum Probe {
    static let root = ProbeObject()
    @TaskLocal static var values = ProbeValues(object: root)
    /// An optional reference.
    @TaskLocal static var optional: ProbeObject?
  }

  private static func bound<V>(_ entries: Entries, _ local: TaskLocal<V>) -> UnsafeRawPointer? {
    guard let slot = entries.get(key(local)) else { return nil }
    return slot.load(as: UnsafeRawPointer?.self)
  }

  private static func push<V>(_ entries: Entries, _ local: TaskLocal<V>, _ object: AnyObject) {
    var retained = Unmanaged.passRetained(object).toOpaque()
    entries.push(
      key(local), &retained, unsafeBitCast(V.self as Any.Type, to: UnsafeRawPointer.self))
  }

  /// Whether `entries` behave as assumed (see the top of this file).
  static func check(_ entries: Entries) -> Bool {
    guard isOneReference(ProbeValues.self), isOneReference(ProbeObject?.self),
      bound(entries, Probe.$values) == nil, bound(entries, Probe.$optional) == nil
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
      push(entries, Probe.$values, object)
      passed =
        passed && Probe.values.object === object
        && bound(entries, Probe.$values) == address(object)
      entries.pop()
      passed = passed && Probe.values.object === Probe.root && bound(entries, Probe.$values) == nil
      // A public binding seen by the fast read.
      Probe.$values.withValue(ProbeValues(object: object)) {
        passed = passed && bound(entries, Probe.$values) == address(object)
      }
      // The same for an optional reference.
      push(entries, Probe.$optional, object)
      passed =
        passed && Probe.optional === object
        && bound(entries, Probe.$optional) == address(object)
      entries.pop()
      passed = passed && Probe.optional == nil
      Probe.$optional.withValue(object) {
        passed = passed && bound(entries, Probe.$optional) == address(object)
      }
    }
    return passed && released == nil
  }
}
