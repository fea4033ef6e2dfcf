// The `withRandomNumberGenerator` dependency: `DependencyValues.withRandomNumberGenerator`, its
// key, `WithRandomNumberGenerator` (as in swift-dependencies) and `LCRNG`, a seedable generator
// for deterministic tests. live: `SystemRandomNumberGenerator`. No test value: read
// unoverridden in a test it reports "has no test implementation …" and uses the live one.
#if canImport(FoundationEssentials)
import DepsConcurrency
import FoundationEssentials
#else
import Foundation
#endif

extension DependencyValues {
  /// A dependency that yields a random number generator to a closure.
  ///
  /// ```swift
  /// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  /// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
  ///
  /// // In a test:
  /// withDependencies {
  ///   $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 0))
  /// } operation: { … }
  /// ```
  /// live: `SystemRandomNumberGenerator`. It has no test value: read unoverridden in the test
  /// context it reports that, and then uses the system generator.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }

  private enum WithRandomNumberGeneratorKey: DependencyKey {
    typealias Value = WithRandomNumberGenerator
    static let liveValue: WithRandomNumberGenerator = WithRandomNumberGenerator(
      SystemRandomNumberGenerator())
  }
}

/// A dependency that yields a random number generator to a closure. The generator is shared by
/// every copy and used by one closure at a time (a lock is held while `work` runs, so `work`
/// must not call the same dependency again).
///
/// ```swift
/// let random = WithRandomNumberGenerator(LCRNG(seed: 42))
/// let coin = random { Bool.random(using: &$0) }
/// ```
public final class WithRandomNumberGenerator: @unchecked Sendable {
  // Only touched while `lock` is held; the initial value was Sendable.
  private var generator: any RandomNumberGenerator
  private let lock = ReentrantLock()
  /// Set only for a traced store's copy: told how many numbers each call drew.
  private let drawn: (@Sendable (Int) -> Void)?
  /// A traced copy's original, whose generator it draws from (nil otherwise).
  private let traced: WithRandomNumberGenerator?

  /// Wraps `generator`; every call of the dependency advances it.
  ///
  /// ```swift
  /// WithRandomNumberGenerator(SystemRandomNumberGenerator())
  /// ```
  /// - Parameter generator: the generator to yield.
  public init<T: RandomNumberGenerator & Sendable>(_ generator: T) {
    self.generator = generator
    self.drawn = nil
    self.traced = nil
  }

  /// Draws from `inner` and tells `drawn` how many numbers each call drew (a traced store's).
  package init(
    counting inner: WithRandomNumberGenerator, _ drawn: @escaping @Sendable (Int) -> Void
  ) {
    self.generator = SystemRandomNumberGenerator()  // unused: calls draw from `inner`'s
    self.drawn = drawn
    self.traced = inner
  }

  /// Runs `work` with exclusive access to the generator and returns its result.
  ///
  /// ```swift
  /// let dice = withRandomNumberGenerator { generator in
  ///   (Int.random(in: 1...6, using: &generator), Int.random(in: 1...6, using: &generator))
  /// }
  /// ```
  /// - Parameter work: uses the generator; an error it throws is rethrown (the generator keeps
  ///   the values it produced).
  /// - Returns: what `work` returns.
  public func callAsFunction<R>(_ work: (inout any RandomNumberGenerator) throws -> R) rethrows
    -> R
  {
    lock.lock()
    defer { lock.unlock() }
    guard let drawn, let traced else { return try work(&generator) }
    // A traced copy lends the original's generator (so both advance, or are replaced, alike),
    // counting what this call draws through it.
    return try traced { original in
      let count = CountingGenerator.Count()
      var counting: any RandomNumberGenerator = CountingGenerator(base: original, count: count)
      defer {
        // A `work` that replaced the generator leaves its own in the original, as untraced.
        original = (counting as? CountingGenerator)?.base ?? counting
        drawn(count.value)
      }
      return try work(&counting)
    }
  }
}

/// Draws from `base`, counting the numbers drawn.
private struct CountingGenerator: RandomNumberGenerator {
  /// The numbers drawn, kept when the generator itself is replaced.
  final class Count {
    var value = 0
  }

  var base: any RandomNumberGenerator
  let count: Count

  mutating func next() -> UInt64 {
    count.value += 1
    return base.next()
  }
}

/// A seedable linear congruential random number generator: the same seed gives the same
/// sequence on every run and platform. For tests, not for secrets.
///
/// ```swift
/// var generator = LCRNG(seed: 0)
/// generator.next()  // 3037000493
/// Int.random(in: 1...6, using: &generator)
/// ```
public struct LCRNG: RandomNumberGenerator, Sendable, Hashable {
  /// The current state; each `next()` replaces it with the value it returns.
  ///
  /// ```swift
  /// var generator = LCRNG(seed: 7)
  /// _ = generator.next()
  /// let saved = generator.seed  // resume later with LCRNG(seed: saved)
  /// ```
  public var seed: UInt64

  /// Creates a generator starting from `seed`.
  ///
  /// ```swift
  /// let generator = LCRNG(seed: 42)
  /// ```
  /// - Parameter seed: the initial state.
  public init(seed: UInt64) {
    self.seed = seed
  }

  /// Advances the state (`seed = 2862933555777941757 × seed + 3037000493`, wrapping) and
  /// returns it.
  ///
  /// ```swift
  /// var generator = LCRNG(seed: 1)
  /// let value = generator.next()
  /// ```
  public mutating func next() -> UInt64 {
    seed = 2_862_933_555_777_941_757 &* seed &+ 3_037_000_493
    return seed
  }
}
