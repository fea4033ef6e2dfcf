// Fidelity: reads inside a `withDependencies` closure only set things up. They report nothing
// there; the value they computed is the one the scope then uses (so a change made through
// `$0.client.setCount(…)` is seen by a `@Dependency` read in the same closure), and a missing
// live value is reported where the operation uses it — swift-dependencies'
// `testAccessingTestDependencyFromLiveContext_WhenUpdatingDependencies` and
// `testUpdatingTestDependencyFromLiveContext_WhenUpdatingDependencies`; a missing test value
// computed while setting up is not reported at all (`testDeadlock`).
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
import DepsTestSupport

/// A stateful client with only a test value: each computed instance starts at zero.
struct FidelityReuseClient: TestDependencyKey, Sendable {
  var count: @Sendable () -> Int
  var setCount: @Sendable (Int) -> Void

  static var testValue: FidelityReuseClient {
    let count = Mutex(0)
    return FidelityReuseClient(
      count: { count.withLock { $0 } }, setCount: { value in count.withLock { $0 = value } })
  }
}

extension DependencyValues {
  var fidelityReuseClient: FidelityReuseClient {
    get { self[FidelityReuseClient.self] }
    set { self[FidelityReuseClient.self] = newValue }
  }
}

private func missingLive(line: Int) -> String {
  """
  @Dependency(\\.fidelityReuseClient) has no live implementation, but was accessed from a live \
  context.

    Location:
      DepsCoreTests/SettingUpFidelityTests.swift:\(line)
    Dependency:
      FidelityReuseClient

  To fix you can do one of two things:

  • Conform 'FidelityReuseClient' to the 'DependencyKey' protocol by providing a live \
  implementation of your dependency, and make sure that the conformance is linked with this \
  current application.

  • Override the implementation of 'FidelityReuseClient' using 'withDependencies'. This is \
  typically done at the entry point of your application, but can be done later too.
  """
}

@Suite struct SettingUpFidelityTests {
  @Test func readsWhileSettingUpAreSilentAndReportedWhereUsed() {
    let line = #line + 1
    @Dependency(\.fidelityReuseClient) var reuseClient
    withDependencies {
      $0.context = .live
    } operation: {
      let settingUp = recordIssues {
        withDependencies {
          #expect($0.fidelityReuseClient.count() == 0)
          #expect(reuseClient.count() == 0)
        } operation: {
        }
      }
      #expect(settingUp.isEmpty)
      let used = recordIssues { #expect(reuseClient.count() == 0) }
      #expect(used.map(\.message) == [missingLive(line: line)])
      #expect(used.first?.line == UInt(line))
    }
  }

  @Test func aChangeWhileSettingUpIsSeenByDependencyReads() {
    let line = #line + 1
    @Dependency(\.fidelityReuseClient) var reuseClient
    withDependencies {
      $0.context = .live
    } operation: {
      let issues = recordIssues {
        withDependencies {
          $0.fidelityReuseClient.setCount(42)
          #expect($0.fidelityReuseClient.count() == 42)
          #expect(reuseClient.count() == 42)
        } operation: {
          #expect(reuseClient.count() == 42)
        }
      }
      #expect(issues.map(\.message) == [missingLive(line: line)])
    }
    #expect(reuseClient.count() == 0)
  }

  @Test func asyncSettingUpIsSilentToo() async {
    @Dependency(\.fidelityReuseClient) var reuseClient
    await withDependencies {
      $0.context = .live
    } operation: {
      let issues = await recordIssues {
        await withDependencies {
          await Task.yield()
          $0.fidelityReuseClient.setCount(7)
          #expect(reuseClient.count() == 7)
        } operation: {
        }
      }
      #expect(issues.isEmpty)
    }
  }

  /// swift-dependencies reports a missing live value at every read that uses it (its cache
  /// checks before looking the value up): through one `@Dependency` read three times, and
  /// through `DependencyValues` directly, but not while setting up.
  @Test func aMissingLiveValueIsReportedAtEveryReadThatUsesIt() {
    let line = #line + 1
    @Dependency(\.fidelityReuseClient) var reuseClient
    let issues = recordIssues {
      withDependencies {
        $0 = .live
      } operation: {
        for _ in 1...3 { _ = reuseClient.count() }
        withDependencies {
          _ = $0.fidelityReuseClient
        } operation: {
        }
      }
    }
    #expect(issues.map(\.message) == Array(repeating: missingLive(line: line), count: 3))
    let direct = recordIssues {
      withDependencies {
        $0 = .live
      } operation: {
        _ = DependencyValues._current.fidelityReuseClient
        _ = DependencyValues._current.fidelityReuseClient
      }
    }
    #expect(direct.count == 2)
  }

  /// A value prepared for such a key is not reported.
  @Test func aPreparedValueOfAKeyWithNoLiveValueIsNotReported() {
    let issues = recordIssues {
      withDependencies {
        $0 = .live
      } operation: {
        prepareDependencies { $0.fidelityReuseClient = FidelityReuseClient.testValue }
        _ = DependencyValues._current.fidelityReuseClient
        _ = DependencyValues._current.fidelityReuseClient
      }
    }
    #expect(issues.isEmpty)
  }

  /// swift-dependencies' `testDeadlock` and `testPrepareDependencies_WithDependencies`: a key
  /// with no test value, first computed while being set up, is cached without a report, and the
  /// reads that use it later report nothing either.
  @Test func aMissingTestValueComputedWhileSettingUpIsNeverReported() {
    @Dependency(\.liveOnlyClient) var client
    let settingUp = recordIssues {
      withDependencies {
        _ = $0.liveOnlyClient
      } operation: {
      }
    }
    #expect(settingUp.isEmpty)
    let used = recordIssues { _ = client.name }
    #expect(used.isEmpty)
  }

  @Test func aMissingTestValueComputedWhilePreparingIsNeverReported() {
    @Dependency(\.liveOnlyClient) var client
    let issues = recordIssues {
      prepareDependencies { _ = $0.liveOnlyClient }
      _ = client.name
    }
    #expect(issues.isEmpty)
  }

  /// The same key read first outside any set-up reports, once.
  @Test func aMissingTestValueReadOutsideSettingUpIsReportedOnce() {
    let line = #line + 1
    @Dependency(\.liveOnlyClient) var client
    let issues = recordIssues {
      _ = client.name
      _ = client.name
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix(
        """
        @Dependency(\\.liveOnlyClient) has no test implementation, but was accessed from a test \
        context:

          Location:
            DepsCoreTests/SettingUpFidelityTests.swift:\(line)
        """) == true)
  }
}
