// Capturing reported issues and counting calls, for the catalogue's tests.
@testable import DepsCatalogue
@testable import DepsCore
import Synchronization

/// Runs `body` with a recording reporter and returns what it recorded.
func recordIssues(_ body: () async -> Void) async -> [ReportedIssue] {
  let recorder = RecordingIssueReporter()
  await withIssueReporters([recorder]) { await body() }
  return recorder.issues
}

/// The synchronous form of `recordIssues(_:)`.
func recordIssues(_ body: () -> Void) -> [ReportedIssue] {
  let recorder = RecordingIssueReporter()
  withIssueReporters([recorder]) { body() }
  return recorder.issues
}

/// A counter shared between a test and the closures it installs.
final class EvaluationCounter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  /// Increments and returns the new count.
  @discardableResult
  func increment() -> Int { count.withLock { $0 += 1; return $0 } }
}

/// Registers the built-in paths and the seed catalogue into the process-wide registries (they
/// start empty), once.
func registerSeedCatalogue() { _ = seedCatalogueRegistered }
private let seedCatalogueRegistered: Bool = {
  DepsModule.builtins.register()
  SeedCatalogue.module.register()
  return true
}()
