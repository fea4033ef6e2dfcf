// Clients the dependency tests register, ported from the seeds and swift-dependencies' articles:
// a number-fact client with live/preview/test values, an API client (narrowed reads), a
// user-defaults client behind an indirect private key, a file client, and keys that count how
// often their defaults are computed. Each counting key is used by one test only.
import Foundation
import Synchronization
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

// MARK: - FactClient (the seed's NumberFactClient): live, preview and test values

struct FactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

struct UnimplementedEndpoint: Error, Equatable {
  let name: String
}

extension FactClient: DependencyKey {
  static let liveValue = FactClient { "\($0) is a live fact." }
  static let previewValue = FactClient { "\($0)은 Preview용 숫자입니다." }
  static let testValue = FactClient { _ in
    reportIssue("Unimplemented: 'FactClient.fetch'")
    throw UnimplementedEndpoint(name: "FactClient.fetch")
  }
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

// MARK: - APIClient: narrowed reads (`\.apiClient.currentUser`)

struct AppUser: Equatable, Sendable {
  var id: Int
  var name: String
}

struct TodoItem: Equatable, Sendable {
  var id: Int
  var title: String
}

struct APIClient: Sendable {
  var currentUser: @Sendable () -> AppUser
  var fetchTodos: @Sendable () -> [TodoItem]

  static let mock = APIClient(
    currentUser: { AppUser(id: 42, name: "Blob") },
    fetchTodos: { [TodoItem(id: 1, title: "Milk")] })
}

extension APIClient: TestDependencyKey {
  static let testValue = APIClient(
    currentUser: { AppUser(id: 0, name: "Test") }, fetchTodos: { [] })
}

extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

// MARK: - DefaultsStore: the seed's indirect private key

/// An in-memory string store; each instance is its own store.
final class DefaultsStore: Sendable {
  let name: String
  private let values = Mutex<[String: String]>([:])

  init(name: String) { self.name = name }

  func string(forKey key: String) -> String? { values.withLock { $0[key] } }
  func set(_ value: String?, forKey key: String) { values.withLock { $0[key] = value } }
}

private enum UserDefaultsKey: DependencyKey {
  static var liveValue: DefaultsStore { DefaultsStore(name: "live") }
  static var testValue: DefaultsStore { DefaultsStore(name: "test") }
}

extension DependencyValues {
  var defaultsStore: DefaultsStore {
    get { self[UserDefaultsKey.self] }
    set { self[UserDefaultsKey.self] = newValue }
  }
}

// MARK: - FileClient

struct FileClient: Sendable {
  var load: @Sendable (String) -> String

  static func mock(_ contents: String) -> FileClient { FileClient { _ in contents } }
}

extension FileClient: TestDependencyKey {
  static let testValue = FileClient { _ in "" }
}

extension DependencyValues {
  var fileClient: FileClient {
    get { self[FileClient.self] }
    set { self[FileClient.self] = newValue }
  }
}

// MARK: - A dependency with live, preview and test values (swift-dependencies' FullDependency)

struct FullDependency: DependencyKey, Sendable {
  var value: Int
  static var liveValue: FullDependency { FullDependency(value: 1) }
  static var previewValue: FullDependency { FullDependency(value: 2) }
  static var testValue: FullDependency { FullDependency(value: 3) }
}

extension DependencyValues {
  var fullDependency: FullDependency {
    get { self[FullDependency.self] }
    set { self[FullDependency.self] = newValue }
  }
}

// MARK: - Keys without some values

/// Only an interface: no live value anywhere in the process.
enum TestOnlyKey: TestDependencyKey {
  static let testValue = 42
}

/// Only a live value: reading it in a test reports "has no test implementation".
struct LiveOnlyClient: DependencyKey, Sendable {
  var name: String
  static let liveValue = LiveOnlyClient(name: "live")
}

extension DependencyValues {
  var testOnly: Int {
    get { self[TestOnlyKey.self] }
    set { self[TestOnlyKey.self] = newValue }
  }
  var liveOnlyClient: LiveOnlyClient {
    get { self[LiveOnlyClient.self] }
    set { self[LiveOnlyClient.self] = newValue }
  }
}

// MARK: - Counting defaults

/// A counter of how many times a key's default was computed.
final class EvaluationCounter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  /// Increments and returns the new count.
  @discardableResult
  func increment() -> Int {
    count.withLock {
      $0 += 1; return $0
    }
  }
}

/// A stateful default: each computed instance starts at zero.
final class Tally: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func add(_ amount: Int) { count.withLock { $0 += amount } }
}

/// Used by the "computed once per (key, context)" test only.
enum CountedKey: DependencyKey {
  static let evaluations = EvaluationCounter()
  static var liveValue: Tally {
    evaluations.increment()
    return Tally()
  }
  static var previewValue: Tally {
    evaluations.increment()
    return Tally()
  }
  static var testValue: Tally {
    evaluations.increment()
    return Tally()
  }
}

/// Used by the concurrent-readers test only: a slow default, so racing readers overlap.
enum SlowCountedKey: TestDependencyKey {
  static let evaluations = EvaluationCounter()
  static var testValue: Tally {
    evaluations.increment()
    usleep(20_000)
    return Tally()
  }
}

/// Used by the fresh-cache isolation tests: a stateful default.
enum StatefulKey: TestDependencyKey {
  static var testValue: Tally { Tally() }
}

extension DependencyValues {
  var counted: Tally { self[CountedKey.self] }
  var slowCounted: Tally { self[SlowCountedKey.self] }
  var stateful: Tally { self[StatefulKey.self] }
}
