// The `assert` and `assertionFailure` dependencies: `DependencyValues.assert` /
// `.assertionFailure`, their key and the `AssertionEffect` / `AssertionFailureEffect` protocols,
// as in swift-dependencies. live: Swift's `assert` (checked in debug builds only); test: a
// failed condition reports an issue with the message, at the caller's file and line, and the
// program goes on.

import IssueReporting
extension DependencyValues {
  /// A dependency for checking assertions: Swift's `assert` when live, a reported issue (a test
  /// failure) in tests, so tests can exercise the failing path.
  ///
  /// ```swift
  /// func operate(_ n: Int) {
  ///   @Dependency(\.assert) var assert
  ///   assert(n > 0, "Number must be greater than zero")
  /// }
  ///
  /// // In a test:
  /// withExpectedIssue { operate(0) }
  /// ```
  public var assert: any AssertionEffect {
    get { self[AssertKey.self] }
    set { self[AssertKey.self] = newValue }
  }

  /// A dependency for failing an assertion: `assert` with a `false` condition.
  ///
  /// ```swift
  /// @Dependency(\.assertionFailure) var assertionFailure
  /// assertionFailure("Unexpected state")
  /// ```
  public var assertionFailure: any AssertionFailureEffect {
    AssertionFailure(base: assert)
  }
}

/// Checks a condition: the type of `DependencyValues.assert`.
///
/// ```swift
/// let assert: any AssertionEffect = AnyAssertionEffect { condition, message, file, line in
///   if !condition() { print("\(file):\(line): \(message())") }
/// }
/// assert(1 + 1 == 2, "Arithmetic")
/// ```
public protocol AssertionEffect: Sendable {
  /// Checks `condition`; on failure, acts on `message` (stops a debug build, or reports).
  ///
  /// ```swift
  /// assert.callAsFunction(count >= 0, "count went negative", file: #file, line: #line)
  /// ```
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  )
}

extension AssertionEffect {
  /// Checks `condition`, pointing at the caller on failure.
  ///
  /// ```swift
  /// @Dependency(\.assert) var assert
  /// assert(count >= 0, "count went negative")
  /// ```
  @_disfavoredOverload
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) {
    callAsFunction(condition(), message(), file: file, line: line)
  }
}

/// Fails an assertion: the type of `DependencyValues.assertionFailure`.
///
/// ```swift
/// @Dependency(\.assertionFailure) var assertionFailure
/// assertionFailure("Unreachable")
/// ```
public protocol AssertionFailureEffect: Sendable {
  /// Fails with `message`.
  ///
  /// ```swift
  /// assertionFailure.callAsFunction("Unreachable", file: #file, line: #line)
  /// ```
  func callAsFunction(
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  )
}

extension AssertionFailureEffect {
  /// Fails with `message`, pointing at the caller.
  ///
  /// ```swift
  /// assertionFailure("Unreachable")
  /// ```
  @_disfavoredOverload
  public func callAsFunction(
    _ message: @autoclosure () -> String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) {
    callAsFunction(message(), file: file, line: line)
  }
}

/// An `AssertionEffect` that calls a closure.
///
/// ```swift
/// withDependencies {
///   $0.assert = AnyAssertionEffect { condition, message, _, _ in
///     if !condition() { log.append(message()) }
///   }
/// } operation: { … }
/// ```
public struct AnyAssertionEffect: AssertionEffect {
  private let assert:
    @Sendable (
      _ condition: @autoclosure () -> Bool,
      _ message: @autoclosure () -> String,
      _ file: StaticString,
      _ line: UInt
    ) -> Void

  /// Creates an effect from a closure receiving the condition, message, file and line.
  ///
  /// ```swift
  /// let ignoring = AnyAssertionEffect { _, _, _, _ in }
  /// ```
  /// - Parameter assert: called for every check.
  public init(
    _ assert:
      @escaping @Sendable (
        _ condition: @autoclosure () -> Bool,
        _ message: @autoclosure () -> String,
        _ file: StaticString,
        _ line: UInt
      ) -> Void
  ) {
    self.assert = assert
  }

  /// Passes the check to the closure.
  ///
  /// ```swift
  /// effect(true, "never shown", file: #file, line: #line)
  /// ```
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    assert(condition(), message(), file, line)
  }
}

/// live: Swift's `assert`.
private struct LiveAssertionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    Swift.assert(condition(), message(), file: file, line: line)
  }
}

/// test: a failed condition reports an issue at `file:line` (also the test value of
/// `\.precondition`).
struct TestAssertionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    guard condition() else {
      reportIssue(message(), fileID: file, filePath: file, line: line, column: 0)
      return
    }
  }
}

/// `assertionFailure` in terms of whichever `assert` is in effect.
private struct AssertionFailure: AssertionFailureEffect {
  let base: any AssertionEffect

  func callAsFunction(
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    base(false, message(), file: file, line: line)
  }
}

private enum AssertKey: DependencyKey {
  package static let liveValue: any AssertionEffect = LiveAssertionEffect()
  static let testValue: any AssertionEffect = TestAssertionEffect()
}
