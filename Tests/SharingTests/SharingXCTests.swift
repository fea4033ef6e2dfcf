// The Sharing API from XCTest: keys, derived values, the tracker's report and the stores.
import Dependencies
import DependenciesTestSupport
import Foundation
@_spi(SharedChangeTracking) import Sharing
import XCTest

final class SharingXCTests: XCTestCase {
  func testInMemoryKeysShareOneValue() {
    @Shared(.inMemory("xcCount")) var first = 1
    @Shared(.inMemory("xcCount")) var second = 2
    $first.withLock { $0 += 10 }
    XCTAssertEqual(second, 11)
    XCTAssertEqual($second.description, #"Shared<Int>(.inMemory("xcCount"))"#)
  }

  func testDerivedValues() {
    let user = Shared(value: User(id: 1, name: "Blob"))
    user.name.withLock { $0 = "Blob Jr." }
    XCTAssertEqual(user.wrappedValue.name, "Blob Jr.")
    let optional = Shared<Int?>(value: nil)
    XCTAssertNil(Shared(optional))
  }

  func testTrackerReportsUnassertedChanges() {
    let issues = recordIssues {
      let count = Shared(value: 0)
      let tracker = SharedChangeTracker(reportUnassertedChanges: true)
      tracker.track { count.withLock { $0 = 5 } }
    }
    XCTAssertEqual(
      issues.map(\.message), ["Tracked unasserted changes to 'Shared<Int>(value: 5)': 0 → 5"])
  }

  func testFileStorageOnDisk() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("count.json")
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 42 }
    }
    XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "42")
  }

  func testAppStorageInItsFile() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("userDefaults.json").path
    withDependencies {
      $0.defaultAppStorage = .file(at: path)
    } operation: {
      @Shared(.appStorage("isOn")) var isOn = false
      $isOn.withLock { $0 = true }
    }
    XCTAssertEqual(contents(path), "{\n  \"isOn\" : true\n}\n")
  }
}
