// The explorer's engine, shared by the Lua front (`deps.explore`) and the Swift entry point
// (`explore(initialState:reducer:actions:invariant:)`): runs seeded random step sequences
// through a trial the caller provides, and when one fails, shrinks it — first removing steps,
// then making each step's decisions simpler — until nothing smaller fails the same way.
// The caller turns the shrunk steps into the report (`ExploreReport`).

/// How a run failed. Two failures are "the same way" when their kinds are equal (the
/// invariant that failed, a Lua error, an issue), whatever their messages say.
public struct ExploreFailure: Equatable, Sendable {
  /// What failed: `invariant 1`, `error`, `issue`…
  public var kind: String
  /// The failure's message, as the report prints it.
  public var message: String

  /// A failure of `kind` saying `message`.
  public init(kind: String, message: String) {
    self.kind = kind
    self.message = message
  }
}

/// What one run did: the decisions of its steps (up to and including a failing one) and how it
/// failed (nil: it held).
package struct ExploreTrialResult {
  package var steps: [ExploreStep]
  package var failure: ExploreFailure?

  package init(steps: [ExploreStep], failure: ExploreFailure?) {
    self.steps = steps
    self.failure = failure
  }
}

/// The steps one run is to take: random ones, or recorded ones replayed.
package struct ExplorePlan {
  private let random: ExploreRandom?
  private let replay: [ExploreStep]
  /// How many steps the run takes at most.
  package let count: Int

  /// `count` random steps from `random`.
  package init(random: ExploreRandom, count: Int) {
    self.random = random
    self.replay = []
    self.count = count
  }

  /// The recorded `steps`, replayed.
  package init(replaying steps: [ExploreStep]) {
    self.random = nil
    self.replay = steps
    self.count = steps.count
  }

  /// The decision streams of step `index` (0-based).
  package func choices(at index: Int) -> ExploreStepChoices {
    if let random {
      // Each step and stream from a generator of its own: what one step draws never moves the
      // decisions of the next.
      func stream(_ salt: UInt64) -> ExploreChoices {
        var generator = random
        for _ in 0..<3 { _ = generator.next() }
        return ExploreChoices(
          random: ExploreRandom(seed: generator.next(), stream: UInt64(index) &* 3 &+ salt))
      }
      return ExploreStepChoices(action: stream(1), clock: stream(2), order: stream(3))
    }
    let step = index < replay.count ? replay[index] : ExploreStep()
    return ExploreStepChoices(
      action: ExploreChoices(replaying: step.action), clock: ExploreChoices(replaying: step.clock),
      order: ExploreChoices(replaying: step.order))
  }
}

/// How an exploration ended.
package enum ExploreOutcome {
  /// Every run held: `runs` runs of `steps` steps in all.
  case passed(runs: Int, steps: Int)
  /// Run `run` (1-based) failed; `steps` are its shrunk steps, `failure` how the shrunk run
  /// fails.
  case falsified(run: Int, steps: [ExploreStep], failure: ExploreFailure)
}

/// Seeded runs, then shrinking of the first failing one.
package struct ExploreEngine {
  /// The seed every run's decisions come from.
  package var seed: UInt64
  /// How many runs, of how many steps each.
  package var runs: Int
  package var steps: Int
  /// The most replays shrinking may spend.
  package var shrinkBudget = 2_000

  package init(seed: UInt64, runs: Int, steps: Int) {
    self.seed = seed
    self.runs = runs
    self.steps = steps
  }

  /// Runs `trial` on `runs` random plans until one fails, then shrinks that one. `trial`
  /// throws only for a problem of the exploration itself (a generator that cannot generate),
  /// which ends it.
  package func explore<E: Error>(
    _ trial: (ExplorePlan) throws(E) -> ExploreTrialResult
  ) throws(E) -> ExploreOutcome {
    var total = 0
    for run in 0..<runs {
      let plan = ExplorePlan(random: ExploreRandom(seed: seed, stream: UInt64(run)), count: steps)
      let result = try trial(plan)
      total += result.steps.count
      if let failure = result.failure {
        var shrinker = Shrinker(best: result.steps, failure: failure, budget: shrinkBudget)
        try shrinker.shrink(trial)
        return .falsified(run: run + 1, steps: shrinker.best, failure: shrinker.failure)
      }
    }
    return .passed(runs: runs, steps: total)
  }
}

/// Shrinking of a failing run: the smallest steps found so far that fail the same way.
private struct Shrinker {
  var best: [ExploreStep]
  var failure: ExploreFailure
  var budget: Int

  /// Replays `candidate`; keeps it (as recorded, up to its failing step) when it fails the
  /// same way.
  private mutating func attempt<E: Error>(
    _ candidate: [ExploreStep], _ trial: (ExplorePlan) throws(E) -> ExploreTrialResult
  ) throws(E) -> Bool {
    guard budget > 0 else { return false }
    budget -= 1
    let result = try trial(ExplorePlan(replaying: candidate))
    guard let found = result.failure, found.kind == failure.kind,
      Self.isSimpler(result.steps, than: best)
    else { return false }
    best = result.steps
    failure = found
    return true
  }

  /// Shortlex order on the decisions: fewer steps, then fewer decisions, then smaller ones
  /// first. Only a simpler run replaces the best one, so shrinking never grows a value.
  static func isSimpler(_ a: [ExploreStep], than b: [ExploreStep]) -> Bool {
    if a.count != b.count { return a.count < b.count }
    let sizeA = a.reduce(0) { $0 + $1.size }
    let sizeB = b.reduce(0) { $0 + $1.size }
    if sizeA != sizeB { return sizeA < sizeB }
    let flatA = a.flatMap { $0.action + $0.clock + $0.order }
    let flatB = b.flatMap { $0.action + $0.clock + $0.order }
    return flatA.lexicographicallyPrecedes(flatB)
  }

  mutating func shrink<E: Error>(
    _ trial: (ExplorePlan) throws(E) -> ExploreTrialResult
  ) throws(E) {
    var changed = true
    while changed, budget > 0 {
      changed = false
      // Remove steps: halves first, then smaller chunks, down to single steps.
      var chunk = max(1, best.count / 2)
      while chunk >= 1 {
        var start = 0
        while start + chunk <= best.count {
          var candidate = best
          candidate.removeSubrange(start..<(start + chunk))
          if try attempt(candidate, trial) { changed = true } else { start += 1 }
        }
        chunk /= 2
      }
      // Simplify each step's decisions: drop a decision, then make each one smaller.
      for index in best.indices {
        for stream in [\ExploreStep.action, \ExploreStep.clock, \ExploreStep.order] {
          if try simplify(step: index, stream: stream, trial) { changed = true }
        }
      }
    }
  }

  /// Simplifies the stream `stream` of step `index`; true when something got simpler.
  private mutating func simplify<E: Error>(
    step index: Int, stream: WritableKeyPath<ExploreStep, [UInt64]>,
    _ trial: (ExplorePlan) throws(E) -> ExploreTrialResult
  ) throws(E) -> Bool {
    var changed = false
    var position = 0
    while index < best.count, position < best[index][keyPath: stream].count {
      // Dropping a decision (an element of a list) shortens what follows it.
      var candidate = best
      candidate[index][keyPath: stream].remove(at: position)
      if best[index][keyPath: stream].count > position + 1, try attempt(candidate, trial) {
        changed = true
        continue
      }
      // Dropping an element of a list or string along with one from its length (a decision
      // shortly before it).
      var dropped = false
      for earlier in stride(from: position - 1, through: max(0, position - 8), by: -1)
      where candidate[index][keyPath: stream][earlier] > 0 {
        var shorter = candidate
        shorter[index][keyPath: stream][earlier] -= 1
        if try attempt(shorter, trial) {
          dropped = true
          break
        }
      }
      if dropped {
        changed = true
        continue
      }
      guard index < best.count, position < best[index][keyPath: stream].count else { break }
      let value = best[index][keyPath: stream][position]
      if value > 0 {
        // The smallest value that still fails, by bisection (0 first).
        var low: UInt64 = 0
        var high = value
        while low < high {
          let middle = low + (high - low) / 2
          var smaller = best
          smaller[index][keyPath: stream][position] = middle
          if try attempt(smaller, trial) {
            high = middle
            changed = true
            guard index < best.count, position < best[index][keyPath: stream].count else {
              return changed
            }
          } else {
            low = middle + 1
          }
        }
      }
      position += 1
    }
    return changed
  }
}

/// One step of a falsified run, as the report shows it.
public struct ExploreStepReport: Sendable {
  /// The action sent, with its payload (`lap 3`).
  public var action: String
  /// The actions its effects sent, in order.
  public var received: [String]
  /// How far the test clock moved after it (nil or 0: not at all), in seconds.
  public var advance: Double?
  /// How many of `received` came before the clock moved (nil: all of them).
  public var receivedBeforeAdvance: Int?
  /// The state after the step.
  public var state: String

  /// A step's report.
  public init(
    action: String, received: [String] = [], advance: Double? = nil,
    receivedBeforeAdvance: Int? = nil, state: String
  ) {
    self.action = action
    self.received = received
    self.advance = advance
    self.receivedBeforeAdvance = receivedBeforeAdvance
    self.state = state
  }
}

/// The explorer's report texts (docs/explore.md shows them).
public enum ExploreReport {
  /// `falsified after R runs (seed S): shrunk to N steps`, the numbered steps, the message.
  public static func falsified(
    runs: Int, seed: UInt64, steps: [ExploreStepReport], message: String
  ) -> String {
    var lines = [
      "falsified after \(runs) \(runs == 1 ? "run" : "runs") (seed \(seed)): shrunk to "
        + "\(steps.count) \(steps.count == 1 ? "step" : "steps")"
    ]
    for (offset, step) in steps.enumerated() {
      lines.append("  \(offset + 1). " + indented(step.action, by: 5))
      let early = min(step.receivedBeforeAdvance ?? step.received.count, step.received.count)
      for action in step.received[..<early] {
        lines.append("     received " + indented(action, by: 14))
      }
      if let advance = step.advance, advance > 0 {
        lines.append("     clock +\(seconds(advance)) s")
      }
      for action in step.received[early...] {
        lines.append("     received " + indented(action, by: 14))
      }
      lines.append("     state: " + indented(step.state, by: 12))
    }
    lines.append(
      contentsOf: message.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : "  " + $0 })
    return lines.joined(separator: "\n")
  }

  /// `text` with every line after the first indented by `count` spaces.
  private static func indented(_ text: String, by count: Int) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .joined(separator: "\n" + String(repeating: " ", count: count))
  }

  /// `passed R runs, T steps (seed S)`.
  public static func passed(runs: Int, steps: Int, seed: UInt64) -> String {
    "passed \(runs) \(runs == 1 ? "run" : "runs"), \(steps) \(steps == 1 ? "step" : "steps")"
      + " (seed \(seed))"
  }

  /// Seconds without a trailing `.0` (`1.5`, `2`).
  public static func seconds(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
