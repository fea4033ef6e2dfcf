// The store's one action handler and one effect interpreter (Core/StoreCore.swift): the same
// actions through `process` (the test store's entry) and through `handle` (the store's) give the
// same states, observer calls, instrument steps and effect order, re-entrant sends included, and
// the same as the listener-free fast path; a concatenation inside a merge inside a cancellable,
// cancelled half-way, stops where it was cancelled; cancelling a cancellable step of a
// concatenation ends that step only; a merge inside a concatenation runs its parts at once and
// the concatenation goes on once all have ended.
import Synchronization
import Testing

@testable import ComposableArchitecture
@testable import DepsConcurrency

private enum Step: Equatable, Sendable {
  case start, a, b, c, d, e, reentered, afterReentered
  case cancelMidway, cancelIt
  case stepThenAfter, stopStep, late, after
  case mergeInConcatenation, m1, m2, done
}

/// Every handled action is appended to the state, so the order is visible in the state itself.
private func reduce(_ state: inout [String], _ action: Step) -> Effect<Step> {
  state.append("\(action)")
  switch action {
  case .start:
    return .merge(
      .send(.a),
      .run { send in
        await send(.b)
        await send(.c)
      },
      .concatenate(.send(.d), .run { send in await send(.e) }))
  case .reentered:
    return .send(.afterReentered)
  case .cancelMidway:
    return .merge(
      .concatenate(
        .send(.a),
        .run { send in
          await send(.cancelIt)
          await send(.c)
        },
        .send(.d)),
      .run { send in await send(.e) }
    )
    .cancellable(id: "midway")
  case .cancelIt:
    return .cancel(id: "midway")
  case .stepThenAfter:
    return .concatenate(
      .run { send in
        try? await Task.sleep(nanoseconds: 20_000_000_000)
        await send(.late)
      }
      .cancellable(id: "step"),
      .send(.after))
  case .stopStep:
    return .cancel(id: "step")
  case .mergeInConcatenation:
    return .concatenate(
      .merge(.run { send in await send(.m1) }, .run { send in await send(.m2) }),
      .send(.done))
  default:
    return .none
  }
}

/// What a store told its listeners, in order: instrument steps, the effect-action hook, the
/// observer.
private final class Log: @unchecked Sendable {
  var lines: [String] = []
}

/// An instrument writing its steps to a log.
private final class Recorder: StoreInstrument, @unchecked Sendable {
  let log: Log
  init(_ log: Log) { self.log = log }
  var recordsSteps: Bool { true }
  func instrument(_ values: DependencyValues) -> DependencyValues { values }
  func actionHandled(_ action: Any, origin: UInt64, fromEffect: Bool) {
    log.lines.append("handled \(action) (\(fromEffect ? "effect" : "send") \(origin))")
  }
  func effectStarted(
    _ id: UInt64, origin: UInt64, _ body: @escaping @Sendable () async -> Void
  ) -> @Sendable () async -> Void {
    log.lines.append("effect \(id) started (send \(origin))")
    return body
  }
  func effectFinished(_ id: UInt64) { log.lines.append("effect \(id) finished") }
  func failureEpilogue() -> String? { nil }
  func testStoreFinished(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {}
}

private enum Entry { case process, handle }

/// A store core sent actions through one entry point, with listeners or without.
private struct Harness {
  let core: StoreCore<[String], Step>
  let entry: Entry
  let log = Log()
  /// The states `process` returned, one per sent action.
  let returned = Log()

  init(_ entry: Entry, listeners: Bool) {
    self.entry = entry
    var values = DependencyValues()
    if listeners { values.storeInstrument = Recorder(log) }
    core = StoreCore(state: [], dependencies: values, reducer: reduce)
    guard listeners else { return }
    let (core, log) = (core, log)
    core.onEffectAction = { action, state, origin in
      log.lines.append("received \(action) -> \(state.count) (send \(origin))")
    }
    _ = core.addObserver { action, state in
      log.lines.append("observed \(action) -> \(state.count)")
      // A re-entrant send: queued, handled once the action being handled is done.
      if action == .a { core.handle(.reentered, origin: 99, fromEffect: false) }
    }
  }

  func send(_ action: Step) {
    core.lock.withLock {
      let origin = core.makeOrigin()
      switch entry {
      case .process:
        let state = core.process(action, origin: origin, fromEffect: false)
        returned.lines.append(state.joined(separator: ","))
      case .handle:
        core.handle(action, origin: origin, fromEffect: false)
      }
      core.pumpReady()
    }
  }

  /// Runs the effects until none is left (at most 5 seconds); true when none is left.
  func settle() -> Bool {
    core.lock.withLock {
      core.pump(
        until: { !core.hasEffectsInFlight }, deadline: MonotonicClock.deadline(after: .seconds(5)))
    }
  }

  var state: [String] { core.lock.withLock { core.state } }
}

@Suite struct StoreCoreTests {
  @Test func processAndHandleTellTheSameStepsInTheSameOrder() {
    let process = Harness(.process, listeners: true)
    let handle = Harness(.handle, listeners: true)
    let fast = Harness(.handle, listeners: false)
    for harness in [process, handle, fast] {
      harness.send(.start)
      #expect(harness.settle())
    }
    let expected = [
      "start", "a", "reentered", "afterReentered", "b", "c", "d", "e",
    ]
    #expect(process.state == expected)
    #expect(handle.state == expected)
    // Without the observer nothing re-enters; the rest comes in the same order.
    #expect(fast.state == expected.filter { !$0.hasSuffix("eentered") })
    #expect(process.log.lines == handle.log.lines)
    #expect(
      handle.log.lines == [
        "handled start (send 1)",
        "observed start -> 1",
        "effect 1 started (send 1)",
        "effect 2 started (send 1)",
        "handled a (effect 1)",
        "received a -> 2 (send 1)",
        "observed a -> 2",
        "handled reentered (send 99)",
        "observed reentered -> 3",
        "handled afterReentered (effect 99)",
        "received afterReentered -> 4 (send 99)",
        "observed afterReentered -> 4",
        "handled b (effect 1)",
        "received b -> 5 (send 1)",
        "observed b -> 5",
        "handled c (effect 1)",
        "received c -> 6 (send 1)",
        "observed c -> 6",
        "effect 1 finished",
        "handled d (effect 1)",
        "received d -> 7 (send 1)",
        "observed d -> 7",
        "handled e (effect 1)",
        "received e -> 8 (send 1)",
        "observed e -> 8",
        "effect 2 finished",
      ])
    // `process` returns the state right after its reducer, before any effect ran.
    #expect(process.returned.lines == ["start"])
  }

  @Test func aConcatenationInAMergeInACancellableStopsWhereItWasCancelled() {
    for harness in [
      Harness(.process, listeners: true), Harness(.handle, listeners: true),
      Harness(.handle, listeners: false),
    ] {
      harness.send(.cancelMidway)
      #expect(harness.settle())
      // `.c` is sent after the cancellation, `.d` is the concatenation's next step, `.e` the
      // merged effect's: none of them is handled.
      let reentered = harness.log.lines.isEmpty ? [] : ["reentered", "afterReentered"]
      #expect(harness.state == ["cancelMidway", "a"] + reentered + ["cancelIt"])
    }
  }

  @Test func cancellingAStepOfAConcatenationEndsThatStepOnly() {
    for harness in [
      Harness(.process, listeners: true), Harness(.handle, listeners: true),
      Harness(.handle, listeners: false),
    ] {
      harness.send(.stepThenAfter)
      #expect(harness.core.lock.withLock { harness.core.hasEffectsInFlight })
      harness.send(.stopStep)
      #expect(harness.settle())
      #expect(harness.state == ["stepThenAfter", "stopStep", "after"])
    }
  }

  @Test func aMergeInAConcatenationRunsItsPartsBeforeTheNextStep() {
    let process = Harness(.process, listeners: true)
    let handle = Harness(.handle, listeners: true)
    for harness in [process, handle, Harness(.handle, listeners: false)] {
      harness.send(.mergeInConcatenation)
      #expect(harness.settle())
      #expect(harness.state == ["mergeInConcatenation", "m1", "m2", "done"])
    }
    #expect(process.log.lines == handle.log.lines)
    #expect(process.returned.lines == ["mergeInConcatenation"])
  }
}
