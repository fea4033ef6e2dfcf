// Fidelity (XCTest): the process cache of defaults is emptied as each XCTest test case starts
// (DepsTestSupport's observer, installed on first use), as swift-dependencies' XCTest observer
// does: a stateful default first read by one test is not what the next one sees. Whichever of
// the two runs second would see 2 without the reset.
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

final class XCTestCacheResetTests: XCTestCase {
  func testTheResetObserverIsFoundByName() {
    XCTAssertNotNil(
      TestSupportTypes.type(named: "XCTestCacheReset") as? any _DepsTestSupportHook.Type)
  }

  func testCachePollution1() {
    @Dependency(\.fidelityCounter) var counter
    counter.add(1)
    XCTAssertEqual(counter.value, 1)
  }

  func testCachePollution2() {
    @Dependency(\.fidelityCounter) var counter
    counter.add(1)
    XCTAssertEqual(counter.value, 1)
  }

  func testPrepareInEachTest1() {
    prepareDependencies { $0.fidelityPrepared.value = 1 }
    XCTAssertEqual(DependencyValues._current.fidelityPrepared.value, 1)
  }

  func testPrepareInEachTest2() {
    prepareDependencies { $0.fidelityPrepared.value = 2 }
    XCTAssertEqual(DependencyValues._current.fidelityPrepared.value, 2)
  }
}
