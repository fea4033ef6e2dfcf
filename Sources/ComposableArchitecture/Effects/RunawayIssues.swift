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

/// The issues one effect reported, by message (`EffectContext.issueTally`, under its lock: an
/// effect's child tasks may report at once).
struct IssueTally {
  var counts: [String: Int] = [:]
  /// The first report of each message, in order (the location the folded issue points to).
  var firsts: [ReportedIssue] = []
  /// Messages whose folded issue was reported.
  var folded: Set<String> = []
}

extension EffectContext {
  /// What becomes of `issue` reported inside the effect: the first of its message goes
  /// through; a repeat is folded, and the one reaching the bound cancels the effect's task and
  /// is reported as the folded issue.
  func admit(_ issue: ReportedIssue) -> ReportedIssue? {
    let count: Int = issueTally.withLock { slot in
      // Moved out and back, so the collections stay uniquely referenced (no copy).
      var tally = slot ?? IssueTally()
      slot = nil
      defer { slot = tally }
      let count = (tally.counts[issue.message] ?? 0) + 1
      tally.counts[issue.message] = count
      if count == 1 { tally.firsts.append(issue) }
      if count == RunawayIssues.limit { tally.folded.insert(issue.message) }
      return count
    }
    if count == 1 { return issue }
    hasIssueRepeats.store(true, ordering: .relaxed)
    guard count == RunawayIssues.limit else { return nil }
    withUnsafeCurrentTask { $0?.cancel() }
    return RunawayIssues.folded(issue, count: count, cancelled: true)
  }

  /// When the effect ends: reports the folded repeats not reported at the bound.
  func reportFoldedIssues() {
    guard hasIssueRepeats.load(ordering: .relaxed) else { return }
    let pending: [(ReportedIssue, Int)] = issueTally.withLock { slot in
      guard var tally = slot else { return [] }
      slot = nil
      defer { slot = tally }
      let pending = tally.firsts.compactMap { first -> (ReportedIssue, Int)? in
        let count = tally.counts[first.message] ?? 0
        guard count > 1, !tally.folded.contains(first.message) else { return nil }
        return (first, count)
      }
      for (first, _) in pending { tally.folded.insert(first.message) }
      return pending
    }
    for (first, count) in pending {
      IssueInterception.reportUnfiltered(
        RunawayIssues.folded(first, count: count, cancelled: false))
    }
  }
}
