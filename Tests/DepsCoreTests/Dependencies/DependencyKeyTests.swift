// `TestDependencyKey` / `DependencyKey`: which value each context gets, and the exact messages
// for a key missing its test or live value.
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

@Suite struct DependencyKeyTests {
  @Test func numberFactClientHasLivePreviewAndTestValues() async throws {
    try await isolated(context: .live) { recorder in
      @Dependency(\.factClient) var factClient
      let live = try await factClient.fetch(1)
      #expect(live == "1 is a live fact.")
      let preview = try await withDependencies {
        $0.context = .preview
      } operation: {
        try await factClient.fetch(2)
      }
      #expect(preview == "2은 Preview용 숫자입니다.")
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func numberFactTestValueIsUnimplemented() async {
    await isolated { recorder in
      @Dependency(\.factClient) var factClient
      await #expect(throws: UnimplementedEndpoint(name: "FactClient.fetch")) {
        try await factClient.fetch(3)
      }
      #expect(recorder.messages == ["Unimplemented: 'FactClient.fetch'"])
    }
  }

  @Test func overriddenNumberFactNeverReachesDefaults() async throws {
    try await isolated { recorder in
      let fact = try await withDependencies {
        $0.factClient.fetch = { "\($0)은 좋은 숫자입니다." }
      } operation: {
        @Dependency(\.factClient) var factClient
        return try await factClient.fetch(0)
      }
      #expect(fact == "0은 좋은 숫자입니다.")
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func previewValueDefaultsToLiveValueForDependencyKey() {
    struct LiveAndTest: DependencyKey {
      static let liveValue = "live"
      static let testValue = "test"
    }
    isolated(context: .preview) { recorder in
      #expect(DependencyValues._current[LiveAndTest.self] == "live")
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func previewValueDefaultsToTestValueForTestDependencyKey() {
    isolated(context: .preview) { recorder in
      #expect(DependencyValues._current.testOnly == 42)
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func fullDependencyPicksTheValueOfEachContext() {
    final class FeatureModel {
      @Dependency(\.fullDependency) var fullDependency
    }
    isolated { recorder in
      let model = FeatureModel()
      #expect(model.fullDependency.value == 3)
      withDependencies {
        $0.context = .preview
      } operation: {
        #expect(model.fullDependency.value == 2)
      }
      withDependencies {
        $0.context = .live
      } operation: {
        #expect(model.fullDependency.value == 1)
      }
      withDependencies {
        $0.fullDependency.value = -1
      } operation: {
        #expect(model.fullDependency.value == -1)
      }
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func missingTestValueIsReportedAndPreviewValueUsed() {
    isolated { recorder in
      let line = #line + 1
      @Dependency(\.liveOnlyClient) var client
      #expect(client.name == "live")
      #expect(
        recorder.messages == [
          """
          @Dependency(\\.liveOnlyClient) has no test implementation, but was accessed from a \
          test context:

            Location:
              DepsCoreTests/DependencyKeyTests.swift:\(line)
            Dependency:
              LiveOnlyClient

          Dependencies registered with the library are not allowed to use their default, live \
          implementations when run from tests.

          To fix, override 'liveOnlyClient' with a test value. If you are using the Composable \
          Architecture, mutate the 'dependencies' property on your 'TestStore'. Otherwise, use \
          'withDependencies' to define a scope for the override. If you'd like to provide a \
          default value for all tests, implement the 'testValue' requirement of the \
          'DependencyKey' protocol.
          """
        ])
      #expect(recorder.issues.first?.line == UInt(line))
      #expect(recorder.issues.first?.fileID == "DepsCoreTests/DependencyKeyTests.swift")
    }
  }

  @Test func missingTestValueThroughKeyTypeNamesTheKey() {
    isolated { recorder in
      let line = #line + 1
      @Dependency(LiveOnlyClient.self) var client
      #expect(client.name == "live")
      #expect(
        recorder.messages == [
          """
          @Dependency(LiveOnlyClient.self) has no test implementation, but was accessed from a \
          test context:

            Location:
              DepsCoreTests/DependencyKeyTests.swift:\(line)
            Dependency:
              LiveOnlyClient

          Dependencies registered with the library are not allowed to use their default, live \
          implementations when run from tests.

          To fix, override 'LiveOnlyClient.self' with a test value. If you are using the \
          Composable Architecture, mutate the 'dependencies' property on your 'TestStore'. \
          Otherwise, use 'withDependencies' to define a scope for the override. If you'd like to \
          provide a default value for all tests, implement the 'testValue' requirement of the \
          'DependencyKey' protocol.
          """
        ])
    }
  }

  @Test func missingTestValueIsReportedOncePerCache() {
    isolated { recorder in
      @Dependency(\.liveOnlyClient) var client
      _ = client
      _ = client
      @Dependency(\.liveOnlyClient) var again
      _ = again
      #expect(recorder.messages.count == 1)
    }
  }

  @Test func missingLiveValueIsReportedAndTestValueUsed() {
    isolated(context: .live) { recorder in
      let line = #line + 1
      @Dependency(\.testOnly) var value
      #expect(value == 42)
      #expect(
        recorder.messages == [
          """
          @Dependency(\\.testOnly) has no live implementation, but was accessed from a live \
          context.

            Location:
              DepsCoreTests/DependencyKeyTests.swift:\(line)
            Key:
              TestOnlyKey
            Value:
              Int

          To fix you can do one of two things:

          • Conform 'TestOnlyKey' to the 'DependencyKey' protocol by providing a live \
          implementation of your dependency, and make sure that the conformance is linked with \
          this current application.

          • Override the implementation of 'TestOnlyKey' using 'withDependencies'. This is \
          typically done at the entry point of your application, but can be done later too.
          """
        ])
    }
  }

  @Test func missingLiveValueThroughKeyType() {
    isolated(context: .live) { recorder in
      let line = #line + 1
      @Dependency(TestOnlyKey.self) var value
      #expect(value == 42)
      #expect(
        recorder.messages.first?.hasPrefix(
          """
          @Dependency(TestOnlyKey.self) has no live implementation, but was accessed from a live \
          context.

            Location:
              DepsCoreTests/DependencyKeyTests.swift:\(line)
            Key:
              TestOnlyKey
          """) == true)
      #expect(recorder.messages.count == 1)
    }
  }

  @Test func overriddenKeyIsNotReportedInAnyContext() {
    for context in DependencyContext.allCases {
      isolated(context: context) { recorder in
        withDependencies {
          $0.testOnly = 7
          $0.liveOnlyClient = LiveOnlyClient(name: "mock")
        } operation: {
          @Dependency(\.testOnly) var value
          @Dependency(\.liveOnlyClient) var client
          #expect(value == 7)
          #expect(client.name == "mock")
        }
        #expect(recorder.messages.isEmpty)
      }
    }
  }
}
