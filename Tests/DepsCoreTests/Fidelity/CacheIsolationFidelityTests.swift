// Fidelity: cached defaults are isolated per test, as in swift-dependencies (its
// `testCachePollution1/2`): the process cache resolves to a cache of the running Swift Testing
// test, so a stateful default first read in one test, or a value one test prepares, is never
// what another test sees — with no helper scope in the tests below.
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
@testable import IssueReporting
@testable import DepsRuntime
import DepsTestSupport

/// A stateful default: every computed instance starts at zero.
enum FidelityCounterKey: TestDependencyKey {
  static var testValue: Tally { Tally() }
}

extension DependencyValues {
  var fidelityCounter: Tally {
    get { self[FidelityCounterKey.self] }
    set { self[FidelityCounterKey.self] = newValue }
  }
  var fidelityPrepared: FullDependency {
    get { self[FidelityPreparedKey.self] }
    set { self[FidelityPreparedKey.self] = newValue }
  }
}

enum FidelityPreparedKey: TestDependencyKey {
  static var testValue: FullDependency { FullDependency(value: 0) }
}

@Suite struct CacheIsolationFidelityTests {
  @Test func cachePollution1() {
    @Dependency(\.fidelityCounter) var counter
    counter.add(1)
    #expect(counter.value == 1)
  }

  @Test func cachePollution2() {
    @Dependency(\.fidelityCounter) var counter
    counter.add(1)
    #expect(counter.value == 1)
  }

  @Test func eachTestMayPrepare1() {
    let issues = recordIssues { prepareDependencies { $0.fidelityPrepared.value = 1 } }
    #expect(issues.isEmpty)
    @Dependency(\.fidelityPrepared.value) var value
    #expect(value == 1)
  }

  @Test func eachTestMayPrepare2() {
    let issues = recordIssues { prepareDependencies { $0.fidelityPrepared.value = 2 } }
    #expect(issues.isEmpty)
    @Dependency(\.fidelityPrepared.value) var value
    #expect(value == 2)
  }

  @Test func workTheTestStartsSharesItsCache() async {
    @Dependency(\.fidelityCounter) var counter
    counter.add(5)
    await Task {
      @Dependency(\.fidelityCounter) var counter
      #expect(counter.value == 5)
    }.value
    async let child: Int = {
      @Dependency(\.fidelityCounter) var counter
      return counter.value
    }()
    #expect(await child == 5)
  }

  @Test func aTestStoreStartsAFreshCacheInsideTheTests() async {
    prepareDependencies { $0.fidelityPrepared.value = 9 }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { state, _ in
        @Dependency(\.fidelityPrepared.value) var value
        state = value
        return .none
      }
    }
    await store.send(true) { $0 = 9 }
  }

  @Test func outsideATestTheProcessCacheIsShared() async {
    let first = await Task.detached {
      TestFrameworks.currentSwiftTestingTestID() == nil
    }.value
    #expect(first)
    #expect(TestFrameworks.currentSwiftTestingTestID() != nil)
  }
}
