// Fidelity: public API of swift-dependencies its own test suite uses — `DependencyValues()`
// with a cache of its own and `.live`/`.preview`/`.test`, `shouldReportUnimplemented`,
// `preferredLocales`, `cachedValues.resetCache()` and test support's `@Dependency(_:as:)` —
// with the rules its DependencyValuesTests, DependencyKeyTests, LocaleTests, CacheTests and
// DependencyTestExtensionTests check.
import DepsTestSupport
import Foundation
import Synchronization
import Testing
@_spi(Internals) @testable import Dependencies
@testable import IssueReporting

/// A stateful default (test value only): counts how many instances were computed.
struct FidelityInitCounting: TestDependencyKey, Sendable {
  static let computed = Mutex(0)
  var value: Int
  static var testValue: FidelityInitCounting {
    FidelityInitCounting(
      value: computed.withLock {
        $0 += 1
        return $0
      })
  }
}

/// Counts the instances computed, for one test only (tests run in parallel).
struct FidelityRaceCounting: TestDependencyKey, Sendable {
  static let computed = Mutex(0)
  var value: Int
  static var testValue: FidelityRaceCounting {
    FidelityRaceCounting(
      value: computed.withLock {
        $0 += 1
        return $0
      })
  }
}

/// A test value that reports unless it is only being set up (DependencyKeyTests'
/// ReportIssueTestValueClient).
struct FidelityReportingTestValue: TestDependencyKey, Sendable {
  var name = "test"
  static var testValue: FidelityReportingTestValue {
    if shouldReportUnimplemented {
      reportIssue("Override this dependency.")
    }
    return FidelityReportingTestValue()
  }
}

@Suite struct DependencyValuesPresetFidelityTests {
  @Test func freshValuesComputeDefaultsAnew() {
    @Dependency(FidelityInitCounting.self) var shared
    let first = shared.value
    #expect(shared.value == first)
    let fresh = withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(FidelityInitCounting.self) var counting
      return counting.value
    }
    #expect(fresh != first)
    #expect(shared.value == first)
  }

  @Test func freshValuesDoNotSeePreparedValues() {
    prepareDependencies { $0.fidelityTraitText = "prepared" }
    #expect(DependencyValues._current.fidelityTraitText == "prepared")
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      #expect(DependencyValues._current.fidelityTraitText == "default")
    }
  }

  @Test func thePresetsSetTheContextWithACacheOfTheirOwn() {
    #expect(DependencyValues.live.context == .live)
    #expect(DependencyValues.preview.context == .preview)
    #expect(DependencyValues.test.context == .test)
    let values = (1...3).map { _ in
      withDependencies {
        $0 = .test
      } operation: {
        @Dependency(FidelityInitCounting.self) var counting
        return [counting.value, counting.value]
      }
    }
    #expect(values.allSatisfy { $0[0] == $0[1] })
    #expect(Set(values.map { $0[0] }).count == 3)
  }

  /// DependencyValuesTests.testThreadSafety: many tasks racing for the first read of a default
  /// in `.test` values compute it once.
  @Test func manyTasksComputeAFreshDefaultOnce() async {
    let before = FidelityRaceCounting.computed.withLock { $0 }
    await withDependencies {
      $0 = .test
    } operation: {
      await withTaskGroup(of: Int.self) { group in
        for _ in 1...50 {
          group.addTask {
            @Dependency(FidelityRaceCounting.self) var counting
            return counting.value
          }
        }
        var seen = Set<Int>()
        for await value in group { seen.insert(value) }
        #expect(seen.count == 1)
      }
    }
    #expect(FidelityRaceCounting.computed.withLock { $0 } == before + 1)
  }
}

@Suite struct ShouldReportUnimplementedFidelityTests {
  @Test func aTestValueReadOutsideSettingUpReports() {
    let issues = recordIssues {
      withDependencies {
        $0 = .test
      } operation: {
        @Dependency(FidelityReportingTestValue.self) var client
        _ = client.name
      }
    }
    #expect(issues.map(\.message) == ["Override this dependency."])
  }

  @Test func aTestValueReadWhileSettingUpDoesNotReport() {
    let issues = recordIssues {
      withDependencies {
        $0 = .test
      } operation: {
        withDependencies {
          $0[FidelityReportingTestValue.self].name = "set"
        } operation: {
          @Dependency(FidelityReportingTestValue.self) var client
          #expect(client.name == "set")
        }
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func overridingTheDependencyNeverComputesTheTestValue() {
    let issues = recordIssues {
      withDependencies {
        $0[FidelityReportingTestValue.self] = FidelityReportingTestValue(name: "override")
      } operation: {
        @Dependency(FidelityReportingTestValue.self) var client
        #expect(client.name == "override")
      }
    }
    #expect(issues.isEmpty)
  }

  @Test func itIsTrueOutsideAndFalseInsideASetUpClosure() async {
    #expect(FidelityReportingTestValue.shouldReportUnimplemented)
    withDependencies { _ in
      #expect(!FidelityReportingTestValue.shouldReportUnimplemented)
    } operation: {
      #expect(FidelityReportingTestValue.shouldReportUnimplemented)
    }
    await withDependencies { _ async in
      #expect(!FidelityReportingTestValue.shouldReportUnimplemented)
    } operation: {
      #expect(FidelityReportingTestValue.shouldReportUnimplemented)
    }
  }
}

@Suite struct PreferredLocalesFidelityTests {
  @Test func anOverrideIsReadBack() {
    let locales = [Locale(identifier: "es-ES"), Locale(identifier: "en-US")]
    withDependencies {
      $0.preferredLocales = locales
    } operation: {
      @Dependency(\.preferredLocales) var preferredLocales
      #expect(preferredLocales == locales)
    }
  }

  @Test func liveIsTheSystemsPreferredLanguages() {
    withDependencies {
      $0 = .live
    } operation: {
      @Dependency(\.preferredLocales) var preferredLocales
      #expect(preferredLocales == Locale.preferredLanguages.map { Locale(identifier: $0) })
    }
  }

  @Test func unoverriddenInATestItReportsAndHandsOutTheLiveList() {
    let line = #line + 5
    let issues = recordIssues {
      withDependencies {
        $0 = .test
      } operation: {
        @Dependency(\.preferredLocales) var preferredLocales
        #expect(preferredLocales == Locale.preferredLanguages.map { Locale(identifier: $0) })
      }
    }
    #expect(
      issues.map(\.message) == [
        """
        @Dependency(\\.preferredLocales) has no test implementation, but was accessed from a test \
        context:

          Location:
            DepsCoreTests/SwiftDependenciesAPIFidelityTests.swift:\(line)
          Key:
            DependencyValues.PreferredLocalesKey
          Value:
            DependencyValues.PreferredLocales

        Dependencies registered with the library are not allowed to use their default, live \
        implementations when run from tests.

        To fix, override 'preferredLocales' with a test value. If you are using the Composable \
        Architecture, mutate the 'dependencies' property on your 'TestStore'. Otherwise, use \
        'withDependencies' to define a scope for the override. If you'd like to provide a \
        default value for all tests, implement the 'testValue' requirement of the \
        'DependencyKey' protocol.
        """
      ])
  }
}

@Suite struct CachedValuesFidelityTests {
  @Test func resetCacheComputesDefaultsAgain() {
    @Dependency(FidelityInitCounting.self) var counting
    let first = counting.value
    #expect(counting.value == first)
    DependencyValues._current.cachedValues.resetCache()
    #expect(counting.value != first)
  }

  @Test func resetCacheForgetsPreparedValues() {
    prepareDependencies { $0.fidelityTraitText = "prepared" }
    #expect(DependencyValues._current.fidelityTraitText == "prepared")
    DependencyValues._current.cachedValues.resetCache()
    let issues = recordIssues { prepareDependencies { $0.fidelityTraitText = "again" } }
    #expect(issues.isEmpty)
    #expect(DependencyValues._current.fidelityTraitText == "again")
    DependencyValues._current.cachedValues.resetCache()
    #expect(DependencyValues._current.fidelityTraitText == "default")
  }

  /// CacheTests: what the reset releases is released inside the reset, on the caller's task.
  @Test func theResetReleasesTheValuesBeforeItReturns() {
    let before = FidelityReleaseTracker.released.withLock { $0 }
    @Dependency(FidelityReleasing.self) var releasing
    _ = releasing
    #expect(FidelityReleaseTracker.released.withLock { $0 } == before)
    DependencyValues._current.cachedValues.resetCache()
    #expect(FidelityReleaseTracker.released.withLock { $0 } == before + 1)
  }
}

enum FidelityReleaseTracker {
  static let released = Mutex(0)
}

/// A default holding an object that counts its releases.
struct FidelityReleasing: TestDependencyKey, Sendable {
  final class Ref: Sendable {
    deinit { FidelityReleaseTracker.released.withLock { $0 += 1 } }
  }
  let ref: Ref
  static var testValue: FidelityReleasing { FidelityReleasing(ref: Ref()) }
}

// MARK: - `@Dependency(_:as:)` (DependencyTestExtensionTests)

protocol FidelityCastClient: Sendable {
  func isLive() -> Bool
}

struct FidelityLiveCastClient: FidelityCastClient {
  func isLive() -> Bool { true }
}

struct FidelityTestCastClient: FidelityCastClient {
  func isLive() -> Bool { false }
}

enum FidelityCastClientKey: DependencyKey {
  static var liveValue: any FidelityCastClient { FidelityLiveCastClient() }
  static var testValue: any FidelityCastClient { FidelityTestCastClient() }
}

extension DependencyValues {
  var fidelityCastClient: any FidelityCastClient {
    get { self[FidelityCastClientKey.self] }
    set { self[FidelityCastClientKey.self] = newValue }
  }
}

@Suite(.dependencies { $0.fidelityCastClient = FidelityTestCastClient() })
struct DependencyCastFidelityTests {
  @Test func aKeyPathCastsToTheOverridingType() {
    @Dependency(\.fidelityCastClient, as: FidelityTestCastClient.self) var client
    #expect(!client.isLive())
  }

  @Test func aKeyCastsToTheOverridingType() {
    @Dependency(FidelityCastClientKey.self, as: FidelityTestCastClient.self) var client
    #expect(!client.isLive())
  }

  @Test func theCastFollowsReadTimeOverrides() {
    @Dependency(\.fidelityCastClient, as: FidelityLiveCastClient.self) var client
    withDependencies {
      $0.fidelityCastClient = FidelityLiveCastClient()
    } operation: {
      #expect(client.isLive())
    }
  }

  @Test func aFailedKeyPathCastStopsTheProcessNamingBothTypes() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        withDependencies {
          $0.fidelityCastClient = FidelityLiveCastClient()
        } operation: {
          @Dependency(\.fidelityCastClient, as: FidelityTestCastClient.self) var client
          _ = client.isLive()
        }
      })
    let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      standardError.contains(
        """
        Fatal error: Could not cast 'FidelityLiveCastClient' to 'FidelityTestCastClient'. Make \
        sure to override the dependency in your test or suite traits:

          @Suite(
            .dependencies {
              $0./* property name */ = FidelityTestCastClient(/* ... */)
            }
          )
        """))
  }

  @Test func aFailedKeyCastStopsTheProcessNamingBothTypes() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        withDependencies {
          $0.fidelityCastClient = FidelityLiveCastClient()
        } operation: {
          @Dependency(FidelityCastClientKey.self, as: FidelityTestCastClient.self) var client
          _ = client.isLive()
        }
      })
    let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(
      standardError.contains(
        """
        Fatal error: Could not cast 'FidelityLiveCastClient' to 'FidelityTestCastClient'. Make \
        sure to override the dependency in your test or suite traits:

          @Suite(
            .dependencies {
              $0.[FidelityCastClientKey.self] = FidelityTestCastClient(/* ... */)
            }
          )
        """))
  }
}
