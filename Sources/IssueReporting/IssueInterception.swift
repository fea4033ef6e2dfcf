// A hook that sees every issue before the reporters do, so `reportIssue` stays the single door:
// the store layer installs its runaway rule here (an effect that reports the same issue over
// and over is stopped; ComposableArchitecture's Effects/RunawayIssues.swift).
import Synchronization

/// The issue filter a layer above installs (once per process).
package enum IssueInterception {
  /// Gets each issue first: returns the issue to report (the same one or another), or nil to
  /// report nothing.
  package typealias Filter = @Sendable (ReportedIssue) -> ReportedIssue?

  private static let isInstalled = Atomic<Bool>(false)
  private static let filter = Mutex<Filter?>(nil)

  /// Makes `filter` see every issue reported from now on.
  package static func install(_ filter: @escaping Filter) {
    self.filter.withLock { $0 = filter }
    isInstalled.store(true, ordering: .releasing)
  }

  /// `issue` as the installed filter lets it through (unchanged when none is installed).
  static func apply(_ issue: ReportedIssue) -> ReportedIssue? {
    guard isInstalled.load(ordering: .acquiring), let filter = filter.withLock({ $0 }) else {
      return issue
    }
    return filter(issue)
  }
}
