// The built-ins a trace sees besides endpoint calls: the clocks' `now` and `sleep`,
// `withRandomNumberGenerator`'s calls and the reads of `calendar`, `locale` and `timeZone`, each
// a step naming its layer and the override's `file:line`, counted for the unused-override
// report; a store without a recorder records nothing and its test clock still advances.
import Foundation
import Synchronization
import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting
import DepsTestSupport

/// The built-in paths, registered once into the process-wide registry (it starts empty).
private let builtinsRegistered: Bool = {
  DepsModule.builtins.register()
  return true
}()

/// Reads the value built-ins in its reducer; its effect sleeps and draws a random number.
private struct Clocked: Reducer {
  struct State: Equatable { var text = ""; var roll = 0 }
  enum Action: Equatable {
    case start
    case rolled(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        @Dependency(\.locale) var locale
        @Dependency(\.calendar) var calendar
        @Dependency(\.timeZone) var timeZone
        state.text = "\(locale.identifier) \(calendar.identifier) \(timeZone.identifier)"
        return .run { send in
          @Dependency(\.continuousClock) var clock
          @Dependency(\.withRandomNumberGenerator) var random
          try await clock.sleep(for: .milliseconds(500))
          await send(.rolled(random { Int.random(in: 1...6, using: &$0) }))
        }
      case .rolled(let roll):
        state.roll = roll
        return .none
      }
    }
  }
}

/// Reads `timeZone` through the same `@Dependency` site on every action.
private struct Zoned: Reducer {
  struct State: Equatable { var reads = 0 }
  enum Action: Equatable { case read }
  @Dependency(\.timeZone) var timeZone

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      _ = timeZone.identifier
      state.reads += 1
      return .none
    }
  }
}

@Suite struct BuiltinTraceTests {
  init() { _ = builtinsRegistered }

  private static let expectedRoll: Int = {
    let random = WithRandomNumberGenerator(LCRNG(seed: 1))
    return random { Int.random(in: 1...6, using: &$0) }
  }()

  @Test func clocksRandomAndValueReadsAreSteps() async {
    let trace = DependencyTrace()
    let clock = TestClock()
    let line = #line + 12
    let store = TestStore(initialState: Clocked.State()) {
      Clocked()
    } withDependencies: {
      $0.continuousClock = clock
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 1))
      $0.locale = Locale(identifier: "fr_FR")
      $0.calendar = Calendar(identifier: .gregorian)
      $0.timeZone = TimeZone(identifier: "GMT")!
      let paths = [
        "continuousClock", "withRandomNumberGenerator", "locale", "calendar", "timeZone",
      ]
      $0.dependencyTrace = paths.reduce(trace) { trace, path in trace.overriding(path) }
    }
    await store.send(.start) { $0.text = "fr_FR gregorian GMT" }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rolled(Self.expectedRoll)) { $0.roll = Self.expectedRoll }
    await store.finish()
    let here = "DepsCoreTests/BuiltinTraceTests.swift:\(line)"
    #expect(
      trace.timelineText() == """
        1. send Clocked.Action.start
        2. locale → "fr_FR" [override at \(here)]
        3. calendar → "gregorian" [override at \(here)]
        4. timeZone → "GMT" [override at \(here)]
        5. effect 1 started (by 1)
        6. continuousClock.now → 0 [override at \(here)] (effect 1)
        7. continuousClock.sleep(0.5) → ok [override at \(here)] (effect 1)
        8. withRandomNumberGenerator(null) → 1 draw [override at \(here)] (effect 1)
        9. receive Clocked.Action.rolled(\(Self.expectedRoll)) (from effect 1)
        10. effect 1 finished
        """)
    #expect(trace.events.map(\.kind)[1...3] == [.read, .read, .read])
    #expect(trace.events[5].kind == .read && trace.events[6].kind == .call)
    #expect(
      trace.accessText().split(separator: "\n")[4]
        == "continuousClock.sleep(0.5) → ok [override at \(here)] during effect 1 of Clocked.Action.start"
    )
    #expect(trace.unusedOverrides.isEmpty)
    let diagram = trace.timelineMermaid()
    #expect(diagram.contains("  participant D1 as locale\n"))
    #expect(diagram.contains("  Store->>D1: read [override]\n  D1-->>Store: \"fr_FR\"\n"))
    #expect(diagram.contains("  E1->>D5: (0.5) [override]\n  D5-->>E1: ok\n"))
  }

  @Test func everyReadThroughTheSameSiteIsAStep() async {
    let trace = DependencyTrace()
    let line = #line + 5
    let store = TestStore(initialState: Zoned.State()) {
      Zoned()
    } withDependencies: {
      $0.timeZone = TimeZone(identifier: "GMT")!
      $0.dependencyTrace = trace.overriding("timeZone")
    }
    for reads in 1...3 { await store.send(.read) { $0.reads = reads } }
    let step = "timeZone → \"GMT\" [override at DepsCoreTests/BuiltinTraceTests.swift:\(line)]"
    #expect(
      trace.timelineText() == """
        1. send Zoned.Action.read
        2. \(step)
        3. send Zoned.Action.read
        4. \(step)
        5. send Zoned.Action.read
        6. \(step)
        """)
  }

  @Test func anOverriddenBuiltinNeverReadIsReported() async {
    let trace = DependencyTrace()
    let line = #line + 8
    let store = TestStore(initialState: Clocked.State()) {
      Clocked()
    } withDependencies: {
      $0.locale = Locale(identifier: "fr_FR")
      $0.calendar = Calendar(identifier: .gregorian)
      $0.timeZone = TimeZone(identifier: "GMT")!
      $0.suspendingClock = ImmediateClock()
      $0.dependencyTrace = trace.overriding("suspendingClock").overriding("locale")
    }
    await store.send(.rolled(3)) { $0.roll = 3 }
    #expect(trace.timelineText() == "1. send Clocked.Action.rolled(3)")
    #expect(
      trace.unusedOverrideMessages == [
        "override of suspendingClock (DepsCoreTests/BuiltinTraceTests.swift:\(line)) was never used",
        "override of locale (DepsCoreTests/BuiltinTraceTests.swift:\(line)) was never used",
      ])
    await store.finish()
  }

  @Test func withoutARecorderNothingIsWrappedAndTheTestClockAdvances() async {
    let clock = TestClock()
    let store = TestStore(initialState: Clocked.State()) {
      Clocked()
    } withDependencies: {
      $0.continuousClock = clock
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: 1))
      $0.locale = Locale(identifier: "fr_FR")
      $0.calendar = Calendar(identifier: .gregorian)
      $0.timeZone = TimeZone(identifier: "GMT")!
    }
    #expect(store.dependencies.continuousClock is TestClock<Duration>)
    #expect(store.dependencyTrace == nil)
    await store.send(.start) { $0.text = "fr_FR gregorian GMT" }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.rolled(Self.expectedRoll)) { $0.roll = Self.expectedRoll }
  }

  @Test func aTracedTestStoreStillFindsItsTestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Clocked.State()) {
      Clocked()
    } withDependencies: {
      $0.continuousClock = clock
      $0.dependencyTrace = DependencyTrace().overriding("continuousClock")
    }
    #expect(store.dependencies.continuousClock is TracedClock)
    #expect(store.testClocks.count == 1 && store.testClocks[0] === clock)
  }

  @Test func eachRandomCallReportsItsOwnDraws() {
    let counts = Mutex<[Int]>([])
    let original = WithRandomNumberGenerator(LCRNG(seed: 3))
    let random = WithRandomNumberGenerator(
      counting: original, { n in counts.withLock { $0.append(n) } })
    random {
      _ = $0.next(); _ = $0.next()
    }
    random { _ = $0.next() }
    // A call that replaces the generator it was given reports what it drew before that.
    random { generator in
      _ = generator.next()
      generator = LCRNG(seed: 9)
      _ = generator.next()
    }
    random { _ = $0.next() }
    #expect(counts.withLock { $0 } == [2, 1, 1, 1])
    // The replacement stays, as it would without the trace: the next number is LCRNG(seed: 9)'s
    // second.
    var expected = LCRNG(seed: 9)
    _ = expected.next()
    _ = expected.next()
    let third = expected.next()
    #expect(random { $0.next() } == third)
    // And an untraced copy of the same original sees the same generator.
    var probe = LCRNG(seed: 9)
    for _ in 0..<3 { _ = probe.next() }
    #expect(original { $0.next() } == probe.next())
  }
}
