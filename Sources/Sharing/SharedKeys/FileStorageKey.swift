// `.fileStorage(url)`, as swift-sharing's (there Apple-only; here on Linux): a Codable value
// kept as JSON in a file. Every change is saved at once, crash-safe (AtomicFile: temporary
// file, fsync, rename, directory fsync). A missing or empty file means the initial value. In
// tests `defaultFileStorage` is a fresh in-memory file system, so nothing touches the disk.
public import Dependencies
import DepsConcurrency
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension SharedReaderKey {
  /// A Codable value stored as JSON at `url`.
  public static func fileStorage<Value: Codable>(
    _ url: URL, decoder: JSONDecoder? = nil, encoder: JSONEncoder? = nil
  ) -> Self where Self == FileStorageKey<Value> {
    let decoder = UncheckedBox(decoder ?? JSONDecoder())
    let encoder = UncheckedBox(encoder ?? defaultFileStorageEncoder())
    return fileStorage(
      url, decode: { try decoder.value.decode(Value.self, from: $0) },
      encode: { try encoder.value.encode($0) })
  }

  /// A value stored at `url` with its own coding.
  public static func fileStorage<Value>(
    _ url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}

/// Pretty, key-sorted JSON, so stored files diff well.
private func defaultFileStorageEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  return encoder
}

/// The key of `.fileStorage`.
public final class FileStorageKey<Value: Sendable>: SharedKey {
  private let storage: FileStorage
  private let url: URL
  private let decode: @Sendable (Data) throws -> Value
  private let encode: @Sendable (Value) throws -> Data

  fileprivate init(
    url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    let storage = DependencyValues._current.defaultFileStorage
    self.storage = storage
    self.url = url
    self.decode = decode
    self.encode = encode
  }

  /// The file and the file system.
  public var id: FileStorageKeyID { FileStorageKeyID(url: url, storage: storage) }

  /// Reads and decodes the file: the initial value when there is no file or it is empty.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let data: Data?
    do {
      data = try storage.load(url)
    } catch {
      continuation.resume(throwing: error)
      return
    }
    guard let data, !data.isEmpty else {
      continuation.resumeReturningInitialValue()
      return
    }
    continuation.resume(with: Result { try decode(data) })
  }

  /// No outside-change subscription on Linux (`load()` re-reads the file).
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Encodes and writes the file, crash-safe.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(with: Result { try storage.save(try encode(value), url) })
  }
}

extension FileStorageKey: CustomStringConvertible {
  /// `.fileStorage(file:///tmp/sync-ups.json)`.
  public var description: String { ".fileStorage(\(String(reflecting: url)))" }
}

/// The identity of a `.fileStorage` key: its file in its file system.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: FileStorage
}

/// Where `.fileStorage` keys read and write their files.
public struct FileStorage: Hashable, Sendable {
  enum Identity: Hashable, Sendable {
    case fileSystem
    case memory(ObjectIdentifier)
  }
  let id: Identity
  /// The contents of a file, nil when there is none.
  package let load: @Sendable (URL) throws -> Data?
  /// Replaces the contents of a file.
  package let save: @Sendable (Data, URL) throws -> Void

  /// The disk, written crash-safe.
  public static let fileSystem = FileStorage(
    id: .fileSystem,
    load: { try AtomicFile(path: $0.path).read() },
    save: { try AtomicFile(path: $1.path).write($0) })

  /// A new in-memory file system (what tests get).
  public static var inMemory: Self { inMemory(files: LockedValue([:])) }

  /// An in-memory file system over `files`.
  package static func inMemory(files: LockedValue<[URL: Data]>) -> Self {
    FileStorage(
      id: .memory(ObjectIdentifier(files)),
      load: { files.get()[$0] },
      save: { data, url in files.update { $0[url] = data } })
  }

  init(
    id: Identity, load: @escaping @Sendable (URL) throws -> Data?,
    save: @escaping @Sendable (Data, URL) throws -> Void
  ) {
    self.id = id
    self.load = load
    self.save = save
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

private enum FileStorageDependencyKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var previewValue: FileStorage { .inMemory }
  static var testValue: FileStorage { .inMemory }
}

extension DependencyValues {
  /// The file system of `.fileStorage` keys: the disk live, a fresh in-memory one in tests.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependencyKey.self] }
    set { self[FileStorageDependencyKey.self] = newValue }
  }
}
