// Seed 001's pattern for a dependency registered through an indirect private key: a
// string-keyed store of JSON values. live = `userDefaults.json` in $DEPS_DATA_DIR (default
// $XDG_DATA_HOME/deps or ~/.local/share/deps), crash-safe and shared safely between processes
// (see UserDefaultsFile); preview = in memory; test = a fresh in-memory store per cache (so per
// TestStore and per depsh test).
import DepsCore
import Sharing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A string-keyed store of JSON values.
package struct UserDefaultsClient: Sendable {
  /// The value stored under a key, or nil.
  package var value: @Sendable (_ key: String) throws -> JSONValue?
  /// Stores a value under a key (nil removes it).
  package var setValue: @Sendable (_ value: JSONValue?, _ key: String) throws -> Void

  package init(
    value: @escaping @Sendable (_ key: String) throws -> JSONValue?,
    setValue: @escaping @Sendable (_ value: JSONValue?, _ key: String) throws -> Void
  ) {
    self.value = value
    self.setValue = setValue
  }

  /// A store kept in memory, starting from `initial`.
  package static func inMemory(_ initial: [String: JSONValue] = [:]) -> Self {
    let storage = Mutex(initial)
    return Self(
      value: { key in storage.withLock { $0[key] } },
      setValue: { value, key in storage.withLock { $0[key] = value } })
  }

  /// A store persisted in the JSON file at `path`.
  package static func file(at path: String) -> Self {
    let file = UserDefaultsFile(path: path)
    return Self(
      value: { key in
        LiveCalls.record("userDefaults")
        return try file.read()[key]
      },
      setValue: { value, key in
        LiveCalls.record("userDefaults")
        try file.update { $0[key] = value }
      })
  }

  /// `$DEPS_DATA_DIR`, else `$XDG_DATA_HOME/deps`, else `~/.local/share/deps` (the directory
  /// of the live `.appStorage` store too).
  package static var dataDirectory: String { AtomicFile.dataDirectory }
}

private enum UserDefaultsKey: DependencyKey {
  static var liveValue: UserDefaultsClient {
    .file(at: UserDefaultsClient.dataDirectory + "/userDefaults.json")
  }
  static var previewValue: UserDefaultsClient { .inMemory() }
  static var testValue: UserDefaultsClient { .inMemory() }
}

extension DependencyValues {
  /// The catalogue's persistent key-value store.
  package var userDefaults: UserDefaultsClient {
    get { self[UserDefaultsKey.self] }
    set { self[UserDefaultsKey.self] = newValue }
  }
}
