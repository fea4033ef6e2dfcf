// The recorder a store reports to, as each front reaches it.

extension DependencyTrace {
  /// Shows the store's actions as the feature's JSON (`incrementButtonTapped`,
  /// `{"numberFactResponse":{"success":"…"}}`).
  func describe<State, Action>(with codec: FeatureCodec<State, Action>) {
    describeAction.withLock {
      $0 = { action in
        guard let typed = action as? Action else { return DependencyTrace.describe(action) }
        return DependencyTrace.describe(codec.encodeAction(typed))
      }
    }
  }
}

extension Store {
  /// The recorder this store reports to: the one in its dependencies when it opened
  /// (`$0.dependencyTrace = trace`), nil without one.
  public var dependencyTrace: DependencyTrace? { core.trace }
}

extension TestStore {
  /// The recorder this test store reports to: the one in its dependencies when it opened
  /// (`$0.dependencyTrace = trace`), nil without one.
  public var dependencyTrace: DependencyTrace? { core.trace }
}
