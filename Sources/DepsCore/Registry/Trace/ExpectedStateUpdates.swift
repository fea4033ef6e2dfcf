// What `depsh test --update` needs from a failing step of a C or Lua test store: the expected
// state before the step's assertion and the state the store actually reached. While recording
// is on (`isRecording`, set by `depsh test --update` before any store opens), each test store
// the fronts open reports its state mismatches here, encoded as the feature's JSON; the front
// reads the last one after a failing call. Off, a test store pays nothing.
import Synchronization

/// The last state mismatch of a front's test store, for re-recording expectations.
package enum ExpectedStateUpdates {
  /// One failing assertion of a step.
  package struct Mismatch: Sendable, Equatable {
    /// Counts mismatches from 1, so a front can tell whether its call produced this one.
    package let serial: Int
    /// The expected state before the step's assertion changed it.
    package let before: JSONValue
    /// The state the step actually reached.
    package let actual: JSONValue
    /// False for a non-exhaustive store (its assertions state only what they check).
    package let exhaustive: Bool
  }

  private static let recording = Atomic<Bool>(false)
  private static let latest = Mutex<Mismatch?>(nil)
  private static let count = Atomic<Int>(0)

  /// True while test stores opened from the fronts report their mismatches.
  package static var isRecording: Bool {
    get { recording.load(ordering: .acquiring) }
    set { recording.store(newValue, ordering: .releasing) }
  }

  /// The number of the last mismatch recorded (0: none yet).
  package static var serial: Int { count.load(ordering: .acquiring) }

  /// The last mismatch recorded, if any.
  package static var last: Mismatch? { latest.withLock { $0 } }

  static func record(before: JSONValue, actual: JSONValue, exhaustive: Bool) {
    latest.withLock {
      let serial = count.add(1, ordering: .acquiringAndReleasing).newValue
      $0 = Mismatch(serial: serial, before: before, actual: actual, exhaustive: exhaustive)
    }
  }
}

extension TestStore {
  /// Reports this store's state mismatches to `ExpectedStateUpdates` as `codec`'s JSON, when
  /// recording is on.
  func reportsStateMismatches(_ codec: FeatureCodec<State, Action>) {
    guard ExpectedStateUpdates.isRecording else { return }
    onStateMismatch = { before, actual, exhaustive in
      ExpectedStateUpdates.record(
        before: codec.encodeState(before), actual: codec.encodeState(actual),
        exhaustive: exhaustive)
    }
  }
}
