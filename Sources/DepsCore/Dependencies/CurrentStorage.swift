// The values current on this task/thread, read without `TaskLocal.get`'s generic path and
// without copying: through Runtime/TaskLocalSlots.swift (which falls back to `_current` when
// its check fails).

extension DependencyValues {
  /// The address of the storage node current on this task/thread (for identity comparisons;
  /// the node stays alive as long as the scope that bound it).
  @inline(__always)
  static var currentStorageAddress: UnsafeRawPointer { TaskLocalRuntime.currentStorageAddress }

  /// The values current on this task/thread: `_current`.
  @inline(__always)
  static var currentFast: DependencyValues { TaskLocalRuntime.currentDependencies }
}
