// The live userDefaults file, on the crash-safe file store `.fileStorage` and `.appStorage`
// use (Sharing's AtomicFile): a write never loses the previous contents on a crash (a
// temporary file is written, fsynced and renamed over the old one, then the directory is
// fsynced), and two processes never lose each other's keys (each read-modify-write holds an
// exclusive `flock` on a sibling `.lock` file; reads hold a shared one). `.appStorage` keys
// live in the same file, next to these.
import DepsCore
import Sharing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why the userDefaults file could not be used.
package struct UserDefaultsFileError: Error, Equatable, CustomStringConvertible {
  package let description: String
}

package struct UserDefaultsFile: Sendable {
  package let path: String
  private let file: AtomicFile

  package init(path: String) {
    self.path = path
    self.file = AtomicFile(path: path)
  }

  /// The stored object (empty when the file does not exist yet).
  package func read() throws -> [String: JSONValue] {
    try translatingErrors { try decode(file.read()) }
  }

  /// Changes the stored object under an exclusive lock and writes it atomically.
  package func update(_ change: (inout [String: JSONValue]) -> Void) throws {
    try translatingErrors {
      try file.update { data in
        var object = try decode(data)
        change(&object)
        return encode(object)
      }
    }
  }

  private func translatingErrors<R>(_ body: () throws -> R) throws -> R {
    do {
      return try body()
    } catch let error as AtomicFileError {
      throw UserDefaultsFileError(description: error.description)
    }
  }

  private func decode(_ data: Data?) throws -> [String: JSONValue] {
    guard let data, !data.isEmpty else { return [:] }
    let value: JSONValue
    do {
      value = try data.withUnsafeBytes { try JSONValue(jsonBytes: $0) }
    } catch {
      throw UserDefaultsFileError(description: "\(path) is not valid JSON: \(error)")
    }
    guard let object = value.objectValue else {
      throw UserDefaultsFileError(description: "\(path) does not hold a JSON object")
    }
    var result: [String: JSONValue] = [:]
    for (key, element) in object { result[key] = element }
    return result
  }

  private func encode(_ object: [String: JSONValue]) -> Data {
    var sorted = ValueObject()
    for key in object.keys.sorted() { sorted[key] = object[key] }
    return Data((JSONValue.object(sorted).json(pretty: true) + "\n").utf8)
  }
}
