// How a trace sees the built-ins that are not closures: a clock is replaced, in a traced
// store's dependencies only, by a `TracedClock` telling each `now` and `sleep`; a
// `withRandomNumberGenerator` by one counting its draws; the value built-ins (`calendar`,
// `locale`, `timeZone`) are read through their `DependencyValues` property, which asks the
// values it is read from for a read observer — only once some store was traced in the process
// (one atomic load otherwise), and such a read is never cached by `@Dependency`.
import Synchronization

/// The read observers of a traced store's value built-ins, by path.
struct TracedReads: Sendable {
  var observers: [String: EndpointObserver] = [:]

  /// True once a traced store installed a read observer in this process.
  private static let anyInstalled = Atomic<Bool>(false)

  static var mayObserve: Bool { anyInstalled.load(ordering: .relaxed) }

  static func noteInstalled() { anyInstalled.store(true, ordering: .relaxed) }
}

private enum TracedReadsKey: TestDependencyKey {
  static let testValue = TracedReads()
}

extension DependencyValues {
  /// Makes each read of the value built-in at `path` in these values tell `observe`.
  package mutating func installReadObserver(
    _ path: String, _ observe: @escaping EndpointObserver
  ) {
    var reads = storage.lookup(ObjectIdentifier(TracedReadsKey.self)).flatMap {
      ($0 as? ValueBox<TracedReads>)?.value
    } ?? TracedReads()
    reads.observers[path] = observe
    self[TracedReadsKey.self] = reads
    TracedReads.noteInstalled()
  }

  /// Tells the read observer of `path`, if these values have one, that `value` was read.
  /// Called by the value built-ins' properties after `TracedReads.mayObserve`.
  func noteRead(_ path: String, _ value: () -> String) {
    guard
      let observe = storage.lookup(ObjectIdentifier(TracedReadsKey.self)).flatMap({
        ($0 as? ValueBox<TracedReads>)?.value.observers[path]
      })
    else { return }
    // Every read must reach the property again: `@Dependency` may not remember it.
    DependencyReadCache.noteUncacheable()
    observe(.read(value: value()))
  }
}

/// A clock telling a trace each `now` read and each `sleep`, forwarding both to the clock it
/// wraps. Its instants are offsets from the wrapped clock's first instant it saw.
struct TracedClock: Clock, Sendable {
  typealias Duration = Swift.Duration
  typealias Instant = OffsetInstant<Swift.Duration>

  /// The clock it wraps (a test store's `advance` finds its `TestClock` through it).
  let base: any Clock<Swift.Duration>
  private let core: any TracedClockCore

  init(_ base: any Clock<Swift.Duration>, observe: @escaping EndpointObserver) {
    self.base = base
    func open<C: Clock<Swift.Duration>>(_ clock: C) -> any TracedClockCore {
      OpenedTracedClock(clock, observe: observe)
    }
    self.core = open(base)
  }

  /// `clock` itself, or the clock a `TracedClock` wraps.
  static func unwrapped(_ clock: any Clock<Swift.Duration>) -> any Clock<Swift.Duration> {
    (clock as? TracedClock)?.base ?? clock
  }

  var now: Instant { Instant(offset: core.now()) }

  var minimumResolution: Swift.Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
    try await core.sleep(until: deadline.offset, tolerance: tolerance)
  }

  /// `seconds` as JSON text, to the microsecond: `0.5`, `2`.
  static func secondsText(_ duration: Swift.Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) + Double(attoseconds) * 1e-18
    return JSONValue.double((value * 1e6).rounded() / 1e6).json()
  }
}

private protocol TracedClockCore: Sendable {
  func now() -> Swift.Duration
  func sleep(until offset: Swift.Duration, tolerance: Swift.Duration?) async throws
}

private final class OpenedTracedClock<C: Clock<Swift.Duration>>: TracedClockCore {
  private struct State {
    var origin: C.Instant?
    /// The offset the last `now` returned: a sleep shows the duration from it.
    var lastNow: Swift.Duration = .zero
  }

  let clock: C
  let observe: EndpointObserver
  private let state = Mutex(State())

  init(_ clock: C, observe: @escaping EndpointObserver) {
    self.clock = clock
    self.observe = observe
  }

  func now() -> Swift.Duration {
    let instant = clock.now
    let offset = state.withLock { s in
      let origin = s.origin ?? instant
      s.origin = origin
      s.lastNow = origin.duration(to: instant)
      return s.lastNow
    }
    // A clock that measures its time from an origin of its own (TestClock, ImmediateClock)
    // shows that time; any other the time since the store first read it.
    let shown = (instant as? OffsetInstant<Swift.Duration>)?.offset ?? offset
    observe(.read("now", value: TracedClock.secondsText(shown)))
    return offset
  }

  func sleep(until offset: Swift.Duration, tolerance: Swift.Duration?) async throws {
    let (deadline, duration) = state.withLock { s in
      let origin = s.origin ?? clock.now
      s.origin = origin
      return (origin.advanced(by: offset), offset - s.lastNow)
    }
    let arguments = TracedClock.secondsText(duration)
    do {
      try await clock.sleep(until: deadline, tolerance: tolerance)
      observe(.call("sleep", arguments: arguments, outcome: "ok"))
    } catch {
      observe(
        .call("sleep", arguments: arguments, outcome: "error: \(DependencyTrace.errorText(error))"))
      throw error
    }
  }
}
