// A suite-wide override: the seed's `invokeTest` base-class idea. In Swift Testing a trait that
// provides a scope wraps every test of a suite in `withDependencies`; a helper does the same for
// code that prefers a function.
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

/// Overrides dependencies for every test of the suite it is attached to.
struct DependenciesTrait: SuiteTrait, TestTrait, TestScoping {
  let update: @Sendable (inout DependencyValues) -> Void
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies(update) { try await function() }
  }
}

extension Trait where Self == DependenciesTrait {
  /// `@Suite(.dependencies { $0.apiClient = .mock })`.
  static func dependencies(_ update: @escaping @Sendable (inout DependencyValues) -> Void)
    -> Self
  {
    DependenciesTrait(update: update)
  }
}

@Suite(
  .dependencies {
    $0.apiClient = .mock
    $0.factClient.fetch = { "\($0) is a suite-wide fact." }
  })
struct SuiteWideOverrideTests {
  @Test func everyTestSeesTheSuiteOverrides() async throws {
    @Dependency(\.apiClient.currentUser) var currentUser
    @Dependency(\.factClient) var factClient
    #expect(currentUser().name == "Blob")
    let fact = try await factClient.fetch(1)
    #expect(fact == "1 is a suite-wide fact.")
  }

  @Test func aTestCanStillOverrideLocally() {
    withDependencies {
      $0.apiClient.currentUser = { AppUser(id: 1, name: "Local") }
    } operation: {
      @Dependency(\.apiClient.currentUser) var currentUser
      #expect(currentUser().name == "Local")
    }
    #expect(DependencyValues._current.apiClient.currentUser().name == "Blob")
  }

  @Test(.dependencies { $0.testOnly = 5 })
  func testTraitsAddToTheSuiteOverrides() {
    #expect(DependencyValues._current.testOnly == 5)
    #expect(DependencyValues._current.apiClient.currentUser().id == 42)
  }
}

@Suite struct SuiteWideOverrideIsScopedTests {
  @Test func otherSuitesDoNotSeeIt() {
    #expect(DependencyValues._current.apiClient.currentUser().name == "Test")
  }
}
