// The `date` dependency: `DependencyValues.date`, its key and `DateGenerator`, as in
// swift-dependencies. live: the system clock's `Date()`; test: reports
// `Unimplemented: @Dependency(\.date)` on every call, then returns `Date()`.
#if canImport(FoundationEssentials)
import FoundationEssentials
import IssueReporting
#else
import Foundation
#endif

extension DependencyValues {
  /// A dependency that returns the current date.
  ///
  /// ```swift
  /// @Dependency(\.date.now) var now
  /// let todo = Todo(createdAt: now)
  ///
  /// // In a test:
  /// withDependencies {
  ///   $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
  /// } operation: { … }
  /// ```
  /// live: `Date()`. In tests, an unoverridden generator reports
  /// `Unimplemented: @Dependency(\.date)` each time it is called (and still returns `Date()`).
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }

  private enum DateGeneratorKey: DependencyKey {
    static let liveValue = DateGenerator { Date() }
    static let testValue = DateGenerator {
      reportIssue(#"Unimplemented: @Dependency(\.date)"#)
      return Date()
    }
  }
}

/// A dependency that generates a date.
///
/// ```swift
/// let generator = DateGenerator.constant(Date(timeIntervalSince1970: 0))
/// generator()      // 1970-01-01 00:00:00 +0000
/// generator.now    // the same
/// ```
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// A generator that always returns `now`.
  ///
  /// ```swift
  /// withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) } operation: { … }
  /// ```
  /// - Parameter now: the date to return.
  /// - Returns: a generator that always returns the given date.
  public static func constant(_ now: Date) -> Self {
    Self { now }
  }

  /// The current date. Setting it makes the generator return the new value from then on.
  ///
  /// ```swift
  /// withDependencies { $0.date.now = Date(timeIntervalSince1970: 0) } operation: { … }
  /// ```
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// Creates a date generator from a closure.
  ///
  /// ```swift
  /// let generator = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) }
  /// ```
  /// - Parameter generate: returns the current date when called.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// Returns the current date.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  /// let createdAt = date()
  /// ```
  public func callAsFunction() -> Date {
    generate()
  }
}
