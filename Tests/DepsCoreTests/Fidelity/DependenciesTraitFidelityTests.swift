// Fidelity: the Swift Testing traits `.dependency(_:_:)`, `.dependency(_:)` and
// `.dependencies { … }` of swift-dependencies' DependenciesTestSupport, as its TestTraitTests
// use them: they set a test's (or every suite test's) dependencies, a test's trait adds to its
// suite's, and each test's defaults stay its own.
import DepsTestSupport
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

struct FidelityTraitClient: TestDependencyKey, Sendable {
  var name: String
  static let testValue = FidelityTraitClient(name: "test")
  static let mock = FidelityTraitClient(name: "mock")
}

extension DependencyValues {
  var fidelityTraitValue: Int {
    get { self[FidelityTraitValueKey.self] }
    set { self[FidelityTraitValueKey.self] = newValue }
  }
}

enum FidelityTraitValueKey: TestDependencyKey {
  static let testValue = 0
}

@Suite(.dependencies { $0.fidelityTraitValue = 1 })
struct DependenciesTraitFidelityTests {
  @Test func theSuitesChangeApplies() {
    @Dependency(\.fidelityTraitValue) var value
    #expect(value == 1)
  }

  @Test(.dependency(\.fidelityTraitValue, 42))
  func aTestsTraitAddsToTheSuites() {
    @Dependency(\.fidelityTraitValue) var value
    #expect(value == 42)
  }

  @Test(.dependency(\.fidelityTraitValue, 7))
  func aTestStoreRunsWithTheTraitsValues() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { state, _ in
        @Dependency(\.fidelityTraitValue) var value
        state = value
        return .none
      }
    }
    await store.send(true) { $0 = 7 }
  }

  @Test(.dependency(FidelityTraitClient.mock))
  func aKeyTypedValueSetsItsKey() {
    @Dependency(FidelityTraitClient.self) var client
    #expect(client.name == "mock")
  }

  @Test func defaultsStayPerTest1() {
    @Dependency(\.fidelityCounter) var counter
    counter.add(1)
    #expect(counter.value == 1)
  }

  @Test func defaultsStayPerTest2() {
    @Dependency(\.fidelityCounter) var counter
    counter.add(1)
    #expect(counter.value == 1)
  }

  @Test func preparingInsideATraitIsPerTest1() {
    let issues = recordIssues { prepareDependencies { $0.fidelityPrepared.value = 1 } }
    #expect(issues.isEmpty)
    #expect(DependencyValues._current.fidelityPrepared.value == 1)
  }

  @Test func preparingInsideATraitIsPerTest2() {
    let issues = recordIssues { prepareDependencies { $0.fidelityPrepared.value = 2 } }
    #expect(issues.isEmpty)
    #expect(DependencyValues._current.fidelityPrepared.value == 2)
  }
}

@Suite(.dependencies)
struct IsolatedSuiteFidelityTests {
  @Test func startsFromEmptyValues() {
    #expect(DependencyValues._current.fidelityTraitValue == 0)
    #expect(DependencyValues._current.context == .test)
  }
}
