// The one monotonic clock of the package (docs/architecture.md, "The concurrency kit"):
// CLOCK_MONOTONIC, for the deadlines of pumping calls, the executor's waits, socket timeouts and
// depsh's watchdogs. (The `continuousClock`/`suspendingClock` dependencies are the clocks a
// feature's code sees; this one is the library's own.)
#if canImport(Glibc)
import Glibc
#endif

/// Monotonic time (CLOCK_MONOTONIC) and deadlines on it, in nanoseconds.
package enum MonotonicClock {
  /// Nanoseconds since an arbitrary start (never goes back).
  package static var now: UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }

  /// `now` in seconds.
  package static var seconds: Double {
    Double(now) / 1e9
  }

  /// `now` plus `seconds` (clamped at 0 and at ~30 years).
  package static func deadline(after seconds: Double) -> UInt64 {
    let clamped = seconds.isNaN ? 0 : min(max(seconds, 0), 1e9)
    return now &+ UInt64(clamped * 1e9)
  }

  /// `now` plus `nanoseconds`, saturating at `UInt64.max` (an unbounded wait).
  package static func deadline(afterNanoseconds nanoseconds: UInt64) -> UInt64 {
    let (sum, overflow) = now.addingReportingOverflow(nanoseconds)
    return overflow ? .max : sum
  }

  /// `now` plus `duration` (a negative one counts as zero), saturating at `UInt64.max`.
  package static func deadline(after duration: Duration) -> UInt64 {
    deadline(afterNanoseconds: nanoseconds(of: duration))
  }
}

/// `duration` in whole nanoseconds: a negative one counts as zero, a longer one than
/// `UInt64.max` nanoseconds saturates there. The package's one conversion of a `Duration`.
package func nanoseconds(of duration: Duration) -> UInt64 {
  let (seconds, attoseconds) = duration.components
  guard seconds >= 0, attoseconds >= 0 else { return 0 }
  let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
  let (total, carried) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
  return overflow || carried ? .max : total
}
