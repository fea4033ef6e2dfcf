// `.inMemory(key)`, as swift-sharing's: a value kept in memory for the life of the process (of
// the dependency cache: each test gets its own `defaultInMemoryStorage`).
public import Dependencies
import DepsConcurrency
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SharedReaderKey {
  /// A value kept in memory under `key`: every `@Shared(.inMemory(key))` shares it.
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// The key of `.inMemory`.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: InMemoryStorage

  fileprivate init(_ key: String) {
    let storage = DependencyValues._current.defaultInMemoryStorage
    self.key = key
    self.store = storage
  }

  /// The name and the storage.
  public var id: InMemoryKeyID { InMemoryKeyID(key: key, store: store) }

  /// The stored value, or the initial value (then stored).
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    switch context {
    case .initialValue(let initialValue):
      continuation.resume(returning: store.values.value(key, default: initialValue))
    case .userInitiated:
      // A pattern, not `as?`: a missing value must not cast to an optional `Value`.
      switch store.values.value(key) {
      case .some(let value as Value): continuation.resume(returning: value)
      default: continuation.resumeReturningInitialValue()
      }
    }
  }

  /// Nothing outside changes an in-memory value: an empty subscription.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Stores the value.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    store.values.set(value, key)
    continuation.resume()
  }
}

extension InMemoryKey: CustomStringConvertible {
  /// `.inMemory("count")`.
  public var description: String { ".inMemory(\(String(reflecting: key)))" }
}

/// Where `.inMemory` keys keep their values.
public struct InMemoryStorage: Hashable, Sendable {
  fileprivate final class Values: @unchecked Sendable {
    private let lock = ReentrantLock()
    private var storage: [String: any Sendable] = [:]
    func value(_ key: String) -> (any Sendable)? { lock.withLock { storage[key] } }
    func set(_ value: any Sendable, _ key: String) { lock.withLock { storage[key] = value } }
    func value<Value: Sendable>(_ key: String, default initial: Value) -> Value {
      lock.withLock {
        if case .some(let value as Value) = storage[key] { return value }
        storage[key] = initial
        return initial
      }
    }
  }
  private let id = UUID()
  fileprivate let values = Values()

  /// An empty storage.
  public init() {}

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The identity of an `.inMemory` key: its name in its storage.
public struct InMemoryKeyID: Hashable, Sendable {
  let key: String
  let store: InMemoryStorage
}

private enum DefaultInMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// The storage of `.inMemory` keys (a new one per test).
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[DefaultInMemoryStorageKey.self] }
    set { self[DefaultInMemoryStorageKey.self] = newValue }
  }
}
