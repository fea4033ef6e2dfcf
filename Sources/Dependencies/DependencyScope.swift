// `DependencyValues._current` bound and read through the runtime's task-local entry points
// (DepsRuntime's TaskLocalRuntime): a scope, a store's send and a `@Dependency` read skip
// `TaskLocal`'s generic entry points and a retain/release. `DependencyValues` is one reference
// (its storage node), which is what the fast path can bind; when the runtime's check failed, or
// with `DEPS_SAFE_RUNTIME=1`, every call here takes `TaskLocal.withValue` and `TaskLocal.get`.
import DepsRuntime
import Synchronization

/// The binding of a store's (or a scope's) dependencies as `DependencyValues._current`.
@usableFromInline
package enum DependencyScope {
  /// 0: not decided yet, 1: the fast path, 2: the safe path (statically initialized, so a hot
  /// read costs one load).
  @usableFromInline static let mode = Atomic<UInt8>(0)
  /// The runtime key of `DependencyValues.$_current` (set before `mode` becomes 1).
  @usableFromInline static let keyWord = Atomic<UInt>(0)
  /// The address of `DependencyStorage.root`, what an unbound `_current` holds (set before
  /// `mode` becomes 1).
  @usableFromInline static let rootWord = Atomic<UInt>(0)

  /// Whether `_current` is bound and read through the runtime's entry points.
  @inlinable @inline(__always)
  package static var usesFast: Bool {
    let mode = mode.load(ordering: .acquiring)
    if _fastPath(mode == 1) { return true }
    return mode == 0 ? decideMode() : false
  }

  @usableFromInline @inline(never)
  static func decideMode() -> Bool {
    let usable =
      TaskLocalRuntime.usesFast
      && TaskLocalRuntime.isOneReference(DependencyValues.self)
    if usable {
      keyWord.store(
        UInt(bitPattern: TaskLocalRuntime.key(DependencyValues.$_current)), ordering: .relaxed)
      rootWord.store(UInt(bitPattern: rootStorageAddress), ordering: .relaxed)
    }
    mode.store(usable ? 1 : 2, ordering: .releasing)
    return usable
  }

  @usableFromInline @inline(__always)
  package static var key: UnsafeRawPointer {
    UnsafeRawPointer(bitPattern: keyWord.load(ordering: .relaxed)).unsafelyUnwrapped
  }

  /// The root storage node; only once `usesFast` said so.
  @usableFromInline @inline(__always)
  static var fastRoot: Unmanaged<DependencyStorage> {
    Unmanaged.fromOpaque(
      UnsafeRawPointer(bitPattern: rootWord.load(ordering: .relaxed)).unsafelyUnwrapped)
  }

  /// The address of `DependencyStorage.root`.
  package nonisolated(unsafe) static let rootStorageAddress = UnsafeRawPointer(
    Unmanaged.passUnretained(DependencyStorage.root).toOpaque())

  /// What `enterUnlessCurrent` did.
  package enum Entry: UInt8 {
    /// The values were current already: nothing to end.
    case alreadyCurrent
    /// The values were bound: end with `exit()`.
    case entered
    /// Nothing was bound: the caller binds them with `withValuesSafely`.
    case safePathNeeded
  }

  /// Binds `values` as `_current` unless they are current already, through the runtime's
  /// push (one call for a layer above: the words it reads stay inside this module).
  @inline(never)
  package static func enterUnlessCurrent(_ values: DependencyValues) -> Entry {
    let node = UnsafeRawPointer(Unmanaged.passUnretained(values.storage).toOpaque())
    if currentStorageAddress == node { return .alreadyCurrent }
    guard usesFast else { return .safePathNeeded }
    pushHandingOver(Unmanaged.passRetained(values.storage))
    return .entered
  }

  /// Ends what `enterUnlessCurrent` entered.
  @inline(never)
  package static func exit() { TaskLocalRuntime.pop() }

  /// The values current on this task/thread, read through the fast path when it is on (what
  /// `DependencyValues._current` returns, without `TaskLocal.get`'s unspecialized generic call
  /// in a module above).
  @inline(never)
  package static var current: DependencyValues { currentDependencies }

  /// Whether `values` are the ones current on this task/thread.
  @inline(never)
  package static func isCurrent(_ values: DependencyValues) -> Bool {
    currentStorageAddress == UnsafeRawPointer(Unmanaged.passUnretained(values.storage).toOpaque())
  }

  /// Runs `body` with `values` current on this task (or thread).
  @inlinable @inline(__always)
  package static func withValues<R, E: Error>(
    _ values: DependencyValues, _ body: () throws(E) -> R
  ) throws(E) -> R {
    guard usesFast else { return try withValuesSafely(values, body) }
    pushHandingOver(Unmanaged.passRetained(values.storage))
    defer { TaskLocalRuntime.pop() }
    return try body()
  }

  /// `withValues` through `TaskLocal.withValue` (the safe path).
  @usableFromInline
  package static func withValuesSafely<R, E: Error>(
    _ values: DependencyValues, _ body: () throws(E) -> R
  ) throws(E) -> R {
    let result: Result<R, E> = DependencyValues.$_current.withValue(values) {
      do throws(E) { return .success(try body()) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// Binds `_current` to the storage node `node` until `pop()`, taking over the caller's
  /// reference (the pop releases it). Only once `usesFast` said so.
  @usableFromInline @inline(__always)
  package static func pushHandingOver(_ node: Unmanaged<DependencyStorage>) {
    TaskLocalRuntime.push(
      key: key, handingOver: node.toOpaque(), type: DependencyValues.self)
  }

  /// Ends what `pushHandingOver` started (releasing its node).
  @usableFromInline @inline(__always)
  package static func pop() { TaskLocalRuntime.pop() }

  /// The address of the storage node current on this task/thread, without retaining it (for
  /// identity comparisons; the node lives as long as the scope that bound it).
  @inlinable @inline(__always)
  package static var currentStorageAddress: UnsafeRawPointer {
    guard usesFast else {
      return UnsafeRawPointer(
        Unmanaged.passUnretained(DependencyValues.$_current.get().storage).toOpaque())
    }
    return TaskLocalRuntime.boundReference(key: key) ?? UnsafeRawPointer(fastRoot.toOpaque())
  }

  /// The storage node bound on this task/thread, nil when nothing is bound (then the root is
  /// current): for a new `@Dependency`, which then retains nothing for it. (A root bound
  /// explicitly is returned as itself.)
  @inline(__always)
  package static var currentStorageUnlessRoot: DependencyStorage? {
    guard usesFast else {
      let storage = DependencyValues.$_current.get().storage
      return storage === DependencyStorage.root ? nil : storage
    }
    return TaskLocalRuntime.boundValue(key: key, as: DependencyStorage.self)
  }

  /// The values current on this task/thread (what `DependencyValues._current` returns).
  @inline(__always)
  package static var currentDependencies: DependencyValues {
    guard usesFast else { return DependencyValues.$_current.get() }
    return TaskLocalRuntime.boundValue(key: key, as: DependencyValues.self)
      ?? DependencyValues(storage: fastRoot.takeUnretainedValue())
  }
}

extension DependencyValues {
  /// The address of the storage node current on this task/thread (for identity comparisons;
  /// the node stays alive as long as the scope that bound it).
  @inlinable @inline(__always)
  package static var currentStorageAddress: UnsafeRawPointer {
    DependencyScope.currentStorageAddress
  }

  /// The values current on this task/thread: `_current`.
  @inline(__always)
  static var currentFast: DependencyValues { DependencyScope.currentDependencies }
}
