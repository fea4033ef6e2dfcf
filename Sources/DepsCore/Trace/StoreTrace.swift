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
  public var dependencyTrace: DependencyTrace? { core.instrument as? DependencyTrace }
}

extension TestStore {
  /// The recorder this test store reports to: the one in its dependencies when it opened
  /// (`$0.dependencyTrace = trace`), nil without one.
  public var dependencyTrace: DependencyTrace? { core.instrument as? DependencyTrace }
}

extension DependencyTrace: StoreInstrument {
  /// The store's dependencies with every wrappable endpoint reporting to this trace.
  package func instrument(_ values: DependencyValues) -> DependencyValues {
    OpenedTraces.opened(self)
    return values.instrumented(for: self)
  }

  /// The last six steps.
  package func failureEpilogue() -> String? { failureEpilogue(count: 6) }

  /// A Swift test's end (`finish`): the overrides the trace declares and the run never called
  /// fail the test when the trace is strict, else are printed as notes (and queued).
  package func testStoreFinished(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let (failures, notes) = UnusedOverrides.report(self)
    for message in failures {
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    for note in notes {
      RuntimeWarningReporter().reportIssue(
        ReportedIssue(
          message: "note: \(note)", fileID: "\(fileID)", filePath: "\(filePath)", line: line,
          column: column))
    }
  }
}
