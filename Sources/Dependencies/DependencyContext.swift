// Where dependency values come from: live, preview or test. The default is read once from the
// environment: DEPS_CONTEXT=live|preview|test, else test under `swift test`, else live.

import DepsRuntime
import IssueReporting
#if canImport(Glibc)
import Glibc
#endif

/// The context dependencies are resolved in: it picks `liveValue`, `previewValue` or
/// `testValue` for keys without an override.
///
/// ```swift
/// withDependencies { $0.context = .preview } operation: { … }
/// ```
public enum DependencyContext: String, Sendable, Hashable, CaseIterable {
  /// Running for real: `liveValue`.
  case live
  /// Exploring (previews, the REPL): `previewValue`.
  case preview
  /// Under test: `testValue`.
  case test

  /// The process default: `DEPS_CONTEXT` if set to a context name (any other value reports an
  /// issue and is ignored), else `.test` under `swift test`, else `.live`.
  public static let `default`: DependencyContext = {
    let raw = getenv("DEPS_CONTEXT").map { String(cString: $0) }
    let (context, issue) = resolve(
      environment: raw, fallback: TestFrameworks.isRunningTests ? .test : .live)
    if let issue { reportIssue(issue) }
    return context
  }()

  /// The context a `DEPS_CONTEXT` value picks (`raw`, nil when unset), and the issue to report
  /// when it names no context (then `fallback` is used, as when it is unset or empty).
  package static func resolve(environment raw: String?, fallback: DependencyContext)
    -> (DependencyContext, issue: String?)
  {
    guard let raw, !raw.isEmpty else { return (fallback, nil) }
    if let context = DependencyContext(rawValue: raw) { return (context, nil) }
    return (fallback, invalidEnvironmentMessage(raw, fallback: fallback))
  }

  package static func invalidEnvironmentMessage(_ raw: String, fallback: DependencyContext)
    -> String
  {
    """
    An environment value for DEPS_CONTEXT was provided but did not match "live", "preview", \
    or "test".

      DEPS_CONTEXT = \(raw.debugDescription)

    Using the "\(fallback.rawValue)" context instead.
    """
  }
}
