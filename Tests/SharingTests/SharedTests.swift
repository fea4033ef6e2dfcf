// swift-sharing's public API and rules: `Shared(value:)`, `withLock`, keys shared by id,
// derived shared values (`$shared.member`, `Shared($optional)`, `$shared[id:]`),
// `SharedReader`, `SharedKey.Default`, keys of one's own, the continuations' reports and the
// change tracker's — each text as swift-sharing prints it.
import Dependencies
import DependenciesTestSupport
import IdentifiedCollections
@_spi(SharedChangeTracking) import Sharing
import Testing

struct User: Equatable, Identifiable, Codable, Sendable {
  var id: Int
  var name: String
}

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  static var launchCount: Self { Self[.inMemory("launchCount"), default: 7] }
}

/// A key of one's own: a value in a box it is given, loading and saving through it.
final class Vault: @unchecked Sendable {
  var stored: Int?
  var failLoad = false
  var failSave = false
  var saves: [Int] = []
}

struct VaultError: Error, Equatable {}

struct VaultKey: SharedKey, Hashable {
  let vault: Vault
  var id: ObjectIdentifier { ObjectIdentifier(vault) }
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.vault === rhs.vault }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    if vault.failLoad { return continuation.resume(throwing: VaultError()) }
    if let stored = vault.stored {
      continuation.resume(returning: stored)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }
  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
    -> SharedSubscription
  { SharedSubscription {} }
  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    if vault.failSave { return continuation.resume(throwing: VaultError()) }
    vault.stored = value
    vault.saves.append(value)
    continuation.resume()
  }
}

/// A key that never resumes its continuation, or resumes it twice.
struct CarelessKey: SharedReaderKey, Hashable {
  let resumes: Int
  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    for _ in 0..<resumes { continuation.resume(returning: 1) }
  }
  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
    -> SharedSubscription
  { SharedSubscription {} }
}

@Suite struct SharedTests {
  @Test func valueAndWithLock() {
    let count = Shared(value: 0)
    let copy = count
    let doubled = count.withLock { value -> Int in
      value += 1
      return value * 2
    }
    #expect(doubled == 2)
    #expect(copy.wrappedValue == 1)
    #expect(count.description == "Shared<Int>(value: 1)")
  }

  @Test func inMemoryKeysShareOneValue() {
    @Shared(.inMemory("count")) var first = 0
    @Shared(.inMemory("count")) var second = 5
    #expect(first == 0)
    #expect(second == 0)
    $first.withLock { $0 = 42 }
    #expect(second == 42)
    #expect($first.description == #"Shared<Int>(.inMemory("count"))"#)
    @Shared(.inMemory("other")) var other = 1
    #expect(other == 1)
  }

  @Test func inMemoryStorageIsPerDependencyCache() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("count")) var count = 3
      #expect(count == 3)
    }
  }

  @Test func defaultKey() {
    @Shared(.launchCount) var launches
    #expect(launches == 7)
    $launches.withLock { $0 += 1 }
    @Shared(.launchCount) var again
    #expect(again == 8)
    @Shared(.launchCount) var overridden = 100
    #expect(overridden == 8)
    let key: InMemoryKey<Int>.Default = .launchCount
    #expect(key.description == #"InMemoryKey<Int>.Default[.inMemory("launchCount"), default: 7]"#)
  }

  @Test func derivedMember() {
    let user = Shared(value: User(id: 1, name: "Blob"))
    let name = user.name as Shared<String>
    name.withLock { $0 = "Blob Jr." }
    #expect(user.wrappedValue.name == "Blob Jr.")
    user.withLock { $0.name = "Blob Sr." }
    #expect(name.wrappedValue == "Blob Sr.")
    #expect(
      name.description
        == #"Shared<String>(value: SharingTests.User(id: 1, name: "Blob Sr.")[dynamicMember: \User.name])"#
    )
  }

  @Test func unwrapOptional() {
    let current = Shared<User?>(value: nil)
    #expect(Shared(current) == nil)
    current.withLock { $0 = User(id: 1, name: "Blob") }
    guard let user = Shared(current) else {
      Issue.record("Expected a user")
      return
    }
    user.withLock { $0.name = "Blob Jr." }
    #expect(current.wrappedValue?.name == "Blob Jr.")
    current.withLock { $0 = nil }
    #expect(user.wrappedValue.name == "Blob Jr.")
    user.withLock { $0.name = "Gone" }
    #expect(current.wrappedValue == nil)
  }

  @Test func identifiedArrayElements() {
    let users = Shared<IdentifiedArrayOf<User>>(
      value: [User(id: 1, name: "Blob"), User(id: 2, name: "Blob Jr.")])
    let second: Shared<User?> = users[id: 2]
    guard let blobJr = Shared(second) else {
      Issue.record("Expected user 2")
      return
    }
    blobJr.withLock { $0.name = "Blob III" }
    #expect(users.wrappedValue[id: 2]?.name == "Blob III")
    #expect(Shared(users[id: 3]) == nil)
    let elements = [Shared<User>](users)
    #expect(elements.map(\.wrappedValue.name) == ["Blob", "Blob III"])
    elements[0].withLock { $0.name = "Blob Sr." }
    #expect(users.wrappedValue[id: 1]?.name == "Blob Sr.")
  }

  @Test func sharedReader() {
    let count = Shared(value: 1)
    let reader = SharedReader(count)
    let doubled = count.read { $0 * 2 }
    count.withLock { $0 = 5 }
    #expect(reader.wrappedValue == 5)
    #expect(doubled.wrappedValue == 10)
    let user = Shared(value: User(id: 1, name: "Blob"))
    let id: SharedReader<Int> = user.id
    #expect(id.wrappedValue == 1)
    let constant = SharedReader.constant(3)
    #expect(constant.wrappedValue == 3)
    #expect(constant.description == "SharedReader<Int>(value: 3)")
    @SharedReader(.inMemory("reader")) var read = 9
    @Shared(.inMemory("reader")) var write = 0
    $write.withLock { $0 = 10 }
    #expect(read == 10)
    let optional = SharedReader<Int?>(value: 4)
    #expect(SharedReader(optional)?.wrappedValue == 4)
  }

  @Test func customKeyLoadsAndSaves() async throws {
    let vault = Vault()
    vault.stored = 12
    @Shared(VaultKey(vault: vault)) var value = 0
    #expect(value == 12)
    $value.withLock { $0 += 1 }
    #expect(vault.saves == [13])
    vault.stored = 40
    try await $value.load()
    #expect(value == 40)
    try await $value.save()
    #expect(vault.saves == [13, 40])

    vault.failLoad = true
    await #expect(throws: VaultError.self) { try await $value.load() }
    #expect($value.loadError is VaultError)
    vault.failLoad = false
    try await $value.load()
    #expect($value.loadError == nil)

    vault.failSave = true
    $value.withLock { $0 = 1 }
    #expect($value.saveError is VaultError)
    await #expect(throws: VaultError.self) { try await $value.save() }
    vault.failSave = false
    try await $value.save()
    #expect($value.saveError == nil)
    #expect($value.isLoading == false)
  }

  @Test func requireKey() async throws {
    let vault = Vault()
    await #expect(throws: SharedLoadError.self) {
      _ = try await Shared(require: VaultKey(vault: vault))
    }
    vault.stored = 5
    let shared = try await Shared(require: VaultKey(vault: vault))
    #expect(shared.wrappedValue == 5)
  }

  @Test func loadPointsAtAnotherKey() async throws {
    @Shared(.inMemory("a")) var value = 1
    @Shared(.inMemory("b")) var other = 2
    try await $value.load(.inMemory("b"))
    #expect(value == 2)
    $value.withLock { $0 = 3 }
    #expect(other == 3)
  }

  @Test func continuationReports() {
    let leaked = recordIssues {
      @SharedReader(CarelessKey(resumes: 0)) var value = 0
      #expect(value == 0)
    }
    #expect(
      leaked.map(\.message) == [
        """
        'CarelessKey(resumes: 0)' leaked its continuation without one of its resume methods \
        being invoked. This will cause tasks waiting on it to resume immediately.
        """
      ])
    let twice = recordIssues {
      @SharedReader(CarelessKey(resumes: 2)) var value = 0
      #expect(value == 1)
    }
    #expect(
      twice.map(\.message) == [
        "'CarelessKey(resumes: 2)' tried to resume its continuation more than once."
      ])
  }

  @Test func readersReadTheLiveValueUnderAnAssertion() {
    let count = Shared(value: 0)
    let reader = SharedReader(count)
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track { count.withLock { $0 = 1 } }
    tracker.assert {
      #expect(count.wrappedValue == 0)
      #expect(reader.wrappedValue == 1)
    }
  }

  @Test func changeTrackerAssertsAgainstSnapshots() {
    let count = Shared(value: 0)
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track { count.withLock { $0 += 1 } }
    #expect(tracker.hasChanges)
    tracker.assert {
      #expect(count.wrappedValue == 0)
      #expect(count != count)
      count.withLock { $0 = 1 }
      #expect(count == count)
    }
    #expect(count.wrappedValue == 1)
    tracker.reset()
    #expect(!tracker.hasChanges)
  }

  @Test func unassertedChangesAreReported() {
    let line = #line + 4
    let issues = recordIssues {
      let count = Shared(value: 0)
      let tracker = SharedChangeTracker(reportUnassertedChanges: true)
      tracker.track { count.withLock { $0 += 1 } }
    }
    #expect(
      issues.map(\.message) == ["Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1"])
    #expect(issues.first?.line == UInt(line))

    let optional = recordIssues {
      let count = Shared<Int?>(value: 1)
      let tracker = SharedChangeTracker(reportUnassertedChanges: true)
      tracker.track { count.withLock { $0 = 2 } }
    }
    #expect(
      optional.map(\.message) == [
        "Tracked unasserted changes to 'Shared<Int?>(value: Optional(2))': Optional(1) → Optional(2)"
      ])
  }

  @Test func assertedChangesAreNotReported() {
    let issues = recordIssues {
      let count = Shared(value: 0)
      let tracker = SharedChangeTracker(reportUnassertedChanges: true)
      tracker.track { count.withLock { $0 += 1 } }
      tracker.assert {
        count.withLock { $0 = 1 }
        #expect(count == count)
      }
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func trackingDerivedReferences() {
    let stats = Shared(value: User(id: 1, name: "Blob"))
    let optional = Shared<Int?>(value: 1)
    guard let unwrapped = Shared(optional) else {
      Issue.record("Expected a value")
      return
    }
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track {
      stats.name.withLock { $0 = "Blob Jr." }
      unwrapped.withLock { $0 += 1 }
    }
    tracker.assert {
      #expect(stats.name.wrappedValue == "Blob")
      #expect(unwrapped.wrappedValue == 1)
      #expect(stats.name != stats.name)
      stats.name.withLock { $0 = "Blob Jr." }
      unwrapped.withLock { $0 = 2 }
      #expect(stats == stats)
      #expect(optional == optional)
    }
  }

  @Test func optionalValuesAndMissingKeys() async {
    @Shared(.inMemory("optional")) var count: Int? = 0
    #expect(count == 0)
    @Shared(.inMemory("doubleOptional")) var nested: Int?? = .some(nil)
    #expect(nested == .some(nil))
    await #expect(throws: SharedLoadError.noValue(#".inMemory("missing")"#)) {
      _ = try await Shared<Int?>(require: .inMemory("missing"))
    }
    // Under an assertion with no change tracked, an optional reads its live value.
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.assert { #expect(count == 0) }
  }

  @Test func readerKeepsItsReferenceWhenTheSharedMoves() {
    @Shared(value: User(id: 1, name: "Blob")) var user
    let id: SharedReader<Int> = $user.id
    let whole = SharedReader($user)
    $user.withLock { $0.id = 42 }
    #expect(id.wrappedValue == 42)
    $user = Shared(value: User(id: 1729, name: "Other"))
    #expect(id.wrappedValue == 42)
    #expect(whole.wrappedValue.id == 42)
    #expect(user.id == 1729)
  }
}
