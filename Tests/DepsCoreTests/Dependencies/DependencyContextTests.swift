// `DependencyContext`: the default under `swift test`, per-scope overrides through `$0.context`,
// and the message for an invalid DEPS_CONTEXT value.
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

#if canImport(Glibc)
import Glibc
#endif

@Suite struct DependencyContextTests {
  @Test func defaultIsTestUnderSwiftTest() throws {
    #expect(TestFrameworks.isRunningTests)
    try #require(
      getenv("DEPS_CONTEXT") == nil, "scripts/test runs this suite with DEPS_CONTEXT too")
    #expect(DependencyContext.default == .test)
    #expect(DependencyValues().context == .test)
    #expect(DependencyValues._current.context == .test)
  }

  @Test func contextIsOverriddenPerScope() {
    for context in DependencyContext.allCases {
      withDependencies {
        $0.context = context
      } operation: {
        #expect(DependencyValues._current.context == context)
        @Dependency(\.context) var current
        #expect(current == context)
      }
    }
    #expect(DependencyValues._current.context == .test)
  }

  @Test func contextChoosesTheDefault() {
    isolated { recorder in
      let values = DependencyContext.allCases.map { context in
        withDependencies {
          $0.context = context
        } operation: {
          DependencyValues._current.fullDependency.value
        }
      }
      #expect(values == [1, 2, 3])
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func rawValuesAreTheEnvironmentNames() {
    #expect(DependencyContext.allCases.map(\.rawValue) == ["live", "preview", "test"])
    #expect(DependencyContext(rawValue: "staging") == nil)
  }

  @Test func invalidEnvironmentMessage() {
    #expect(
      DependencyContext.invalidEnvironmentMessage("staging", fallback: .test) == """
        An environment value for DEPS_CONTEXT was provided but did not match "live", "preview", \
        or "test".

          DEPS_CONTEXT = "staging"

        Using the "test" context instead.
        """)
    #expect(
      DependencyContext.invalidEnvironmentMessage("Live", fallback: .live).hasSuffix(
        """
          DEPS_CONTEXT = "Live"

        Using the "live" context instead.
        """))
  }

  @Test func theEnvironmentPicksTheContext() {
    for context in DependencyContext.allCases {
      #expect(
        DependencyContext.resolve(environment: context.rawValue, fallback: .live) == (context, nil))
    }
    #expect(DependencyContext.resolve(environment: nil, fallback: .test) == (.test, nil))
    #expect(DependencyContext.resolve(environment: "", fallback: .live) == (.live, nil))
    let (context, issue) = DependencyContext.resolve(environment: "staging", fallback: .test)
    #expect(context == .test)
    #expect(issue == DependencyContext.invalidEnvironmentMessage("staging", fallback: .test))
  }

  /// The process default is what DEPS_CONTEXT says: scripts/test runs this suite a second time
  /// with DEPS_CONTEXT=preview, so this fails if the variable is not read.
  @Test func theProcessDefaultFollowsDEPS_CONTEXT() {
    let raw = getenv("DEPS_CONTEXT").map { String(cString: $0) }
    #expect(
      DependencyContext.default == DependencyContext.resolve(environment: raw, fallback: .test).0)
    if raw == "preview" {
      #expect(DependencyContext.default == .preview)
      #expect(DependencyValues._current.context == .preview)
    }
  }
}
