// `.fileStorage` and `.appStorage` on Linux: JSON files written crash-safe (temporary file,
// fsync, rename), an in-memory file system and store in tests, the userDefaults file as the
// live app storage.
import Dependencies
import DependenciesTestSupport
import Foundation
import Sharing
import Testing

enum Theme: String, Sendable { case light, dark }
enum Level: Int, Sendable {
  case low = 1
  case high = 2
}

/// A fresh directory under the temporary directory.
func temporaryDirectory() -> URL {
  let url = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("sharing-tests-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

@Sendable func decodeNumber(_ data: Data) -> Int { Int(String(decoding: data, as: UTF8.self)) ?? 0 }
@Sendable func encodeNumber(_ number: Int) -> Data { Data("\(number)".utf8) }

/// The text of the file at `path` ("" when it cannot be read).
func contents(_ path: String) -> String {
  (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}

@Suite struct FileStorageTests {
  @Test func testsUseAnInMemoryFileSystem() {
    let url = URL(fileURLWithPath: "/nonexistent-dir/users.json")
    @Shared(.fileStorage(url)) var users: [User] = []
    $users.withLock { $0.append(User(id: 1, name: "Blob")) }
    #expect(!FileManager.default.fileExists(atPath: url.path))
    @Shared(.fileStorage(url)) var again: [User] = []
    #expect(again == [User(id: 1, name: "Blob")])
    #expect(
      $users.description == #"Shared<[User]>(.fileStorage(file:///nonexistent-dir/users.json))"#)
  }

  @Test func writesJSONToDisk() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("nested/users.json")
    try withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var users: [User] = []
      #expect(users == [])
      #expect(!FileManager.default.fileExists(atPath: url.path))
      $users.withLock { $0.append(User(id: 1, name: "Blob")) }
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(
        text == """
          [
            {
              "id" : 1,
              "name" : "Blob"
            }
          ]
          """)
      #expect(!FileManager.default.fileExists(atPath: url.path + ".tmp"))
    }
    // A new cache (a new process, as far as references go) reads the file back.
    withDependencies {
      $0.useFreshCache()
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var reloaded: [User] = []
      #expect(reloaded == [User(id: 1, name: "Blob")])
    }
  }

  @Test func invalidFileIsALoadError() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("count.json")
    try Data("not json".utf8).write(to: url)
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var count = 3
      #expect(count == 3)
      #expect($count.loadError is DecodingError)
    }
  }

  @Test func emptyFileIsTheInitialValue() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("count.json")
    try Data().write(to: url)
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var count = 3
      #expect(count == 3)
      #expect($count.loadError == nil)
    }
  }

  @Test func unwritableFileIsASaveError() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A directory where the file should be: the rename fails, the old contents stay.
    let url = directory.appendingPathComponent("taken")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      #expect(
        ($count.saveError as? CustomStringConvertible)?.description
          == "cannot replace \(url.path): Is a directory")
      #expect(!FileManager.default.fileExists(atPath: url.path + ".tmp"))
    }
  }

  @Test func customCoding() {
    let url = URL(fileURLWithPath: "/tmp/number.txt")
    @Shared(.fileStorage(url, decode: decodeNumber, encode: encodeNumber)) var number = 1
    $number.withLock { $0 = 99 }
    @Shared(.fileStorage(url, decode: decodeNumber, encode: encodeNumber)) var again = 0
    #expect(again == 99)
  }
}

@Suite struct AppStorageTests {
  @Test func valueTypes() {
    let store = UserDefaultsStore.inMemory()
    withDependencies {
      $0.defaultAppStorage = store
    } operation: {
      storeEveryType()
    }
    withDependencies {
      $0.useFreshCache()
      $0.defaultAppStorage = store
    } operation: {
      @Shared(.appStorage("isOn")) var isOn = false
      @Shared(.appStorage("count")) var count = 1
      @Shared(.appStorage("ratio")) var ratio = 0.5
      @Shared(.appStorage("name")) var name = "Blob"
      @Shared(.appStorage("theme")) var theme = Theme.light
      @Shared(.appStorage("level")) var level = Level.low
      @Shared(.appStorage("user")) var user = User(id: 1, name: "Blob")
      @Shared(.appStorage("date")) var date = Date(timeIntervalSince1970: 0)
      @Shared(.appStorage("url")) var url = URL(fileURLWithPath: "/tmp")
      @Shared(.appStorage("data")) var data = Data([1, 2])
      @Shared(.appStorage("missing")) var missing: Int?
      #expect(isOn && count == 2 && ratio == 0.25 && name == "Blob Jr.")
      #expect(theme == .dark && level == .high && user.name == "Blob Sr.")
      #expect(date == Date(timeIntervalSince1970: 60) && url.path == "/var" && data == Data([3]))
      #expect(missing == nil)
      #expect($isOn.description == #"Shared<Bool>(.appStorage("isOn"))"#)
    }
  }

  func storeEveryType() {
    @Shared(.appStorage("isOn")) var isOn = false
    @Shared(.appStorage("count")) var count = 1
    @Shared(.appStorage("ratio")) var ratio = 0.5
    @Shared(.appStorage("name")) var name = "Blob"
    @Shared(.appStorage("theme")) var theme = Theme.light
    @Shared(.appStorage("level")) var level = Level.low
    @Shared(.appStorage("user")) var user = User(id: 1, name: "Blob")
    @Shared(.appStorage("date")) var date = Date(timeIntervalSince1970: 0)
    @Shared(.appStorage("url")) var url = URL(fileURLWithPath: "/tmp")
    @Shared(.appStorage("data")) var data = Data([1, 2])
    $isOn.withLock { $0 = true }
    $count.withLock { $0 = 2 }
    $ratio.withLock { $0 = 0.25 }
    $name.withLock { $0 = "Blob Jr." }
    $theme.withLock { $0 = .dark }
    $level.withLock { $0 = .high }
    $user.withLock { $0.name = "Blob Sr." }
    $date.withLock { $0 = Date(timeIntervalSince1970: 60) }
    $url.withLock { $0 = URL(fileURLWithPath: "/var") }
    $data.withLock { $0 = Data([3]) }
  }

  @Test func fileStoreHoldsJSONAndDefaults() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("userDefaults.json").path
    withDependencies {
      $0.defaultAppStorage = .file(at: path)
    } operation: {
      @Shared(.appStorage("count")) var count = 1
      // A key with nothing stored stores its initial value.
      #expect(contents(path) == "{\n  \"count\" : 1\n}\n")
      $count.withLock { $0 = 5 }
      @Shared(.appStorage("theme")) var theme: Theme? = .dark
      @Shared(.appStorage("user")) var user = User(id: 2, name: "Blob")
      #expect(
        contents(path) == """
          {
            "count" : 5,
            "theme" : "dark",
            "user" : {
              "id" : 2,
              "name" : "Blob"
            }
          }

          """)
      $theme.withLock { $0 = nil }
      #expect(
        contents(path) == """
          {
            "count" : 5,
            "user" : {
              "id" : 2,
              "name" : "Blob"
            }
          }

          """)
    }
    // Another cache over the same file reads what was stored; a value of another type there
    // reads as the initial value.
    withDependencies {
      $0.useFreshCache()
      $0.defaultAppStorage = .file(at: path)
    } operation: {
      readStoredValues()
    }
  }

  // (A function of its own: local wrapped variables in a second closure of one function get
  // the first closure's values as their initial values from this compiler.)
  func readStoredValues() {
    @Shared(.appStorage("count")) var count = 1
    #expect(count == 5)
    @Shared(.appStorage("user")) var user = 0
    #expect(user == 0)
  }

  @Test func invalidFileIsALoadError() throws {
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("userDefaults.json").path
    try Data("[1]".utf8).write(to: URL(fileURLWithPath: path))
    withDependencies {
      $0.defaultAppStorage = .file(at: path)
    } operation: {
      @Shared(.appStorage("count")) var count = 1
      #expect(count == 1)
      #expect(
        ($count.loadError as? CustomStringConvertible)?.description
          == "\(path) does not hold a JSON object")
    }
  }

  @Test func storesAreSeparate() {
    let other = UserDefaultsStore.inMemory()
    @Shared(.appStorage("count")) var count = 1
    @Shared(.appStorage("count", store: other)) var elsewhere = 2
    $count.withLock { $0 = 10 }
    #expect(elsewhere == 2)
  }
}
