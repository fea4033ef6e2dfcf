// Counts calls of the catalogue's live implementations, so the test suites can prove that no
// test ever reached a live endpoint ("never live in tests").
import Synchronization

/// Per-endpoint counts of live-implementation calls in this process.
package enum LiveCalls {
  private static let counts = Mutex<[String: Int]>([:])

  /// Records one live call of `endpoint` (e.g. `"numberFact.fetch"`).
  package static func record(_ endpoint: String) {
    counts.withLock { $0[endpoint, default: 0] += 1 }
  }

  /// The live calls recorded so far, by endpoint.
  package static var snapshot: [String: Int] { counts.withLock { $0 } }

  /// Total live calls so far.
  package static var total: Int { counts.withLock { $0.values.reduce(0, +) } }
}
