// The `precondition` dependency, as in swift-dependencies: live, Swift's `precondition` (checked
// in release builds too); in tests, a failed condition reports an issue with the message at the
// caller's file and line, and the program goes on, so tests can exercise the failing path.

extension DependencyValues {
  /// A dependency for checking preconditions: Swift's `precondition` when live, a reported issue
  /// (a test failure) in tests.
  ///
  /// ```swift
  /// func withdraw(_ amount: Int) {
  ///   @Dependency(\.precondition) var precondition
  ///   precondition(amount > 0, "Amount must be positive")
  /// }
  ///
  /// // In a test:
  /// withExpectedIssue { withdraw(0) }
  /// ```
  public var precondition: any AssertionEffect {
    get { self[PreconditionKey.self] }
    set { self[PreconditionKey.self] = newValue }
  }
}

/// live: Swift's `precondition`.
private struct LivePreconditionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    Swift.precondition(condition(), message(), file: file, line: line)
  }
}

private enum PreconditionKey: DependencyKey {
  package static let liveValue: any AssertionEffect = LivePreconditionEffect()
  static let testValue: any AssertionEffect = TestAssertionEffect()
}
