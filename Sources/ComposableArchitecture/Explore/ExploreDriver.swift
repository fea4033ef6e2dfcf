// The explorer's hold on a `TestStore`: sends an action non-exhaustively, runs what its effects
// send, moves the test clock, and lets the ready effects run in the order a stream of decisions
// picks (so races between effects show up). It only uses the test store's own calls; the
// store's executor hands it the choice of the next job (`PumpExecutor.chooseJob`).
import Clocks

/// Drives one test store for the explorer. Create it right after the store; the store becomes
/// non-exhaustive.
package final class ExploreDriver<State: Equatable, Action> {
  /// The actions the store handled while recording, with the state after each.
  package final class Log {
    package var recording = false
    package var entries: [(action: Action, state: State)] = []
    /// The index in `entries` where the clock started moving in the current step.
    package var advancedAt: Int?
  }

  package let store: TestStore<State, Action>
  package let log = Log()
  /// The decisions every step's effect order draws from when the step brings none (a repro
  /// replaying a whole test's order).
  private var standingOrder: ExploreChoices?
  private static var here: SourceLocation {
    SourceLocation(fileID: "Deps/Explore", filePath: "Explore", line: 0, column: 0)
  }

  package init(_ store: TestStore<State, Action>) {
    self.store = store
    store.exhaustivity = .off
    let log = self.log
    _ = store.core.lock.withLock {
      store.core.addObserver { action, state in
        if log.recording { log.entries.append((action, state)) }
      }
    }
  }

  /// True when the store's dependencies hold a test clock to advance.
  package var hasTestClock: Bool { !store.testClocks.isEmpty }

  /// Makes every later job choice come from `order` (nil: the oldest job first).
  package func setStandingOrder(_ order: ExploreChoices?) {
    standingOrder = order
    let chooser = order.map(exploreJobChooser)
    store.core.lock.withLock { store.core.executor.chooseJob = chooser }
  }

  /// One step: sends `action`, runs its effects until they wait, then advances the test
  /// clocks by `advance` (running what wakes). Ready effects run in the order `order` picks.
  package func step(_ action: Action, order: ExploreChoices?, advance: Duration?) {
    let core = store.core
    core.lock.withLock {
      log.advancedAt = nil
      if let order { core.executor.chooseJob = exploreJobChooser(order) }
      defer { if order != nil { core.executor.chooseJob = standingOrder.map(exploreJobChooser) } }
      store.sendNow(action, assert: nil, at: Self.here)
      if let advance, advance > .zero {
        log.advancedAt = log.entries.count
        for clock in store.testClocks { clock.advanceSynchronously(by: advance) }
      }
    }
  }

  /// The store's current state.
  package var state: State { store.currentState }

  /// Cancels what is still running and ends the test store without reporting leftovers.
  package func close() {
    store.core.lock.withLock { store.core.executor.chooseJob = nil }
    store.skipInFlightEffectsNow(strict: false, at: Self.here)
    store.complete()
  }
}

/// A job chooser drawing from `order` (outside the generic driver: it captures no metatype).
private func exploreJobChooser(_ order: ExploreChoices) -> (Int) -> Int {
  { count in Int(order.choose(UInt64(count))) }
}
