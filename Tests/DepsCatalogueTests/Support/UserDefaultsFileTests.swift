// The live userDefaults file: written atomically (a temporary file renamed over the old one,
// so a crashed write never loses the previous contents), two writers never lose each other's
// keys, and a corrupted file is reported with a clear message.
import Foundation
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
@testable import DepsCatalogue
import Sharing

@Suite struct UserDefaultsFileTests {
  /// A fresh directory under the system's temporary directory, removed by `body`'s end.
  private func withDirectory(_ body: (String) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("deps-userdefaults-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
  }

  @Test func writesAtomicallyAndLeavesNoTemporaryFile() throws {
    try withDirectory { directory in
      let path = directory + "/nested/userDefaults.json"
      let file = UserDefaultsFile(path: path)
      #expect(try file.read() == [:])
      try file.update { $0["todos"] = .array([.string("Milk")]) }
      try file.update { $0["count"] = .int(2) }
      #expect(try file.read() == ["todos": .array([.string("Milk")]), "count": .int(2)])
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(text.hasSuffix("}\n"))
      #expect(text.contains("\"count\": 2"))
      let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/nested")
      #expect(names.sorted() == ["userDefaults.json", "userDefaults.json.lock"])
    }
  }

  @Test func anInterruptedWriteKeepsThePreviousContents() throws {
    try withDirectory { directory in
      let path = directory + "/userDefaults.json"
      let file = UserDefaultsFile(path: path)
      try file.update { $0["kept"] = .bool(true) }
      // A crash mid-write leaves only a partial temporary file behind.
      try Data("{\"kept\": fal".utf8).write(to: URL(fileURLWithPath: path + ".tmp.999999"))
      #expect(try file.read() == ["kept": .bool(true)])
      try file.update { $0["next"] = .int(1) }
      #expect(try file.read() == ["kept": .bool(true), "next": .int(1)])
    }
  }

  @Test func removingAKeyDeletesIt() throws {
    try withDirectory { directory in
      let client = UserDefaultsClient.file(at: directory + "/userDefaults.json")
      try client.setValue(.string("a"), "x")
      #expect(try client.value("x") == .string("a"))
      try client.setValue(nil, "x")
      #expect(try client.value("x") == nil)
    }
  }

  @Test func twoWritersLoseNoKey() throws {
    try withDirectory { directory in
      let path = directory + "/userDefaults.json"
      let writers = 2
      let keysPerWriter = 15
      let group = DispatchGroup()
      let failures = EvaluationCounter()
      for writer in 0..<writers {
        group.enter()
        Thread {
          let file = UserDefaultsFile(path: path)
          for key in 0..<keysPerWriter {
            do {
              try file.update { $0["w\(writer)-\(key)"] = .int(key) }
            } catch {
              failures.increment()
            }
          }
          group.leave()
        }.start()
      }
      group.wait()
      #expect(failures.value == 0)
      let stored = try UserDefaultsFile(path: path).read()
      #expect(stored.count == writers * keysPerWriter)
      #expect(stored["w0-14"] == .int(14))
      #expect(stored["w1-0"] == .int(0))
    }
  }

  @Test func aCorruptedFileIsReported() throws {
    try withDirectory { directory in
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      let path = directory + "/userDefaults.json"
      try Data("{\"todos\": [".utf8).write(to: URL(fileURLWithPath: path))
      let file = UserDefaultsFile(path: path)
      #expect {
        try file.read()
      } throws: { error in
        let text = (error as? UserDefaultsFileError)?.description ?? ""
        return text.hasPrefix("\(path) is not valid JSON: ")
      }
      #expect(throws: UserDefaultsFileError.self) {
        try file.update { $0["x"] = .int(1) }
      }
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"todos\": [")

      try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: path))
      #expect(throws: UserDefaultsFileError(description: "\(path) does not hold a JSON object")) {
        try file.read()
      }
    }
  }

  @Test func appStorageSharesTheFile() throws {
    try withDirectory { directory in
      let path = directory + "/userDefaults.json"
      let client = UserDefaultsClient.file(at: path)
      try client.setValue(.string("dark"), "theme")
      withDependencies {
        $0.defaultAppStorage = .file(at: path)
      } operation: {
        @Shared(.appStorage("theme")) var theme = "light"
        #expect(theme == "dark")
        @Shared(.appStorage("launches")) var launches = 0
        $launches.withLock { $0 += 3 }
      }
      #expect(try client.value("launches") == .int(3))
      #expect(try client.value("theme") == .string("dark"))
    }
  }
}
