// `DependencyContext`: the default under `swift test`, per-scope overrides through `$0.context`,
// and the message for an invalid DEPS_CONTEXT value.
import Testing
@testable import DepsCore

@Suite struct DependencyContextTests {
  @Test func defaultIsTestUnderSwiftTest() {
    #expect(TestFrameworks.isRunningTests)
    #expect(DependencyContext.default == .test)
    #expect(DependencyValues().context == .test)
    #expect(DependencyValues._current.context == .test)
  }

  @Test func contextIsOverriddenPerScope() {
    for context in DependencyContext.allCases {
      withDependencies { $0.context = context } operation: {
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
        withDependencies { $0.context = context } operation: {
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
}
