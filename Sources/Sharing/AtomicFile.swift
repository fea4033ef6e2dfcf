// The crash-safe file store under `.fileStorage`, `.appStorage` and the catalogue's
// userDefaults file: a write never loses the previous contents (a temporary file is written,
// fsynced and renamed over the old one, then the directory is fsynced), and processes never
// lose each other's updates (each read-modify-write holds an exclusive `flock` on a sibling
// `.lock` file; reads hold a shared one).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Why a file could not be read or written.
package struct AtomicFileError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, naming the file.
  package let description: String
  /// An error saying `description`.
  package init(description: String) { self.description = description }
}

/// One file written atomically.
package struct AtomicFile: Sendable {
  /// The file.
  package let path: String

  /// The file at `path` (its directory is made on first use).
  package init(path: String) { self.path = path }

  /// The contents, nil when the file does not exist.
  package func read() throws -> Data? {
    try withLock(LOCK_SH) { FileManager.default.contents(atPath: path) }
  }

  /// Replaces the contents.
  package func write(_ data: Data) throws {
    try withLock(LOCK_EX) { try replace(with: data) }
  }

  /// Changes the contents under the exclusive lock (`change` gets nil for no file).
  package func update(_ change: (Data?) throws -> Data) throws {
    try withLock(LOCK_EX) {
      try replace(with: try change(FileManager.default.contents(atPath: path)))
    }
  }

  /// The directory holding the file.
  package var directory: String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private func withLock<R>(_ operation: Int32, _ body: () throws -> R) throws -> R {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw AtomicFileError(description: "cannot create \(directory): \(error)")
    }
    let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw AtomicFileError(description: "cannot open \(path).lock: \(errnoText())")
    }
    defer { close(descriptor) }
    while flock(descriptor, operation) != 0 {
      if errno != EINTR {
        throw AtomicFileError(description: "cannot lock \(path).lock: \(errnoText())")
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  private func replace(with data: Data) throws {
    // One fixed name: writers hold the exclusive lock, so a writer killed mid-write leaves at
    // most this one file behind, which the next writer truncates and reuses.
    let temporary = "\(path).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw AtomicFileError(description: "cannot write \(temporary): \(errnoText())")
    }
    var failure: String?
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
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
      throw AtomicFileError(description: failure)
    }
    guard rename(temporary, path) == 0 else {
      let message = "cannot replace \(path): \(errnoText())"
      unlink(temporary)
      throw AtomicFileError(description: message)
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  private func errnoText() -> String { String(cString: strerror(errno)) }

  /// `$DEPS_DATA_DIR`, else `$XDG_DATA_HOME/deps`, else `~/.local/share/deps`: where the live
  /// userDefaults file lives.
  package static var dataDirectory: String {
    let environment = ProcessInfo.processInfo.environment
    if let directory = environment["DEPS_DATA_DIR"], !directory.isEmpty { return directory }
    if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/deps" }
    let home =
      environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (getpwuid(getuid())?.pointee.pw_dir).map { String(cString: $0) } ?? "/"
    return home + "/.local/share/deps"
  }
}
