// The instrumentation point of a store, for a layer above it (the trace of the registry layer):
// an instrument found when the store opens may change the store's dependencies (wrap its
// endpoints), hears every action the store handles and every effect's start and end, and adds
// to a Swift test store's failures and end. A store without one pays a nil check per step.
import Dependencies
import Synchronization

/// Something watching a store from above (see the top of this file). Called only by the thread
/// inside a call on the store, with the store's lock held.
package protocol StoreInstrument: AnyObject, Sendable {
  /// False for an instrument that only changes the dependencies: the step hooks are not called.
  var recordsSteps: Bool { get }
  /// The store's dependencies with whatever the instrument installs (called once, as the store
  /// opens).
  func instrument(_ values: DependencyValues) -> DependencyValues
  /// The store handled `action` (sent by a test or a caller, or by an effect when `fromEffect`),
  /// before its reducer ran; `origin` numbers the send that caused it.
  func actionHandled(_ action: Any, origin: UInt64, fromEffect: Bool)
  /// An effect numbered `id` starts for the send `origin`; returns the body to run instead.
  func effectStarted(
    _ id: UInt64, origin: UInt64, _ body: @escaping @Sendable () async -> Void
  ) -> @Sendable () async -> Void
  /// The effect numbered `id` ended.
  func effectFinished(_ id: UInt64)
  /// What a failing Swift test's message ends with (the last steps), or nil.
  func failureEpilogue() -> String?
  /// A Swift test store's `finish` at this location: report what the instrument checks at a
  /// test's end.
  func testStoreFinished(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
}

private enum StoreInstrumentKey: TestDependencyKey {
  static let testValue: (any StoreInstrument)? = nil
}

extension DependencyValues {
  /// The instrument a store opened with these values reports to (nil: none, no cost).
  package var storeInstrument: (any StoreInstrument)? {
    // Only an override counts: no default is resolved (nor reported missing) for it.
    get {
      storage.lookup(ObjectIdentifier(StoreInstrumentKey.self)).flatMap {
        ($0 as? ValueBox<(any StoreInstrument)?>)?.value
      }
    }
    set { self[StoreInstrumentKey.self] = newValue }
  }
}

/// The instrument made for every store that opens without one in its dependencies (a shell
/// recording every live store).
package enum AmbientStoreInstrument {
  private static let factory = Mutex<(@Sendable () -> (any StoreInstrument)?)?>(nil)
  private static let isSet = Atomic<Bool>(false)

  /// Makes every store opened from now on without an instrument use `make()`'s.
  package static func install(_ make: @escaping @Sendable () -> (any StoreInstrument)?) {
    factory.withLock { $0 = make }
    isSet.store(true, ordering: .releasing)
  }

  /// An instrument for a store opening without one (nil when none was installed).
  package static func make() -> (any StoreInstrument)? {
    guard isSet.load(ordering: .acquiring) else { return nil }
    return factory.withLock { $0 }?()
  }
}
