// How strictly a `TestStore` checks: every change and action (`.on`, the default) or only what
// the test asserts (`.off`).

/// How exhaustively a `TestStore` asserts.
///
/// ```swift
/// store.exhaustivity = .off(showSkippedAssertions: true)
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only what the test asserts is checked; with `showSkippedAssertions`, what was skipped is
  /// printed as a note (not a failure).
  case off(showSkippedAssertions: Bool)

  /// `.off(showSkippedAssertions: false)`.
  public static var off: Self { .off(showSkippedAssertions: false) }
}
