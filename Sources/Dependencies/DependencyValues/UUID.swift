// The `uuid` dependency: `DependencyValues.uuid`, its key and `UUIDGenerator`, as in
// swift-dependencies. live: `UUID()`. No test value: reading it unoverridden in a test reports
// "@Dependency(\.uuid) has no test implementation …" and hands out the live generator.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

extension DependencyValues {
  /// A dependency that generates UUIDs.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// todos.append(Todo(id: uuid()))
  ///
  /// // In a test:
  /// withDependencies { $0.uuid = .incrementing } operation: { … }
  /// // ids: 00000000-0000-0000-0000-000000000000, …-000000000001, …
  /// ```
  /// live: `UUID()`. It has no test value: read unoverridden in the test context it reports
  /// that, and then generates random UUIDs.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }

  private enum UUIDGeneratorKey: DependencyKey {
    typealias Value = UUIDGenerator
    static let liveValue: UUIDGenerator = UUIDGenerator { UUID() }
  }
}

/// A dependency that generates a UUID.
///
/// ```swift
/// let generate = UUIDGenerator.incrementing
/// generate()  // 00000000-0000-0000-0000-000000000000
/// generate()  // 00000000-0000-0000-0000-000000000001
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that always returns `uuid`.
  ///
  /// ```swift
  /// withDependencies { $0.uuid = .constant(UUID(0)) } operation: { … }
  /// ```
  /// - Parameter uuid: the UUID to return.
  /// - Returns: a generator that always returns the given UUID.
  public static func constant(_ uuid: UUID) -> Self {
    Self { uuid }
  }

  /// A generator of UUIDs counting up from `00000000-0000-0000-0000-000000000000`; safe to
  /// call from several threads (each call gets the next number). Each access makes a new
  /// generator starting from zero.
  ///
  /// ```swift
  /// let generate = UUIDGenerator.incrementing
  /// generate()  // UUID(0)
  /// generate()  // UUID(1)
  /// ```
  public static var incrementing: Self {
    let sequence = IncrementingUUIDSequence()
    return Self { sequence.next() }
  }

  /// Creates a UUID generator from a closure.
  ///
  /// ```swift
  /// let generator = UUIDGenerator { UUID(42) }
  /// ```
  /// - Parameter generate: returns a UUID when called.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Returns a UUID.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// let id = uuid()
  /// ```
  public func callAsFunction() -> UUID {
    generate()
  }
}

extension UUID {
  /// Creates a UUID from an integer: its magnitude in hex in the last 16 digits, and a `1` in
  /// the 16th digit when negative (as swift-dependencies does).
  ///
  /// ```swift
  /// UUID(16)   // 00000000-0000-0000-0000-000000000010
  /// UUID(-16)  // 00000000-0000-0001-0000-000000000010
  /// ```
  /// - Parameter intValue: the number to encode.
  public init(_ intValue: Int) {
    let magnitude = UInt64(intValue.magnitude)
    func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: magnitude >> (56 - 8 * index)) }
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, intValue < 0 ? 1 : 0,
        byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
      ))
  }
}

/// The shared counter behind one `UUIDGenerator.incrementing`.
private final class IncrementingUUIDSequence: Sendable {
  private let counter = Mutex(0)

  func next() -> UUID {
    UUID(
      counter.withLock { count in
        defer { count += 1 }
        return count
      })
  }
}
