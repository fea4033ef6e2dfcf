// Overrides applied to a store that is already open (the REPL's `s.dependencies.path = …`):
// later actions and effects see them, running effects keep what they captured, and a traced
// store traces the overridden dependencies with the override's layer and `file:line`.

extension BridgedStore {
  /// Applies `overrides` to the open store's dependencies; later actions and the effects they
  /// start see them. Does nothing once the store is closed.
  public func applyOverrides(_ overrides: DependencyOverrides) {
    (self as? any OverridableBridgedStore)?.applyToDependencies(overrides)
  }
}

private protocol OverridableBridgedStore {
  func applyToDependencies(_ overrides: DependencyOverrides)
}

extension SwiftBridgedStore: OverridableBridgedStore {
  fileprivate func applyToDependencies(_ overrides: DependencyOverrides) {
    let core = store.core
    core.lock.withLock { overrides.applyToOpenStore(&core.dependencies) }
  }
}

extension DependencyOverrides {
  /// Applies these overrides to an open store's `values`; when the store is traced, its trace
  /// notes them and traces the overridden dependencies from now on.
  func applyToOpenStore(_ values: inout DependencyValues) {
    apply(to: &values)
    if let trace = values.dependencyTrace {
      trace.noteOverrides(overriddenPaths, sites: sites)
      values = values.instrumented(for: trace, only: Set(overriddenPaths))
    }
  }
}
