// `.appStorage(key)`, as swift-sharing's (there over UserDefaults, Apple-only): a value under a
// string key of the `defaultAppStorage` store — live, the userDefaults file the catalogue's
// `userDefaults` dependency and depsh use (`userDefaults.json` in the data directory, written
// crash-safe by AtomicFile); in tests, a fresh in-memory store. As the original: a key with
// nothing stored (or a value of another type) reads the initial value and stores it; a nil
// optional removes the key.
public import Dependencies
import DepsConcurrency
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A string-keyed store of JSON values: Linux's stand-in for the `UserDefaults` of
/// `.appStorage`.
public struct UserDefaultsStore: Hashable, Sendable {
  enum Identity: Hashable, Sendable {
    case file(String)
    case memory(ObjectIdentifier)
  }
  let identity: Identity
  let read: @Sendable (String) throws -> StoredJSON?
  let write: @Sendable (StoredJSON?, String) throws -> Void

  /// The store in the JSON file at `path` (one object; other processes may share it).
  public static func file(at path: String) -> Self {
    let file = AtomicFile(path: path)
    return Self(
      identity: .file(path),
      read: { key in try StoredJSON.object(in: file.read(), path: path)[key] },
      write: { value, key in
        try file.update { data in
          var object = try StoredJSON.object(in: data, path: path)
          object[key] = value
          return try StoredJSON.encode(object)
        }
      })
  }

  /// The live store: `userDefaults.json` in `$DEPS_DATA_DIR` (else `$XDG_DATA_HOME/deps`, else
  /// `~/.local/share/deps`).
  public static var live: Self { file(at: AtomicFile.dataDirectory + "/userDefaults.json") }

  /// A new store kept in memory.
  public static func inMemory() -> Self {
    let values = LockedValue<[String: StoredJSON]>([:])
    return Self(
      identity: .memory(ObjectIdentifier(values)),
      read: { key in values.get()[key] },
      write: { value, key in values.update { $0[key] = value } })
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }
  public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: UserDefaultsStore { .live }
  static var previewValue: UserDefaultsStore { .inMemory() }
  static var testValue: UserDefaultsStore { .inMemory() }
}

extension DependencyValues {
  /// The store of `.appStorage` keys: the userDefaults file live, a fresh in-memory store in
  /// tests.
  public var defaultAppStorage: UserDefaultsStore {
    get { self[DefaultAppStorageKey.self] }
    set { self[DefaultAppStorageKey.self] = newValue }
  }
}

/// The key of `.appStorage`.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: UserDefaultsStore
  private let encode: @Sendable (Value) -> StoredJSON?
  private let decode: @Sendable (StoredJSON) -> Value?

  fileprivate init(
    _ key: String, store: UserDefaultsStore?, encode: @escaping @Sendable (Value) -> StoredJSON?,
    decode: @escaping @Sendable (StoredJSON) -> Value?
  ) {
    let defaultStore = DependencyValues._current.defaultAppStorage
    self.key = key
    self.store = store ?? defaultStore
    self.encode = encode
    self.decode = decode
  }

  /// The key in its store.
  public var id: AppStorageKeyID { AppStorageKeyID(key: key, store: store) }

  /// Reads the key: a stored value of the key's type, else the initial value (then stored).
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    do {
      if let stored = try store.read(key), let value = decode(stored) {
        continuation.resume(returning: value)
        return
      }
      if let initialValue = context.initialValue {
        try store.write(encode(initialValue), key)
      }
      continuation.resumeReturningInitialValue()
    } catch {
      continuation.resume(throwing: error)
    }
  }

  /// No outside-change subscription on Linux (`load()` re-reads the store).
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Writes the key (a nil optional removes it).
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(with: Result { try store.write(encode(value), key) })
  }
}

extension AppStorageKey: CustomStringConvertible {
  /// `.appStorage("isOn")`.
  public var description: String { ".appStorage(\(String(reflecting: key)))" }
}

/// The identity of an `.appStorage` key: its name in its store.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: UserDefaultsStore
}

// MARK: - The value types

extension AppStorageKey {
  fileprivate static func optional<Wrapped>(
    _ key: String, store: UserDefaultsStore?,
    encode: @escaping @Sendable (Wrapped) -> StoredJSON?,
    decode: @escaping @Sendable (StoredJSON) -> Wrapped?
  ) -> Self where Value == Wrapped? {
    Self(
      key, store: store, encode: { $0.flatMap(encode) },
      decode: { json in decode(json).map(Optional.some) })
  }
}

extension SharedReaderKey {
  /// A `Bool` under `key` of the app storage (`store`, else `defaultAppStorage`).
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Bool> {
    AppStorageKey(key, store: store, encode: { .bool($0) }, decode: \.boolValue)
  }

  /// An `Int` under `key` of the app storage.
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Int> {
    AppStorageKey(key, store: store, encode: { .int($0) }, decode: \.intValue)
  }

  /// A `Double` under `key` of the app storage.
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Double> {
    AppStorageKey(key, store: store, encode: { .double($0) }, decode: \.doubleValue)
  }

  /// A `String` under `key` of the app storage.
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<String> {
    AppStorageKey(key, store: store, encode: { .string($0) }, decode: \.stringValue)
  }

  /// A `URL` under `key` of the app storage (stored as its absolute string).
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<URL> {
    AppStorageKey(key, store: store, encode: StoredJSON.url, decode: \.urlValue)
  }

  /// `Data` under `key` of the app storage (stored as base64).
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Data> {
    AppStorageKey(key, store: store, encode: StoredJSON.data, decode: \.dataValue)
  }

  /// A `Date` under `key` of the app storage (stored as seconds since 1970).
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Date> {
    AppStorageKey(key, store: store, encode: StoredJSON.date, decode: \.dateValue)
  }

  /// A Codable value under `key` of the app storage (stored as its JSON).
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaultsStore? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, encode: StoredJSON.codable, decode: { $0.decoded() })
  }

  /// An `Int`-backed raw-representable value under `key` of the app storage.
  public static func appStorage<Value: RawRepresentable<Int> & Sendable>(
    _ key: String, store: UserDefaultsStore? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(
      key, store: store, encode: { .int($0.rawValue) },
      decode: { $0.intValue.flatMap(Value.init(rawValue:)) })
  }

  /// A `String`-backed raw-representable value under `key` of the app storage.
  public static func appStorage<Value: RawRepresentable<String> & Sendable>(
    _ key: String, store: UserDefaultsStore? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(
      key, store: store, encode: { .string($0.rawValue) },
      decode: { $0.stringValue.flatMap(Value.init(rawValue:)) })
  }

  /// An optional `Bool` under `key` of the app storage (nil removes the key).
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Bool?> {
    .optional(key, store: store, encode: { .bool($0) }, decode: \.boolValue)
  }

  /// An optional `Int` under `key` of the app storage.
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Int?> {
    .optional(key, store: store, encode: { .int($0) }, decode: \.intValue)
  }

  /// An optional `Double` under `key` of the app storage.
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Double?> {
    .optional(key, store: store, encode: { .double($0) }, decode: \.doubleValue)
  }

  /// An optional `String` under `key` of the app storage.
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<String?> {
    .optional(key, store: store, encode: { .string($0) }, decode: \.stringValue)
  }

  /// An optional `URL` under `key` of the app storage.
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<URL?> {
    .optional(key, store: store, encode: StoredJSON.url, decode: \.urlValue)
  }

  /// Optional `Data` under `key` of the app storage.
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Data?> {
    .optional(key, store: store, encode: StoredJSON.data, decode: \.dataValue)
  }

  /// An optional `Date` under `key` of the app storage.
  public static func appStorage(_ key: String, store: UserDefaultsStore? = nil) -> Self
  where Self == AppStorageKey<Date?> {
    .optional(key, store: store, encode: StoredJSON.date, decode: \.dateValue)
  }

  /// An optional Codable value under `key` of the app storage.
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaultsStore? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    .optional(key, store: store, encode: StoredJSON.codable, decode: { $0.decoded() })
  }

  /// An optional `Int`-backed raw-representable value under `key` of the app storage.
  public static func appStorage<Value: RawRepresentable<Int> & Sendable>(
    _ key: String, store: UserDefaultsStore? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    .optional(
      key, store: store, encode: { .int($0.rawValue) },
      decode: { $0.intValue.flatMap(Value.init(rawValue:)) })
  }

  /// An optional `String`-backed raw-representable value under `key` of the app storage.
  public static func appStorage<Value: RawRepresentable<String> & Sendable>(
    _ key: String, store: UserDefaultsStore? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    .optional(
      key, store: store, encode: { .string($0.rawValue) },
      decode: { $0.stringValue.flatMap(Value.init(rawValue:)) })
  }
}

// MARK: - The stored JSON

/// One JSON value of the userDefaults file.
enum StoredJSON: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([StoredJSON])
  case object([String: StoredJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([StoredJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: StoredJSON].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
  var intValue: Int? {
    switch self {
    case .int(let value): value
    case .double(let value): Int(exactly: value)
    default: nil
    }
  }
  var doubleValue: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }
  var stringValue: String? { if case .string(let value) = self { value } else { nil } }
  var urlValue: URL? { stringValue.flatMap { URL(string: $0) } }
  var dataValue: Data? { stringValue.flatMap { Data(base64Encoded: $0) } }
  var dateValue: Date? { doubleValue.map { Date(timeIntervalSince1970: $0) } }

  func decoded<Value: Decodable>() -> Value? {
    guard let data = try? JSONEncoder().encode(self) else { return nil }
    return try? JSONDecoder().decode(Value.self, from: data)
  }

  @Sendable static func url(_ value: URL) -> StoredJSON { .string(value.absoluteString) }
  @Sendable static func data(_ value: Data) -> StoredJSON { .string(value.base64EncodedString()) }
  @Sendable static func date(_ value: Date) -> StoredJSON { .double(value.timeIntervalSince1970) }
  @Sendable static func codable<Value: Encodable>(_ value: Value) -> StoredJSON? {
    guard let data = try? JSONEncoder().encode(value) else { return nil }
    return try? JSONDecoder().decode(StoredJSON.self, from: data)
  }

  /// The object a userDefaults file holds (empty for no file or an empty one).
  static func object(in data: Data?, path: String) throws -> [String: StoredJSON] {
    guard let data, !data.isEmpty else { return [:] }
    guard let value = try? JSONDecoder().decode(StoredJSON.self, from: data) else {
      throw AtomicFileError(description: "\(path) is not valid JSON")
    }
    guard case .object(let object) = value else {
      throw AtomicFileError(description: "\(path) does not hold a JSON object")
    }
    return object
  }

  static func encode(_ object: [String: StoredJSON]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(StoredJSON.object(object)) + Data("\n".utf8)
  }
}
