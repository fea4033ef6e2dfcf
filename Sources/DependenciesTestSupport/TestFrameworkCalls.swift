// The test-framework calls DepsCore makes on its safe runtime path, through the frameworks'
// public API (DepsCore links neither framework; it finds this type by name). See
// Sources/DepsRuntime/TestFrameworks.swift.
import Dependencies
import IssueReporting
import DepsRuntime
import Testing
import XCTest

enum TestFrameworkCalls: _DepsTestFrameworkCalls {
  static func currentSwiftTestingTestID() -> AnyHashable? {
    Test.current.map { AnyHashable($0.id) }
  }

  static func recordInSwiftTesting(
    _ message: String, fileID: String, filePath: String, line: Int, column: Int
  ) -> Bool {
    guard Test.current != nil else { return false }
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    return true
  }

  /// `XCTFail` takes its file as a `StaticString`, which no public API makes from a string: the
  /// failure is recorded at this line, the message unchanged.
  static func failInXCTest(_ message: String, filePath: String, line: UInt) -> Bool {
    XCTFail(message)
    return true
  }
}
