// Fidelity (XCTest): the swift-dependencies API and rules of SwiftDependenciesAPIFidelityTests
// under XCTest, where the process cache is the one emptied as each test case starts.
import DepsTestSupport
import Foundation
import XCTest
@_spi(Internals) @testable import Dependencies
@testable import IssueReporting

final class SwiftDependenciesAPIXCTests: XCTestCase {
  func testTheTestPresetHasACacheOfItsOwn() {
    @Dependency(FidelityInitCounting.self) var shared
    let first = shared.value
    let inPreset = withDependencies {
      $0 = .test
    } operation: {
      @Dependency(FidelityInitCounting.self) var counting
      return [counting.value, counting.value]
    }
    XCTAssertEqual(inPreset[0], inPreset[1])
    XCTAssertNotEqual(inPreset[0], first)
    XCTAssertEqual(shared.value, first)
  }

  func testShouldReportUnimplementedReportsOutsideSettingUpOnly() {
    let outside = recordIssues {
      withDependencies {
        $0 = .test
      } operation: {
        @Dependency(FidelityReportingTestValue.self) var client
        _ = client.name
      }
    }
    XCTAssertEqual(outside.map(\.message), ["Override this dependency."])
    let settingUp = recordIssues {
      withDependencies {
        $0 = .test
      } operation: {
        withDependencies {
          $0[FidelityReportingTestValue.self].name = "set"
        } operation: {
          @Dependency(FidelityReportingTestValue.self) var client
          XCTAssertEqual(client.name, "set")
        }
      }
    }
    XCTAssertEqual(settingUp.map(\.message), [])
  }

  func testPreferredLocalesOverride() {
    let locales = [Locale(identifier: "es-ES"), Locale(identifier: "en-US")]
    withDependencies {
      $0.preferredLocales = locales
    } operation: {
      @Dependency(\.preferredLocales) var preferredLocales
      XCTAssertEqual(preferredLocales, locales)
    }
  }

  /// CacheTests: a value the reset releases is released inside the reset, not when the next
  /// test case starts.
  func testResetCacheReleasesBeforeItReturns() {
    let before = FidelityReleaseTracker.released.withLock { $0 }
    @Dependency(FidelityReleasing.self) var releasing
    _ = releasing
    DependencyValues._current.cachedValues.resetCache()
    XCTAssertEqual(FidelityReleaseTracker.released.withLock { $0 }, before + 1)
  }

  /// DateTests under XCTest: `$0.date.now` and a key-path write through `\.date.now` both set
  /// the date without a report; an unoverridden read reports once.
  func testDateHasNoTestValue() {
    let now: any WritableKeyPath<DependencyValues, Date> & Sendable = \.date.now
    let overridden = recordIssues {
      withDependencies {
        $0[keyPath: now] = Date(timeIntervalSinceReferenceDate: 0)
      } operation: {
        @Dependency(\.date) var date
        XCTAssertEqual(date(), Date(timeIntervalSinceReferenceDate: 0))
      }
    }
    XCTAssertEqual(overridden.map(\.message), [])
    let unoverridden = recordIssues {
      withDependencies {
        $0 = .test
      } operation: {
        @Dependency(\.date) var date
        _ = date()
        _ = date.now
      }
    }
    XCTAssertEqual(unoverridden.count, 1)
    XCTAssertEqual(
      unoverridden.first?.message.hasPrefix(
        #"@Dependency(\.date) has no test implementation, but was accessed from a test context:"#),
      true)
  }

  func testDependencyCastReadsTheConcreteType() {
    withDependencies {
      $0.fidelityCastClient = FidelityLiveCastClient()
    } operation: {
      @Dependency(\.fidelityCastClient, as: FidelityLiveCastClient.self) var byKeyPath
      @Dependency(FidelityCastClientKey.self, as: FidelityLiveCastClient.self) var byKey
      XCTAssertTrue(byKeyPath.isLive())
      XCTAssertTrue(byKey.isLive())
    }
  }
}
