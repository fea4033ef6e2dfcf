// Under XCTest, the process cache of default values is emptied as each test case starts, so a
// default first read (or prepared) in one test is not what the next test sees. DepsCore cannot
// link XCTest; it finds this type by name and calls `install()` the first time a test process
// resolves a default.
import XCTest
import Dependencies
import IssueReporting

enum XCTestCacheReset: _DepsTestSupportHook {
  static func install() {
    XCTestObservationCenter.shared.addTestObserver(Observer())
  }

  private final class Observer: NSObject, XCTestObservation {
    func testCaseWillStart(_ testCase: XCTestCase) {
      TestCacheScope.resetForNewXCTestCase()
    }
  }
}
