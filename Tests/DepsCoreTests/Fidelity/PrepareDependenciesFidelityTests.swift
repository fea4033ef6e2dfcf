// Fidelity: `prepareDependencies` as swift-dependencies' DependencyValuesTests pin it down.
// Each test prepares the cache of the running test (no helper scope): the process cache
// resolves per Swift Testing test, so these run in parallel without seeing each other.
import Foundation
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

@Suite struct PrepareDependenciesFidelityTests {
  @Test func prepareReturnsTheClosuresResult() {
    let result = prepareDependencies { _ in 42 }
    #expect(result == 42)
  }

  @Test func preparingTheContextSwitchesIt() {
    prepareDependencies { $0.context = .live }
    #expect(DependencyValues._current.context == .live)
    @Dependency(FullDependency.self) var client
    #expect(client.value == FullDependency.liveValue.value)
  }

  @Test func keysPreparedAfterTheContextUseIt() {
    let issues = recordIssues {
      prepareDependencies {
        $0.context = .live
        $0.fullDependency.value = 7
      }
      withDependencies {
        $0.context = .live
      } operation: {
        #expect(DependencyValues._current.fullDependency.value == 7)
      }
      #expect(DependencyValues._current.fullDependency.value == 7)
    }
    #expect(issues.isEmpty)
  }

  @Test func theContextCannotBePreparedAfterADefaultWasRead() {
    _ = DependencyValues._current.fullDependency
    let issues = recordIssues { prepareDependencies { $0.context = .live } }
    #expect(
      issues.map(\.message) == [
        """
        @Dependency(\\.context) has already been accessed or prepared.

          Key:
            DependencyContextKey
          Value:
            DependencyContext

        A global dependency can only be prepared a single time and cannot be accessed \
        beforehand. Prepare dependencies as early as possible in the lifecycle of your \
        application.

        To temporarily override a dependency in your application, use 'withDependencies' to \
        do so in a well-defined scope.
        """
      ])
    #expect(DependencyValues._current.context == .test)
  }

  @Test func previewMayPrepareAfterARead() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.date) var date
      _ = date()
      let issues = recordIssues {
        prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 42) } }
      }
      #expect(issues.isEmpty)
      #expect(date() == Date(timeIntervalSinceReferenceDate: 42))
    }
  }

  @Test func previewMayPrepareManyTimes() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.date) var date
      prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) } }
      #expect(date() == Date(timeIntervalSinceReferenceDate: 0))
      prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 42) } }
      #expect(date() == Date(timeIntervalSinceReferenceDate: 42))
    }
  }

  @Test func aLiveReadStillForbidsPreparingInTheLiveContext() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.date) var date
      _ = date()
      let issues = recordIssues {
        prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 42) } }
      }
      #expect(
        issues.map(\.message).first?.hasPrefix(
          "@Dependency(\\.date) has already been accessed or prepared.") == true)
      #expect(date() != Date(timeIntervalSinceReferenceDate: 42))
    }
  }
}
