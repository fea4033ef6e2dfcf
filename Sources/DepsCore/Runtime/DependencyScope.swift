// Binds a store's dependencies as `DependencyValues._current` around a reducer call (or the
// creation of an effect's task): through the runtime's task-local push and pop when their
// check passed, else `withValue` (TaskLocalSlots.swift).

enum DependencyScope {
  /// Runs `body` with `values` current on this task (or thread).
  @inline(__always)
  static func withValues<R>(_ values: DependencyValues, _ body: () -> R) -> R {
    TaskLocalRuntime.withDependencies(values, body)
  }
}
