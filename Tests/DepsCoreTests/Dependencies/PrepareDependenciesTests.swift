// `prepareDependencies`: each key may be prepared once, before its first access. Every test runs
// in its own fresh cache (`isolated`), because preparing writes into the current cache.
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

private let alreadyPreparedFullDependency = """
  @Dependency(\\.fullDependency) has already been accessed or prepared.

    Dependency:
      FullDependency

  A global dependency can only be prepared a single time and cannot be accessed beforehand. \
  Prepare dependencies as early as possible in the lifecycle of your application.

  To temporarily override a dependency in your application, use 'withDependencies' to do so in \
  a well-defined scope.
  """

@Suite struct PrepareDependenciesTests {
  @Test func prepareBeforeAccessSetsTheValue() {
    isolated { recorder in
      prepareDependencies { $0.fullDependency = FullDependency(value: 10) }
      @Dependency(\.fullDependency) var fullDependency
      #expect(fullDependency.value == 10)
      #expect(DependencyValues._current.fullDependency.value == 10)
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func preparedValueIsSeenByScopesInside() {
    isolated { recorder in
      prepareDependencies { $0.fullDependency = FullDependency(value: 10) }
      withDependencies {
        $0.testOnly = 1
      } operation: {
        #expect(DependencyValues._current.fullDependency.value == 10)
        withDependencies {
          $0.useFreshCache()
        } operation: {
          #expect(DependencyValues._current.fullDependency.value == 10)
        }
      }
      withDependencies {
        $0.fullDependency.value = 11
      } operation: {
        #expect(DependencyValues._current.fullDependency.value == 11)
      }
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func narrowedPrepareBeforeAccessSetsTheValue() {
    isolated { recorder in
      prepareDependencies { $0.fullDependency.value = 20 }
      @Dependency(\.fullDependency.value) var value
      #expect(value == 20)
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func settingAKeyTwiceInOnePrepareKeepsTheLast() {
    isolated { recorder in
      prepareDependencies {
        $0.fullDependency = FullDependency(value: 0)
        $0.fullDependency = FullDependency(value: 1)
      }
      @Dependency(\.fullDependency.value) var value
      #expect(value == 1)
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func preparingTwiceIsReportedAndIgnored() {
    isolated { recorder in
      prepareDependencies { $0.fullDependency = FullDependency(value: 10) }
      prepareDependencies { $0.fullDependency = FullDependency(value: 20) }
      #expect(recorder.messages == [alreadyPreparedFullDependency])
      @Dependency(\.fullDependency.value) var value
      #expect(value == 10)
    }
  }

  @Test func preparingAfterAccessIsReportedAndIgnored() {
    isolated { recorder in
      @Dependency(\.fullDependency.value) var value
      #expect(value == 3)
      prepareDependencies { $0.fullDependency = FullDependency(value: 10) }
      #expect(recorder.messages == [alreadyPreparedFullDependency])
      #expect(value == 3)
    }
  }

  @Test func preparingAfterAccessInAnotherContextIsAllowed() {
    isolated { recorder in
      withDependencies {
        $0.context = .live
      } operation: {
        #expect(DependencyValues._current.fullDependency.value == 1)
      }
      prepareDependencies { $0.fullDependency = FullDependency(value: 10) }
      #expect(DependencyValues._current.fullDependency.value == 10)
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func alreadyPreparedMessageNamesKeyAndValueOfAnIndirectKey() {
    isolated { recorder in
      _ = DependencyValues._current.testOnly
      prepareDependencies { $0.testOnly = 1 }
      #expect(
        recorder.messages == [
          """
          @Dependency(\\.testOnly) has already been accessed or prepared.

            Key:
              TestOnlyKey
            Value:
              Int

          A global dependency can only be prepared a single time and cannot be accessed \
          beforehand. Prepare dependencies as early as possible in the lifecycle of your \
          application.

          To temporarily override a dependency in your application, use 'withDependencies' to \
          do so in a well-defined scope.
          """
        ])
      #expect(DependencyValues._current.testOnly == 42)
    }
  }

  @Test func prepareInOneFreshCacheIsInvisibleToAnother() {
    isolated { _ in
      prepareDependencies { $0.fullDependency.value = 30 }
      #expect(DependencyValues._current.fullDependency.value == 30)
    }
    isolated { recorder in
      #expect(DependencyValues._current.fullDependency.value == 3)
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func prepareRethrows() {
    struct Failure: Error {}
    isolated { recorder in
      #expect(throws: Failure.self) {
        try prepareDependencies { _ in throw Failure() }
      }
      #expect(recorder.messages.isEmpty)
    }
  }
}
