// Fidelity: reading a live-only key's `testValue` directly (not through `DependencyValues`)
// reports swift-dependencies' "A dependency has no test implementation" at a real location
// (the library's `testValue`), not at line 0.
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
import DepsTestSupport

@Suite struct MissingTestValueFidelityTests {
  @Test func aDirectTestValueReadReportsADependency() {
    let issues = recordIssues { _ = LiveOnlyClient.testValue }
    #expect(
      issues.map(\.message) == [
        """
        A dependency has no test implementation, but was accessed from a test context:

          Dependency:
            LiveOnlyClient

        Dependencies registered with the library are not allowed to use their default, live \
        implementations when run from tests.

        To fix, override the dependency with a test value. If you are using the Composable \
        Architecture, mutate the 'dependencies' property on your 'TestStore'. Otherwise, use \
        'withDependencies' to define a scope for the override. If you'd like to provide a \
        default value for all tests, implement the 'testValue' requirement of the \
        'DependencyKey' protocol.
        """
      ])
    #expect(issues.first?.fileID == "Dependencies/DependencyKey.swift")
    #expect((issues.first?.line ?? 0) > 0)
  }

  @Test func aMissingLiveValueWithoutAReadLocationIsReportedAtTheLibrary() {
    let issues = recordIssues {
      withDependencies {
        $0.context = .live
      } operation: {
        _ = DependencyValues._current[TestOnlyKey.self]
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.fileID.hasPrefix("Dependencies/") == true)
    #expect((issues.first?.line ?? 0) > 0)
  }
}
