// Regressions found by fuzzing (scripts/fuzz; the inputs are in Tests/Fuzz/corpus/<target>/
// under names starting with "regression-"). Each test states the crash or hang it guards.
import Foundation
import Synchronization
import Testing
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
@testable import DepsCatalogue

// In the serialized NumberFactEndpointTests suite: it calls the live client, whose LiveCalls
// count the live tests there assert exactly.
extension NumberFactEndpointTests {
  /// capi: closing a live NumberFact store while its fetch fails (connection refused) hung in
  /// URLSessionTask.cancel (swift-corelibs-foundation #5412: lock-order inversion between the
  /// cancelled task's status lock and the session's work queue), or crashed in it ("Trying to
  /// access a behaviour for a task that in not in the registry"). The loop runs on its own
  /// thread so a hang fails the test instead of hanging the suite.
  @Test func closingDuringARefusedLiveFetchNeitherHangsNorCrashes() async throws {
    let address = "http://127.0.0.1:\(try LocalHTTPServer.unusedPort())"
    let done = Mutex(false)
    let thread = Thread {
      for round in 0..<300 {
        let store = Store(initialState: NumberFact.State()) {
          NumberFact()
        } withDependencies: {
          $0.numberFact = .live(baseURL: address)
        }
        _ = store.send(.numberFactButtonTapped)
        if round % 3 != 0 { usleep(UInt32(round % 4) * 500) }
        store.close()
      }
      done.withLock { $0 = true }
    }
    thread.start()
    let deadline = ContinuousClock.now + .seconds(120)
    while !done.withLock({ $0 }), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(done.withLock { $0 }, "closing a store during a refused live fetch hung")
  }
}
