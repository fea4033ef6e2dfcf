// Fidelity: the Swift Testing traits `.dependency(_:_:)`, `.dependency(_:)` and
// `.dependencies { … }` of swift-dependencies' DependenciesTestSupport, as its TestTraitTests
// use them: they set a test's (or every suite test's) dependencies, a test's trait adds to its
// suite's, and each test's defaults stay its own.
import DepsTestSupport
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

// MARK: - Nesting: the suite's trait, then the test's, then `withDependencies` (swift-dependencies'
// SwiftTestingTests.InnerSuite and RootResettingTests)

extension DependencyValues {
  var fidelityTraitText: String {
    get { self[FidelityTraitTextKey.self] }
    set { self[FidelityTraitTextKey.self] = newValue }
  }
}

enum FidelityTraitTextKey: TestDependencyKey {
  static let testValue = "default"
}

/// A stateful default with a test value only: each computed instance counts from zero.
struct FidelityTraitCounter: TestDependencyKey, Sendable {
  var increment: @Sendable () -> Int
  static var testValue: FidelityTraitCounter {
    let count = Mutex(0)
    return FidelityTraitCounter {
      count.withLock {
        $0 += 1
        return $0
      }
    }
  }
}

@Suite(.dependency(\.date.now, Date(timeIntervalSinceReferenceDate: 0)))
struct TraitNestingFidelityTests {
  @Test func aSuitesKeyPathTraitThroughDateNowReachesTheBody() {
    let issues = recordIssues {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSinceReferenceDate: 0))
    }
    #expect(issues.isEmpty)
  }

  @Test(.dependency(\.date.now, Date(timeIntervalSinceReferenceDate: 1)))
  func aTestsTraitOverridesItsSuites() {
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 1))
  }

  @Test(.dependency(\.date.now, Date(timeIntervalSinceReferenceDate: 1)))
  func withDependenciesInTheBodyOverridesBoth() {
    withDependencies {
      $0.date.now = Date(timeIntervalSinceReferenceDate: 2)
    } operation: {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSinceReferenceDate: 2))
    }
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 1))
  }

  @Test(.dependencies { $0.fidelityTraitText = "test" })
  func aTestsTraitKeepsTheSuitesOtherValues() {
    @Dependency(\.date.now) var now
    @Dependency(\.fidelityTraitText) var text
    #expect(now == Date(timeIntervalSinceReferenceDate: 0))
    #expect(text == "test")
  }

  /// Only the outermost trait resets the values: `.dependencies` inside the suite's trait
  /// keeps what the suite set (RootResettingTests.date).
  @Test(.dependencies) func anInnerDependenciesTraitDoesNotReset() {
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 0))
  }
}

@Suite struct ParameterizedCacheFidelityTests {
  /// Each case of a parameterized test under `.dependencies` has a cache of its own
  /// (SwiftTestingTests.parameterizedCachePollution).
  @Test(.dependencies, .serialized, arguments: 1...4)
  func eachCaseUnderTheTraitStartsFresh(_ argument: Int) {
    @Dependency(FidelityTraitCounter.self) var counter
    #expect(counter.increment() == 1)
  }

  /// Without the trait the cases of one parameterized test share the test's cache, as in
  /// swift-dependencies (its cache is keyed by the test, not the case), and
  /// `$0 = DependencyValues()` gives a case values with a cache of their own
  /// (parameterizedCachePollution_ResetDependencies).
  @Test(.serialized, arguments: 1...4)
  func resettingTheValuesGivesACaseItsOwnCache(_ argument: Int) {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(FidelityTraitCounter.self) var counter
      #expect(counter.increment() == 1)
    }
  }

  /// A default read while a suite's trait sets up is the instance the test body gets.
  @Test(.dependencies { _ = $0[FidelityTraitCounter.self].increment() })
  func aDefaultReadWhileTheTraitSetsUpIsTheBodys() {
    @Dependency(FidelityTraitCounter.self) var counter
    #expect(counter.increment() == 2)
  }
}
