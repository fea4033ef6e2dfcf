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
    return context.admit(issue)
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
    for (clock, path) in [("ContinuousClock", "continuousClock"), ("SuspendingClock", "suspendingClock")]
    where message.hasPrefix("Unimplemented: \(clock).") {
      return "To fix, give the store a test clock: $0.\(path) = TestClock()"
    }
    return "To fix, override the dependency the effect keeps reaching, or end the effect's loop."
  }
}

/// The issues one effect reported, by message and by the reporters they went to
/// (`EffectContext.issueTally`, under its lock: an effect's child tasks may report at once). An
/// issue repeated under other reporters (a `withExpectedIssue` inside the effect) is another
/// issue: it is never folded into the effect's.
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

extension EffectContext {
  /// What becomes of `issue` reported inside the effect: the first of its message (under the
  /// current reporters) goes through; a repeat is folded, and the one reaching the bound
  /// cancels the effect's task and is reported as the folded issue.
  func admit(_ issue: ReportedIssue) -> ReportedIssue? {
    let reporters = IssueReporters.current
    let key = RunawayIssues.key(issue, reporters)
    let count: Int = issueTally.withLock { slot in
      // Moved out and back, so the collections stay uniquely referenced (no copy).
      var tally = slot ?? IssueTally()
      slot = nil
      defer { slot = tally }
      if var entry = tally.entries[key] {
        entry.count += 1
        if entry.count == RunawayIssues.limit { entry.folded = true }
        tally.entries[key] = entry
        return entry.count
      }
      tally.entries[key] = IssueTally.Entry(first: issue, reporters: reporters, count: 1)
      tally.order.append(key)
      return 1
    }
    if count == 1 { return issue }
    hasIssueRepeats.store(true, ordering: .relaxed)
    guard count == RunawayIssues.limit else { return nil }
    withUnsafeCurrentTask { $0?.cancel() }
    return RunawayIssues.folded(issue, count: count, cancelled: true)
  }

  /// When the effect ends: reports the folded repeats not reported at the bound, each to the
  /// reporters its issue went to.
  func reportFoldedIssues() {
    guard hasIssueRepeats.load(ordering: .relaxed) else { return }
    let pending: [IssueTally.Entry] = issueTally.withLock { slot in
      guard var tally = slot else { return [] }
      slot = nil
      defer { slot = tally }
      var pending: [IssueTally.Entry] = []
      for key in tally.order {
        guard var entry = tally.entries[key], entry.count > 1, !entry.folded else { continue }
        entry.folded = true
        tally.entries[key] = entry
        pending.append(entry)
      }
      return pending
    }
    for entry in pending {
      let folded = RunawayIssues.folded(entry.first, count: entry.count, cancelled: false)
      for reporter in entry.reporters { reporter.reportIssue(folded) }
    }
  }
}
