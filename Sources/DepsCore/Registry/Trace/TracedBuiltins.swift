// How a trace sees the clocks: a clock is replaced, in a traced store's dependencies only, by a
// `TracedClock` telling each `now` and `sleep`. (`withRandomNumberGenerator` is replaced by one
// counting its draws, and the value built-ins tell the read observers of
// Dependencies/ReadObservers.swift: BuiltinEndpoints.swift installs both.)
import Synchronization

/// A clock telling a trace each `now` read and each `sleep`, forwarding both to the clock it
/// wraps. Its instants are offsets from the wrapped clock's first instant it saw.
struct TracedClock: Clock, WrappingClock, Sendable {
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

  /// The clock it wraps (a test store's `advance` finds its `TestClock` through it).
  var wrappedClock: any Clock<Swift.Duration> { base }

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
