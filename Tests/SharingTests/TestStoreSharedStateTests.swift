// TestStore asserts shared state exhaustively, as TCA does: a shared value the reducer or an
// effect changed must be asserted (`$0.$count.withLock { … }`), else the store fails with TCA's
// texts, the shared value shown as `#1 old` → `#1 new`.
import ComposableArchitecture
import Foundation
import DependenciesTestSupport
import Testing
import XCTest

/// The heading of an unasserted state change (kept in one place: the TestStore's texts).
let notExpectedToChange = "State was not expected to change, but a change occurred."
/// The heading of an assertion that does not match.
let doesNotMatch = "A state change does not match expectation."

@Reducer
struct SharedCounter {
  struct State: Equatable {
    @Shared var count: Int
    var label = ""
  }
  enum Action: Equatable {
    case increment
    case incrementTwice
    case incrementLater
    case incrementInEffect
    case incrementThenWait
    case incremented
    case rename(String)
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementTwice:
        state.$count.withLock { $0 += 1 }
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementLater:
        return .run { [count = state.$count] send in
          count.withLock { $0 += 10 }
          await send(.incremented)
        }
      case .incrementInEffect:
        return .run { [count = state.$count] _ in
          count.withLock { $0 += 100 }
        }
      case .incrementThenWait:
        return .run { [count = state.$count] _ in
          count.withLock { $0 += 1000 }
          try await clock.sleep(for: .seconds(60))
        }
      case .incremented:
        state.label = "incremented"
        return .none
      case .rename(let label):
        state.label = label
        return .none
      }
    }
  }
}

/// Assigning through `Shared`'s setter (deprecated, as the original's: it forwards to
/// `withLock`), reached through a protocol so the test itself names no deprecated API.
protocol SettableWrappedValue {
  associatedtype Wrapped
  var wrappedValue: Wrapped { get nonmutating set }
}
extension Shared: SettableWrappedValue {}

@Suite struct TestStoreSharedStateTests {
  func makeStore(count: Shared<Int> = Shared(value: 0)) -> TestStore<
    SharedCounter.State, SharedCounter.Action
  > {
    TestStore(initialState: SharedCounter.State(count: count)) { SharedCounter() }
  }

  @Test func assertedSharedChangePasses() async {
    let count = Shared(value: 0)
    let issues = await recordIssues {
      let store = makeStore(count: count)
      await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
      await store.send(.incrementTwice) { $0.$count.withLock { $0 = 3 } }
    }
    #expect(issues.map(\.message) == [])
    #expect(count.wrappedValue == 3)
  }

  @Test func unassertedSharedChangeFails() async {
    let line = #line + 3
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.increment)
    }
    #expect(
      issues.map(\.message) == [
        """
        \(notExpectedToChange)

            \u{2007} SharedCounter.State(
            −   _count: #1 0,
            +   _count: #1 1,
            \u{2007}   label: ""
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func assigningThroughTheSetterAsserts() async {
    let count = Shared(value: 0)
    let issues = await recordIssues {
      let store = makeStore(count: count)
      await store.send(.increment) { state in
        func assign<S: SettableWrappedValue>(_ shared: S, _ value: S.Wrapped) {
          shared.wrappedValue = value
        }
        assign(state.$count, 1)
      }
    }
    #expect(issues.map(\.message) == [])
    #expect(count.wrappedValue == 1)
  }

  @Test func wrongSharedAssertionFails() async {
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
    }
    #expect(
      issues.map(\.message) == [
        """
        \(doesNotMatch)

            \u{2007} SharedCounter.State(
            −   _count: #1 2,
            +   _count: #1 1,
            \u{2007}   label: ""
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func twoChangesAreAssertedFromTheFirstValue() async {
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.incrementTwice) { $0.$count.withLock { $0 += 1 } }
    }
    #expect(
      issues.map(\.message) == [
        """
        \(doesNotMatch)

            \u{2007} SharedCounter.State(
            −   _count: #1 1,
            +   _count: #1 2,
            \u{2007}   label: ""
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func sharedAndPlainChangesTogether() async {
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.incrementLater)
      await store.receive(.incremented) {
        $0.$count.withLock { $0 = 10 }
        $0.label = "incremented"
      }
    }
    #expect(issues.map(\.message) == [])
  }

  @Test func effectChangeBeforeAReceivedActionIsAssertedThere() async {
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.incrementLater)
      await store.receive(.incremented) { $0.label = "incremented" }
    }
    #expect(
      issues.map(\.message) == [
        """
        \(doesNotMatch)

            \u{2007} SharedCounter.State(
            −   _count: #1 0,
            +   _count: #1 10,
            \u{2007}   label: "incremented"
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func unassertedChangeAtFinish() async {
    let line = #line + 4
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.incrementInEffect)
      await store.finish()
    }
    #expect(
      issues.map(\.message) == [
        """
        Test store finished before asserting against changes to shared state.

            \u{2007} SharedCounter.State(
            −   _count: #1 0,
            +   _count: #1 100,
            \u{2007}   label: ""
            \u{2007} )

        (Expected: −, Actual: +)

        Invoke "TestStore.assert" at the end of this test to assert against changes to shared \
        state.
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func unassertedChangeAtTheEndOfTheTest() async {
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.incrementInEffect)
      await store.skipInFlightEffects(strict: false)
      _ = store
    }
    #expect(
      issues.map(\.message) == [
        """
        Test store finished before asserting against changes to shared state.

            \u{2007} SharedCounter.State(
            −   _count: #1 0,
            +   _count: #1 100,
            \u{2007}   label: ""
            \u{2007} )

        (Expected: −, Actual: +)

        Invoke "TestStore.assert" at the end of this test to assert against changes to shared \
        state.
        """
      ])
  }

  @Test func finishThatTimesOutLeavesSharedChangesToTheEnd() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let atFinish = await recordIssues {
      await store.send(.incrementThenWait)
      await store.finish(timeout: .milliseconds(20))
    }
    #expect(atFinish.count == 1)
    #expect(
      !atFinish.contains {
        $0.message.hasPrefix("Test store finished before asserting against changes")
      })
    let afterwards = await recordIssues {
      await store.skipInFlightEffects()
      store.assert { $0.$count.withLock { $0 = 1000 } }
      await store.finish()
    }
    #expect(afterwards.map(\.message) == [])
  }

  @Test func assertAtTheEndCoversEffectChanges() async {
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.incrementInEffect)
      await store.finish()
      store.assert { $0.$count.withLock { $0 = 100 } }
    }
    // `finish` reports first (as TCA's); a test asserts before finishing.
    #expect(issues.count == 1)
    let passing = await recordIssues {
      let store = makeStore()
      await store.send(.incrementInEffect).finish()
      store.assert { $0.$count.withLock { $0 = 100 } }
      await store.finish()
    }
    #expect(passing.map(\.message) == [])
  }

  @Test func nonExhaustiveStoreSkipsSharedChanges() async {
    let issues = await recordIssues {
      let store = makeStore()
      store.exhaustivity = .off
      await store.send(.increment)
      await store.send(.rename("x")) { $0.label = "x" }
      await store.send(.incrementInEffect)
      await store.finish()
    }
    #expect(issues.map(\.message) == [])
    let wrong = await recordIssues {
      let store = makeStore()
      store.exhaustivity = .off
      await store.send(.increment) { $0.$count.withLock { $0 = 5 } }
    }
    #expect(
      wrong.map(\.message) == [
        """
        \(doesNotMatch)

            \u{2007} SharedCounter.State(
            −   _count: #1 5,
            +   _count: #1 1,
            \u{2007}   label: ""
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func onChangeSeesTheSharedValueChange() async {
    let store = TestStore(initialState: TallyDescriber.State()) { TallyDescriber() }
    await store.send(.add) {
      $0.$tally.withLock { $0.value = 1 }
      $0.summary = "0 → 1"
    }
    await store.send(.add) {
      $0.$tally.withLock { $0.value = 2 }
      $0.summary = "1 → 2"
    }
  }

  @Test func inMemoryKeyInState() async {
    let store = TestStore(initialState: KeyedCounter.State()) { KeyedCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
    #expect(store.state.count == 2)
  }
}

/// A file-stored tally whose changes an `onChange` describes.
@Reducer
struct TallyDescriber {
  struct Tally: Codable, Equatable, Sendable { var value = 0 }
  struct State: Equatable {
    @Shared(.fileStorage(URL(fileURLWithPath: "/tally.json"))) var tally = Tally()
    var summary = ""
  }
  enum Action { case add }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.$tally.withLock { $0.value += 1 }
      return .none
    }
    .onChange(of: \.tally) { old, new in
      Reduce { state, _ in
        state.summary = "\(old.value) → \(new.value)"
        return .none
      }
    }
  }
}

@Reducer
struct KeyedCounter {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
  }
  enum Action { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }
}

final class TestStoreSharedStateXCTests: XCTestCase {
  @MainActor
  func testAssertedSharedChange() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    await store.send(.incrementLater)
    await store.receive(.incremented) {
      $0.$count.withLock { $0 = 11 }
      $0.label = "incremented"
    }
  }

  func testUnassertedSharedChangeFails() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
        SharedCounter()
      }
      await store.send(.increment)
    }
    XCTAssertEqual(issues.map(\.message).first?.hasPrefix(notExpectedToChange), true)
    XCTAssertEqual(issues.count, 1)
  }
}
