// How tests see changes to shared state, as swift-sharing's change tracker: a tracker installed
// in a store's dependencies (`track`) records, for each shared value changed through
// `withLock`, the value it had before the first change since the last `reset`; inside
// `assert { … }` a `Shared` reads and changes that recorded value (its snapshot) instead of the
// live one, and `==` compares the snapshot on the left with the live value on the right — so
// an expected state equals the actual one only when the test made the same changes.
public import Dependencies
import DepsConcurrency
import IssueReporting
import Synchronization

/// Tracks changes to shared state for a test, and lets a test assert them.
///
/// ```swift
/// let tracker = SharedChangeTracker()
/// tracker.track { feature.increment() }   // records count's value before the change
/// tracker.assert {
///   #expect(count == 0)                    // the snapshot
///   $count.withLock { $0 = 1 }             // changes the snapshot only
/// }
/// ```
@_spi(SharedChangeTracking)
public struct SharedChangeTracker: Hashable, Sendable {
  final class Changes: @unchecked Sendable {
    struct Change {
      /// Holds the reference while it is tracked (so it prints and deinits after the report).
      let reference: AnyObject
      var value: Any
      var shouldAssert = true
      let describe: () -> String
      let location: SharedSourceLocation
    }
    let lock = ReentrantLock()
    var storage: [ObjectIdentifier: Change] = [:]
    let reportUnassertedChanges: Bool

    var isInstalled = false

    init(reportUnassertedChanges: Bool) { self.reportUnassertedChanges = reportUnassertedChanges }

    /// Counts this tracker once among those some dependencies carry.
    func markInstalled() {
      lock.withLock {
        guard !isInstalled else { return }
        isInstalled = true
        SharedChangeTracker.installedCount.add(1, ordering: .relaxed)
      }
    }

    deinit {
      if isInstalled { SharedChangeTracker.installedCount.subtract(1, ordering: .relaxed) }
      guard reportUnassertedChanges else { return }
      for change in storage.values where change.shouldAssert {
        reportIssue(
          change.describe(), fileID: change.location.fileID, filePath: change.location.filePath,
          line: change.location.line, column: change.location.column)
      }
    }
  }

  let changes: Changes

  /// A tracker; by default one that reports, when it goes away, the changes no assertion
  /// compared (`Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1`) while testing.
  public init(reportUnassertedChanges: Bool = SharedChangeTracker.isTestContext) {
    changes = Changes(reportUnassertedChanges: reportUnassertedChanges)
  }

  /// True when a shared value changed since the last `reset`.
  public var hasChanges: Bool { changes.lock.withLock { !changes.storage.isEmpty } }

  /// Tracks the changes made with these dependencies (a store's, and its effects').
  public func track(_ dependencies: inout DependencyValues) {
    changes.markInstalled()
    dependencies[SharedChangeTrackersKey.self].insert(self)
  }

  /// Tracks the changes `body` makes.
  public func track<R>(_ body: () throws -> R) rethrows -> R {
    try SharedChangeTracker.$tracking.withValue(SharedChangeTracker.tracking + [self]) {
      try body()
    }
  }

  /// Runs `body` asserting against this tracker: shared values read and change their
  /// snapshots.
  public func assert<R>(_ body: () throws -> R) rethrows -> R {
    try SharedChangeTracker.$asserting.withValue(self) { try body() }
  }

  /// Forgets the recorded changes.
  public func reset() {
    changes.lock.withLock { changes.storage.removeAll() }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.changes === rhs.changes }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(changes)) }

  /// True in the test context (the default for reporting unasserted changes).
  public static var isTestContext: Bool {
    DependencyValues._current.context == .test
  }

  // MARK: What the references use

  /// The tracker a test asserts with (a task local, so it survives a store rebinding its
  /// dependencies around an assertion closure).
  @TaskLocal static var asserting: SharedChangeTracker?

  static var isAsserting: Bool { asserting != nil }

  /// The trackers of `track { … }` (a task local, so the scope ends with the block and the
  /// tracker can go away and report).
  @TaskLocal static var tracking: [SharedChangeTracker] = []

  /// How many trackers some dependencies carry (while none does, a change reads no
  /// dependency).
  static let installedCount = Atomic<Int>(0)

  static var isTracking: Bool {
    if !tracking.isEmpty { return true }
    guard installedCount.load(ordering: .relaxed) > 0 else { return false }
    return !DependencyValues._current[SharedChangeTrackersKey.self].isEmpty
  }

  static func assertedSnapshot<Value>(of reference: some SharedMutableReference<Value>) -> Value? {
    guard let tracker = asserting else { return nil }
    return tracker.changes.lock.withLock {
      guard let change = tracker.changes.storage[reference.rootID] else { return nil }
      return change.value as? Value
    }
  }

  /// Inside `assert`: sets the snapshot. Otherwise: records `value` in each tracking tracker
  /// that has no value for the reference yet.
  static func record<Value>(
    _ value: Value, of reference: some SharedMutableReference<Value>,
    location: SharedSourceLocation
  ) {
    if let tracker = asserting {
      tracker.changes.store(value, of: reference, location: location, replacing: true)
      return
    }
    // A tracker in both lists records once: a second store keeps the first value.
    for tracker in tracking {
      tracker.changes.store(value, of: reference, location: location, replacing: false)
    }
    guard installedCount.load(ordering: .relaxed) > 0 else { return }
    for tracker in DependencyValues._current[SharedChangeTrackersKey.self] {
      tracker.changes.store(value, of: reference, location: location, replacing: false)
    }
  }

  /// Marks the reference's change as asserted (an `==` compared it).
  static func markAsserted(_ rootID: ObjectIdentifier) {
    guard let tracker = asserting else { return }
    tracker.changes.lock.withLock { tracker.changes.storage[rootID]?.shouldAssert = false }
  }
}

extension SharedChangeTracker.Changes {
  func store<Value>(
    _ value: Value, of reference: some SharedMutableReference<Value>,
    location: SharedSourceLocation, replacing: Bool
  ) {
    lock.withLock {
      let id = reference.rootID
      if var change = storage[id] {
        if replacing {
          change.value = value
          storage[id] = change
        }
        return
      }
      storage[id] = Change(
        reference: reference, value: value,
        describe: { [reference] in
          """
          Tracked unasserted changes to \
          'Shared<\(sharingTypeName(Value.self))>(\(reference.referenceDescription))': \
          \(String(reflecting: value)) → \(String(reflecting: reference.liveValue))
          """
        },
        location: location)
    }
  }
}

enum SharedChangeTrackersKey: DependencyKey {
  static var liveValue: Set<SharedChangeTracker> { [] }
  static var testValue: Set<SharedChangeTracker> { [] }
}
