// The `date` dependency: `DependencyValues.date`, its key and `DateGenerator`, as in
// swift-dependencies. live: the system clock's `Date()`. It has no test value: read
// unoverridden in a test it reports "@Dependency(\.date) has no test implementation …" once (the
// value is cached) and then hands out the live generator. Reading it while setting up (as the
// key path `\.date.now` does when a trait writes through it) reports nothing.
#if canImport(FoundationEssentials)
import FoundationEssentials
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
  /// live: `Date()`. It has no test value: read unoverridden in the test context it reports
  /// that, and then hands out the live generator.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }

  private enum DateGeneratorKey: DependencyKey {
    static let liveValue = DateGenerator { Date() }
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
