// Helpers shared by the dependency tests: run code in a fresh default-value cache (so tests
// running in parallel never share cached or prepared defaults) while recording issues.
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting

/// Runs `operation` in a fresh cache, in `context`, with issues recorded instead of reported.
func isolated<R>(
  context: DependencyContext? = nil,
  _ operation: (RecordingIssueReporter) throws -> R
) rethrows -> R {
  let recorder = RecordingIssueReporter()
  return try withIssueReporters([recorder]) {
    try withDependencies {
      $0.useFreshCache()
      if let context { $0.context = context }
    } operation: {
      try operation(recorder)
    }
  }
}

/// Async form of `isolated(context:_:)`.
func isolated<R>(
  context: DependencyContext? = nil,
  _ operation: (RecordingIssueReporter) async throws -> R
) async rethrows -> R {
  let recorder = RecordingIssueReporter()
  return try await withIssueReporters([recorder]) {
    try await withDependencies {
      $0.useFreshCache()
      if let context { $0.context = context }
    } operation: {
      try await operation(recorder)
    }
  }
}
