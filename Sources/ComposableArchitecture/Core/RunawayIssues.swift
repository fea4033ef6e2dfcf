// The runaway rule, a bound TCA does not have: an effect that reports the same issue over and
// over (a timer loop meeting an `UnimplementedClock`, a retry loop meeting an unimplemented
// endpoint) is cancelled once it reported that issue `RunawayIssues.limit` times. The first
// report of an issue goes through as it is; its repeats from the same effect are folded into
// one issue with their count and the fix: reported when the bound is reached (the effect is
// cancelled then) or when the effect ends. So a forgotten test clock costs one short failure,
// not a screenful of identical lines and megabytes of messages.
import IssueReporting
import Synchronization

/// The bound on identical issues from one effect (docs/teststore-contract.md).
public enum RunawayIssues {
  /// How many times one effect may report the same issue before it is cancelled.
  ///
  /// ```swift
  /// RunawayIssues.limit  // 100
  /// ```
  public static let limit = 100

  /// Installs the rule (once per process, when the first store opens).
  static let installed: Void = IssueInterception.install(filter)

  @Sendable private static func filter(_ issue: ReportedIssue) -> ReportedIssue? {
    guard let context = EffectContext.current else { return issue }
    return IssueTallies.admit(issue, in: context)
  }

  /// What makes two issues the same: the message and the reporters it goes to (each class
  /// reporter by identity, others by type).
  static func key(_ issue: ReportedIssue, _ reporters: [any IssueReporter]) -> String {
    var key = issue.message
    for reporter in reporters {
      key += "\u{0}"
      if type(of: reporter) is AnyClass {
        key += String(describing: ObjectIdentifier(reporter as AnyObject))
      } else {
        key += "\(type(of: reporter))"
      }
    }
    return key
  }

  /// The folded repeats of `issue`: its message, the count, and the fix.
  static func folded(_ issue: ReportedIssue, count: Int, cancelled: Bool) -> ReportedIssue {
    var folded = issue
    let what =
      cancelled
      ? "An effect reported this issue \(count) times, so it was cancelled: Deps stops an effect "
        + "after \(limit) identical issues (TCA has no such bound)."
      : "An effect reported this issue \(count) times (shown once)."
    folded.message = "\(issue.message)\n\n  \(what)\n\n  \(fix(for: issue.message))"
    return folded
  }

  /// The advice for an issue repeated in a loop, in Swift (the C and Lua fronts translate it).
  static func fix(for message: String) -> String {
    for (clock, path) in [
      ("ContinuousClock", "continuousClock"), ("SuspendingClock", "suspendingClock"),
    ]
    where message.hasPrefix("Unimplemented: \(clock).") {
      return "To fix, give the store a test clock: $0.\(path) = TestClock()"
    }
    return "To fix, override the dependency the effect keeps reaching, or end the effect's loop."
  }
}

/// The issues one effect reported, by message and by the reporters they went to. An issue
/// repeated under other reporters (a `withExpectedIssue` inside the effect) is another issue:
/// it is never folded into the effect's.
struct IssueTally {
  /// A repeated issue: its first report, the reporters it went to, how many times it came.
  struct Entry {
    var first: ReportedIssue
    var reporters: [any IssueReporter]
    var count: Int
    /// True once its folded issue was reported.
    var folded = false
  }

  var entries: [String: Entry] = [:]
  /// The keys of `entries`, in the order their issues first came.
  var order: [String] = []
}

/// The tallies of the effects that reported an issue, by effect context, kept beside the
/// effects (an effect that reports none pays one atomic load when it ends).
enum IssueTallies {
  /// How many tallies exist.
  private static let count = Atomic<Int>(0)
  private static let tallies = Mutex<[ObjectIdentifier: IssueTally]>([:])

  /// What becomes of `issue` reported inside the effect of `context`: the first of its message
  /// (under the current reporters) goes through; a repeat is folded, and the one reaching the
  /// bound cancels the effect's task and is reported as the folded issue.
  static func admit(_ issue: ReportedIssue, in context: EffectContext) -> ReportedIssue? {
    let reporters = IssueReporters.current
    let key = RunawayIssues.key(issue, reporters)
    let id = ObjectIdentifier(context)
    let repeats: Int = tallies.withLock { tallies in
      if tallies[id] == nil {
        tallies[id] = IssueTally()
        count.add(1, ordering: .relaxed)
      }
      // Changed in place (no copy of the tally's collections).
      return modify(&tallies[id, default: IssueTally()]) { tally in
        if var entry = tally.entries.removeValue(forKey: key) {
          entry.count += 1
          if entry.count == RunawayIssues.limit { entry.folded = true }
          let repeats = entry.count
          tally.entries[key] = entry
          return repeats
        }
        tally.entries[key] = IssueTally.Entry(first: issue, reporters: reporters, count: 1)
        tally.order.append(key)
        return 1
      }
    }
    if repeats == 1 { return issue }
    guard repeats == RunawayIssues.limit else { return nil }
    withUnsafeCurrentTask { $0?.cancel() }
    return RunawayIssues.folded(issue, count: repeats, cancelled: true)
  }

  /// When the effect of `context` ends: forgets its tally, reporting the folded repeats not
  /// reported at the bound, each to the reporters its issue went to.
  @inline(__always)
  static func effectEnded(_ context: EffectContext) {
    guard count.load(ordering: .relaxed) > 0 else { return }
    reportFolded(of: context)
  }

  private static func reportFolded(of context: EffectContext) {
    let id = ObjectIdentifier(context)
    guard let tally = tallies.withLock({ $0.removeValue(forKey: id) }) else { return }
    count.subtract(1, ordering: .relaxed)
    for key in tally.order {
      guard let entry = tally.entries[key], entry.count > 1, !entry.folded else { continue }
      let folded = RunawayIssues.folded(entry.first, count: entry.count, cancelled: false)
      for reporter in entry.reporters { reporter.reportIssue(folded) }
    }
  }

  private static func modify<T, R>(_ value: inout T, _ body: (inout T) -> R) -> R {
    body(&value)
  }
}
