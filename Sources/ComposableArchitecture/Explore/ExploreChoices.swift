// The explorer's source of decisions (docs/explore.md): every random decision of a run — which
// action, which payload, how far the test clock moves, which ready effect runs next — is a
// number drawn from an `ExploreChoices`, recorded as it is drawn. Replaying the recorded numbers
// replays the run; shrinking makes the numbers smaller, and 0 always means the simplest
// decision (the first action, the smallest payload, no clock move, the oldest ready effect).

/// SplitMix64: the same numbers for the same seed on every machine.
package struct ExploreRandom: Sendable {
  private var state: UInt64

  /// A generator for `seed`, salted by `stream` (run 1, run 2, … of one seed).
  package init(seed: UInt64, stream: UInt64 = 0) {
    state = seed &+ stream &* 0x9E37_79B9_7F4A_7C15
    _ = next()
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<count` (count > 0), small numbers (simple decisions) more often.
  package mutating func below(_ count: UInt64) -> UInt64 {
    let roll = next()
    // One draw in four stays among the 8 simplest decisions, so edges (0, empty) come up.
    if count > 8, roll & 3 == 0 { return (roll >> 2) % 8 }
    return (roll >> 2) % count
  }
}

/// One stream of decisions of a step: drawn at random (and recorded) or replayed.
///
/// A replayed stream gives back its numbers (each capped below the count asked for) and 0 once
/// they run out, so a shortened or simplified stream is still a valid run.
public final class ExploreChoices {
  /// The decisions drawn so far.
  package private(set) var values: [UInt64] = []
  private let replay: [UInt64]
  private var position = 0
  private var random: ExploreRandom?

  /// A stream drawing at random from `random`.
  package init(random: ExploreRandom) {
    self.replay = []
    self.random = random
  }

  /// A stream replaying `values`.
  package init(replaying values: [UInt64]) {
    self.replay = values
    self.random = nil
  }

  /// The random generator left after the draws (to continue another stream from it).
  package var remainingRandom: ExploreRandom? { random }

  /// A decision in `0..<count`; 0 is the simplest. A count of 0 or 1 draws nothing.
  public func choose(_ count: UInt64) -> UInt64 {
    guard count > 1 else { return 0 }
    let value: UInt64
    if var generator = random {
      value = generator.below(count)
      random = generator
    } else {
      value = position < replay.count ? min(replay[position], count - 1) : 0
    }
    position += 1
    values.append(value)
    return value
  }

  /// An integer in `lo...hi` that shrinks toward the value nearest 0 in the range.
  public func integer(_ lo: Int, _ hi: Int) -> Int {
    guard lo < hi else { return lo }
    if lo >= 0 { return lo &+ Int(truncatingIfNeeded: choose(UInt64(hi - lo) &+ 1)) }
    if hi <= 0 { return hi &- Int(truncatingIfNeeded: choose(UInt64(hi - lo) &+ 1)) }
    // The range holds 0: a sign (0: positive), then a distance from 0.
    if choose(2) == 0 { return Int(truncatingIfNeeded: choose(UInt64(hi) &+ 1)) }
    return -Int(truncatingIfNeeded: choose(UInt64(-(lo + 1)) &+ 1)) - 1
  }
}

/// The recorded decisions of one step, by stream.
package struct ExploreStep: Equatable, Sendable {
  /// Which action, and its payload.
  package var action: [UInt64] = []
  /// How far the test clock moves after it.
  package var clock: [UInt64] = []
  /// Which ready effect runs next, each time several are ready.
  package var order: [UInt64] = []

  package init(action: [UInt64] = [], clock: [UInt64] = [], order: [UInt64] = []) {
    self.action = action
    self.clock = clock
    self.order = order
  }

  /// The number of decisions (a measure of how simple the step is).
  var size: Int { action.count + clock.count + order.count }
}

/// The decision streams a step draws from.
public struct ExploreStepChoices {
  /// Which action, and its payload.
  public let action: ExploreChoices
  /// How far the test clock moves.
  public let clock: ExploreChoices
  /// Which ready effect runs next.
  public let order: ExploreChoices

  /// The step these streams recorded.
  package var recorded: ExploreStep {
    ExploreStep(action: action.values, clock: clock.values, order: order.values)
  }
}
