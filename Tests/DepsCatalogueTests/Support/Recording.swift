// Counting calls and registering the seed catalogue, for the catalogue's tests.
@testable import DepsCatalogue
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
import Synchronization

/// A counter shared between a test and the closures it installs.
final class EvaluationCounter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  /// Increments and returns the new count.
  @discardableResult
  func increment() -> Int {
    count.withLock {
      $0 += 1; return $0
    }
  }
}

/// Registers the built-in paths and the seed catalogue into the process-wide registries (they
/// start empty), once.
func registerSeedCatalogue() { _ = seedCatalogueRegistered }
private let seedCatalogueRegistered: Bool = {
  DepsModule.builtins.register()
  SeedCatalogue.module.register()
  return true
}()
