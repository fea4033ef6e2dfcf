// Observers of the value built-ins' reads (`calendar`, `locale`, `timeZone`): a layer above
// (a traced store) installs one in a scope's values, and each read of the built-in's
// `DependencyValues` property through those values tells it the value read. Only once some
// observer was installed in the process does a read look (one atomic load otherwise), and such
// a read is never cached by `@Dependency`.
import Synchronization

/// The read observers installed in some values, by built-in path.
struct ReadObservers: Sendable {
  var observers: [String: @Sendable (Any) -> Void] = [:]

  /// True once a read observer was installed in this process.
  private static let anyInstalled = Atomic<Bool>(false)

  /// Whether a read may have an observer (false until the first is installed).
  static var mayObserve: Bool { anyInstalled.load(ordering: .relaxed) }

  static func noteInstalled() { anyInstalled.store(true, ordering: .relaxed) }
}

private enum ReadObserversKey: TestDependencyKey {
  static let testValue = ReadObservers()
}

extension DependencyValues {
  /// Makes each read of the value built-in at `path` (`calendar`, `locale`, `timeZone`) through
  /// these values tell `observe` the value read.
  package mutating func installReadObserver(
    _ path: String, _ observe: @escaping @Sendable (Any) -> Void
  ) {
    var reads =
      storage.lookup(ObjectIdentifier(ReadObserversKey.self)).flatMap {
        ($0 as? ValueBox<ReadObservers>)?.value
      } ?? ReadObservers()
    reads.observers[path] = observe
    self[ReadObserversKey.self] = reads
    ReadObservers.noteInstalled()
  }

  /// Tells the read observer of `path`, if these values have one, that `value` was read.
  /// Called by the value built-ins' properties after `ReadObservers.mayObserve`.
  func noteRead(_ path: String, _ value: Any) {
    guard
      let observe = storage.lookup(ObjectIdentifier(ReadObserversKey.self)).flatMap({
        ($0 as? ValueBox<ReadObservers>)?.value.observers[path]
      })
    else { return }
    // Every read must reach the property again: `@Dependency` may not remember it.
    DependencyReadCache.noteUncacheable()
    observe(value)
  }
}
