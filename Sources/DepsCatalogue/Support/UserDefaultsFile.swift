// The live userDefaults file. Writes never lose the previous contents on a crash (a temporary
// file is written, fsynced and renamed over the old one, then the directory is fsynced), and
// two processes never lose each other's keys (each read-modify-write holds an exclusive
// `flock` on a sibling `.lock` file; reads hold a shared one).
import DepsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Why the userDefaults file could not be used.
package struct UserDefaultsFileError: Error, Equatable, CustomStringConvertible {
  package let description: String
}

package struct UserDefaultsFile: Sendable {
  package let path: String

  package init(path: String) { self.path = path }

  /// The stored object (empty when the file does not exist yet).
  package func read() throws -> [String: JSONValue] {
    try withLock(LOCK_SH) { try load() }
  }

  /// Changes the stored object under an exclusive lock and writes it atomically.
  package func update(_ change: (inout [String: JSONValue]) -> Void) throws {
    try withLock(LOCK_EX) {
      var object = try load()
      change(&object)
      try write(object)
    }
  }

  private var directory: String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private func withLock<R>(_ operation: Int32, _ body: () throws -> R) throws -> R {
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw UserDefaultsFileError(description: "cannot open \(path).lock: \(errnoText())")
    }
    defer { close(descriptor) }
    while flock(descriptor, operation) != 0 {
      if errno != EINTR {
        throw UserDefaultsFileError(description: "cannot lock \(path).lock: \(errnoText())")
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  private func load() throws -> [String: JSONValue] {
    guard let data = FileManager.default.contents(atPath: path) else { return [:] }
    if data.isEmpty { return [:] }
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

  private func write(_ object: [String: JSONValue]) throws {
    var sorted = ValueObject()
    for key in object.keys.sorted() { sorted[key] = object[key] }
    let text = JSONValue.object(sorted).json(pretty: true) + "\n"
    // One fixed name: writers hold the exclusive lock, so a writer killed mid-write leaves at
    // most this one file behind, which the next writer truncates and reuses.
    let temporary = "\(path).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw UserDefaultsFileError(description: "cannot write \(temporary): \(errnoText())")
    }
    var failure: String?
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = "cannot write \(temporary): \(errnoText())"
          return
        }
        offset += written
      }
    }
    if failure == nil && fsync(descriptor) != 0 {
      failure = "cannot sync \(temporary): \(errnoText())"
    }
    close(descriptor)
    if let failure {
      unlink(temporary)
      throw UserDefaultsFileError(description: failure)
    }
    guard rename(temporary, path) == 0 else {
      let message = "cannot replace \(path): \(errnoText())"
      unlink(temporary)
      throw UserDefaultsFileError(description: message)
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  private func errnoText() -> String { String(cString: strerror(errno)) }
}
