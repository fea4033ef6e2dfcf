// Overrides a test never used, reported by default where a test store's test ends: a C or Lua
// test store (`finish`, `close`) keeps a watch of its overridden endpoints even without a trace
// (`DependencyTrace(watchingOverrides:)`: only those endpoints are wrapped, and only their
// calls counted), and at its end turns the overrides it never called into a failure (strict)
// or a note queued here for the host to show (depsh prints them; `deps.end_test()` gives them
// to Lua's `warn`). A Swift test store reports the overrides its trace declares
// (`trace.overriding(…)`) when it finishes: a runtime warning, or an issue when strict.
import Synchronization

/// The notes of unused overrides waiting for the host, and the end-of-test report.
public enum UnusedOverrides {
  private static let queue = Mutex<[String]>([])
  /// The most notes kept waiting (older ones are dropped).
  public static let noteLimit = 100

  /// Takes the notes queued since the last call, oldest first:
  /// `override of numberFact.fetch (t.lua:5) was never used`.
  public static func takeNotes() -> [String] {
    queue.withLock {
      let notes = $0
      $0.removeAll()
      return notes
    }
  }

  /// The watch a test store opened with `paths` overridden keeps (nil outside the test context
  /// or without an override).
  static func watch(_ paths: [String], context: DependencyContext) -> DependencyTrace? {
    guard context == .test, !paths.isEmpty else { return nil }
    return DependencyTrace(watchingOverrides: false)
  }

  /// At the end of a front's test (`finish`, `close`): the failures of a strict trace, or
  /// nothing (the notes queued).
  static func endOfTest(_ trace: DependencyTrace?) -> [String] {
    report(trace).failures
  }

  /// The unused overrides not reported yet: failures when `trace` is strict, else notes (also
  /// queued for `takeNotes`).
  static func report(_ trace: DependencyTrace?) -> (failures: [String], notes: [String]) {
    guard let trace else { return ([], []) }
    let unused = trace.takeUnreportedUnusedOverrides()
    guard !unused.isEmpty else { return ([], []) }
    if trace.strictOverrides { return (unused, []) }
    queue.withLock {
      $0 += unused
      if $0.count > noteLimit { $0.removeFirst($0.count - noteLimit) }
    }
    return ([], unused)
  }
}

extension TestStore {
  /// The recorder or watch of this store's overrides (nil when it has neither).
  var overridesTrace: DependencyTrace? {
    (core.instrument as? DependencyTrace)
      ?? core.lock.withLock { core.dependencies.dependencyTrace }
  }
}
