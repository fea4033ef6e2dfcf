// The seed's suite-wide override, literally: an XCTest base class whose `invokeTest` runs every
// test inside `withDependencies` (the Swift Testing form is `SuiteWideOverrideTests`).
import XCTest
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

class MockedDependenciesTestCase: XCTestCase {
  override func invokeTest() {
    withDependencies {
      $0.apiClient = .mock
      $0.fileClient = .mock("base class")
    } operation: {
      super.invokeTest()
    }
  }
}

final class InvokeTestTests: MockedDependenciesTestCase {
  func testEveryTestSeesTheBaseClassOverrides() {
    @Dependency(\.apiClient.currentUser) var currentUser
    @Dependency(\.fileClient) var fileClient
    XCTAssertEqual(currentUser(), AppUser(id: 42, name: "Blob"))
    XCTAssertEqual(fileClient.load("todos"), "base class")
  }

  func testATestCanStillOverrideLocally() {
    withDependencies {
      $0.fileClient = .mock("local")
    } operation: {
      XCTAssertEqual(DependencyValues._current.fileClient.load("x"), "local")
    }
    XCTAssertEqual(DependencyValues._current.fileClient.load("x"), "base class")
  }
}
