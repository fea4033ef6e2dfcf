// The address of the current storage node, read straight from the task-local slot of
// `DependencyValues._current` without copying (so without a retain/release pair and without
// `TaskLocal.get`'s unspecialized generic path): ~60 instructions instead of ~125 per read.
// `TaskLocal` keys its value by the address of the `TaskLocal` object and stores the value
// inline, which for `DependencyValues` is its one `storage` reference.

@_silgen_name("swift_task_localValueGet")
private func taskLocalValueGet(key: UnsafeRawPointer) -> UnsafeMutableRawPointer?

extension DependencyValues {
  /// The address of the storage node current on this task/thread (for identity comparisons;
  /// the node stays alive as long as the scope that bound it).
  @inline(__always)
  static var currentStorageAddress: UnsafeRawPointer {
    guard MemoryLayout<DependencyValues>.size == MemoryLayout<UnsafeRawPointer>.size else {
      return UnsafeRawPointer(Unmanaged.passUnretained(_current.storage).toOpaque())
    }
    let key = UnsafeRawPointer(Unmanaged.passUnretained($_current).toOpaque())
    guard let slot = taskLocalValueGet(key: key) else { return rootAddress }
    return slot.load(as: UnsafeRawPointer.self)
  }

  /// The values current on this task/thread: `_current`, without `TaskLocal.get`'s generic
  /// path.
  @inline(__always)
  static var currentFast: DependencyValues {
    guard MemoryLayout<DependencyValues>.size == MemoryLayout<UnsafeRawPointer>.size else {
      return _current
    }
    let key = UnsafeRawPointer(Unmanaged.passUnretained($_current).toOpaque())
    guard let slot = taskLocalValueGet(key: key) else { return DependencyValues() }
    return slot.assumingMemoryBound(to: DependencyValues.self).pointee
  }

  /// The address of `DependencyStorage.root` (what an unbound `_current` holds).
  nonisolated(unsafe) private static let rootAddress = UnsafeRawPointer(
    Unmanaged.passUnretained(DependencyStorage.root).toOpaque())
}
