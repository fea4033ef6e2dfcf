// The Swift entry point of the explorer (docs/explore.md, docs/swift-tca-surface.md): the same
// engine, shrinking and report as Lua's `deps.explore`, over a Swift `TestStore`.
import CustomDump
import Dependencies
import IssueReporting

#if canImport(Glibc)
import Glibc
#endif

/// How a property held: its runs, steps and seed, and the report line.
public struct ExploreSummary: Sendable, Equatable {
  /// How many runs, and steps in all.
  public let runs: Int
  public let steps: Int
  /// The seed the runs came from.
  public let seed: UInt64
  /// `passed R runs, T steps (seed S)`.
  public var report: String { ExploreReport.passed(runs: runs, steps: steps, seed: seed) }

  /// A summary of `runs` runs of `steps` steps in all from `seed`.
  public init(runs: Int, steps: Int, seed: UInt64) {
    self.runs = runs
    self.steps = steps
    self.seed = seed
  }
}

/// A property that did not hold: the explorer's report of its shrunk run.
public struct ExploreFalsified: Error, CustomStringConvertible, Sendable {
  /// `falsified after R runs (seed S): shrunk to N steps`, the steps, the failure.
  public let report: String
  /// The seed the runs came from (pass it as `seed:` to run them again).
  public let seed: UInt64
  /// How many steps the shrunk run has.
  public let steps: Int
  public var description: String { report }
}

/// Explores a feature: `runs` runs of `steps` actions drawn from `actions`, each run in a fresh
/// non-exhaustive `TestStore`, with `invariant` checked after every step (an action and what
/// its effects sent until they wait; with a test clock, the clock then moves by a drawn
/// amount). Ready effects run in a drawn order, so races show up. An invariant returning
/// false or an issue reported (an unimplemented dependency) fails a run; the first failing run
/// is shrunk and thrown as `ExploreFalsified`.
///
/// ```swift
/// @Test func lockOpensOnlyWithItsCode() async throws {
///   try await explore(
///     initialState: Lock.State(),
///     reducer: { Lock() },
///     actions: [Gen.integer(in: 0...9).map(Lock.Action.digit), .constant(.enter)],
///     invariant: { state, action in !(action == .enter && state.isOpen) }
///   )
/// }
/// ```
///
/// - Parameters:
///   - initialState: the first state of every run.
///   - reducer: builds the reducer under test.
///   - actions: the actions to send; each step picks one (the first is the simplest).
///   - invariant: true while the state after a step (and the action sent) is fine.
///   - prepareDependencies: overrides for every run's store.
///   - steps: the steps of a run.
///   - runs: the runs.
///   - seed: the seed (nil: one from the time, printed in the report).
///   - advance: how far the test clock moves after each step (nil: never).
/// - Returns: how the property held.
@discardableResult
public func explore<R: Reducer>(
  initialState: @autoclosure () -> R.State,
  reducer: () -> R,
  actions: [Gen<R.Action>],
  invariant: (_ state: R.State, _ action: R.Action) -> Bool,
  withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
  steps: Int = 10,
  runs: Int = 100,
  seed: UInt64? = nil,
  advance: Gen<Duration>? = Gen.element(of: [.zero, .milliseconds(500), .seconds(1), .seconds(2)])
) async throws(ExploreFalsified) -> ExploreSummary where R.State: Equatable {
  let seed = seed ?? ExploreSeed.fromTime()
  guard !actions.isEmpty else {
    throw ExploreFalsified(
      report: "explore: no actions to send; pass at least one generator in `actions:`",
      seed: seed, steps: 0)
  }
  var records: [ExploreStepReport]?
  func trial(_ plan: ExplorePlan) -> ExploreTrialResult {
    // Each run starts from the defaults the test had, in a cache of its own: what one run
    // created (a counter, a generator's position) never reaches the next.
    // The runs drive their stores synchronously, so the tasks stay on the global executor.
    let store = TestStore(
      initialState: initialState(), reducer: reducer,
      withDependencies: {
        $0.useFreshCache()
        prepareDependencies(&$0)
      }, mainSerialExecutor: false,
      at: SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    let driver = ExploreDriver(store)
    let recorder = RecordingIssueReporter(limit: 100)
    defer { withIssueReporters([recorder]) { driver.close() } }
    var recorded: [ExploreStep] = []
    for position in 0..<plan.count {
      let choices = plan.choices(at: position)
      let action = actions[Int(choices.action.choose(UInt64(actions.count)))].draw(choices.action)
      var duration: Duration?
      if let advance, driver.hasTestClock { duration = advance.draw(choices.clock) }
      driver.log.recording = records != nil
      driver.log.entries.removeAll()
      withIssueReporters([recorder]) {
        driver.step(action, order: choices.order, advance: duration)
      }
      recorded.append(choices.recorded)
      let state = driver.state
      if records != nil {
        let received = driver.log.entries.dropFirst().map {
          SwiftDump.dump($0.action, isRoot: false)
        }
        let seconds = duration.map {
          Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18
        }
        records?.append(
          ExploreStepReport(
            action: SwiftDump.dump(action, isRoot: false), received: received, advance: seconds,
            receivedBeforeAdvance: driver.log.advancedAt.map { max(0, $0 - 1) },
            state: SwiftDump.dump(state)))
      }
      let issues = recorder.takeMessages()
      if !issues.isEmpty {
        return ExploreTrialResult(
          steps: recorded,
          failure: ExploreFailure(kind: "issue", message: issues.joined(separator: "\n\n")))
      }
      if !invariant(state, action) {
        return ExploreTrialResult(
          steps: recorded, failure: ExploreFailure(kind: "invariant 1", message: "invariant failed")
        )
      }
    }
    return ExploreTrialResult(steps: recorded, failure: nil)
  }
  let engine = ExploreEngine(seed: seed, runs: max(1, runs), steps: max(1, steps))
  switch engine.explore(trial) {
  case .passed(let runs, let steps):
    return ExploreSummary(runs: runs, steps: steps, seed: seed)
  case .falsified(let run, let shrunk, let failure):
    records = []
    let replayed = trial(ExplorePlan(replaying: shrunk))
    let message = (replayed.failure ?? failure).message
    throw ExploreFalsified(
      report: ExploreReport.falsified(
        runs: run, seed: seed, steps: records ?? [], message: message),
      seed: seed, steps: shrunk.count)
  }
}

/// A seed from the time (microseconds, below a billion so it is short to type).
package enum ExploreSeed {
  package static func fromTime() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return (UInt64(time.tv_sec) &* 1_000_000 &+ UInt64(time.tv_nsec / 1000)) % 1_000_000_000
  }
}
