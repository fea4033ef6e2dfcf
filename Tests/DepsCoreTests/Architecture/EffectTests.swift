// `Effect`: none, send, run (with and without `catch`), merge, concatenate, cancellable (with
// cancelInFlight), cancel and map, interpreted by a store.
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

private struct Effects: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable {
    case merge
    case concatenate
    case startCancellable(String)
    case startReplacing(String)
    case cancel
    case mapped
    case sendNow
    case failWithCatch
    case log(String)
  }
  enum CancelID: Hashable, Sendable { case work }

  @Dependency(\.continuousClock) var clock

  func sleeper(_ seconds: Int, then name: String) -> Effect<Action> {
    .run { send in
      try await clock.sleep(for: .seconds(seconds))
      await send(.log(name))
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .merge:
      return .merge(sleeper(2, then: "slow"), sleeper(1, then: "fast"), .none)
    case .concatenate:
      return .concatenate(sleeper(2, then: "slow"), .none, sleeper(1, then: "fast"))
    case .startCancellable(let name):
      return sleeper(1, then: name).cancellable(id: CancelID.work)
    case .startReplacing(let name):
      return sleeper(1, then: name).cancellable(id: CancelID.work, cancelInFlight: true)
    case .cancel:
      return .cancel(id: CancelID.work)
    case .mapped:
      return Effect<String>.send("mapped").merge(with: .run { send in await send("ran") })
        .map { Action.log($0) }
    case .sendNow:
      state.log.append("before send")
      return .send(.log("sent"))
    case .failWithCatch:
      struct Failure: Error {}
      return .run { _ in
        throw Failure()
      } catch: { error, send in
        await send(.log("caught \(error)"))
      }
    case .log(let text):
      state.log.append(text)
      return .none
    }
  }
}

@Suite struct EffectTests {
  private func store(_ clock: TestClock<Duration>) -> TestStore<Effects.State, Effects.Action> {
    TestStore(initialState: Effects.State()) {
      Effects()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func mergeRunsEffectsAtTheSameTime() async {
    let clock = TestClock()
    let store = store(clock)
    await store.send(.merge)
    await clock.advance(by: .seconds(1))
    await store.receive(.log("fast")) { $0.log = ["fast"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.log("slow")) { $0.log = ["fast", "slow"] }
  }

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    let clock = TestClock()
    let store = store(clock)
    await store.send(.concatenate)
    await clock.advance(by: .seconds(2))
    await store.receive(.log("slow")) { $0.log = ["slow"] }
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.log == ["slow"])
    await clock.advance(by: .milliseconds(1))
    await store.receive(.log("fast")) { $0.log = ["slow", "fast"] }
  }

  @Test func cancelStopsEveryEffectWithTheID() async {
    let clock = TestClock()
    let store = store(clock)
    await store.send(.startCancellable("a"))
    await store.send(.startCancellable("b"))
    await store.send(.cancel)
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.log == [])
  }

  @Test func cancelInFlightReplacesTheRunningEffect() async {
    let clock = TestClock()
    let store = store(clock)
    await store.send(.startReplacing("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.startReplacing("b"))
    await clock.advance(by: .milliseconds(500))
    #expect(store.state.log == [])
    await clock.advance(by: .milliseconds(500))
    await store.receive(.log("b")) { $0.log = ["b"] }
  }

  @Test func cancellingAConcatenationStopsTheRest() async {
    let clock = TestClock()
    let store = store(clock)
    let task = await store.send(.concatenate)
    await clock.advance(by: .seconds(1))
    task.cancel()
    await store.finish()
    await clock.advance(by: .seconds(5))
    #expect(store.state.log == [])
  }

  @Test func mapTransformsSentActions() async {
    let store = store(TestClock())
    await store.send(.mapped)
    await store.receive(.log("mapped")) { $0.log = ["mapped"] }
    await store.receive(.log("ran")) { $0.log = ["mapped", "ran"] }
  }

  @Test func sendDeliversRightAfterTheReducer() async {
    let store = store(TestClock())
    await store.send(.sendNow) { $0.log = ["before send"] }
    await store.receive(.log("sent")) { $0.log = ["before send", "sent"] }
  }

  @Test func runCatchHandlesErrors() async {
    let store = store(TestClock())
    await store.send(.failWithCatch)
    await store.receive(.log("caught Failure()")) { $0.log = ["caught Failure()"] }
  }

  @Test func cancellationErrorsAreNotReported() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Int> { _, _ in .run { _ in throw CancellationError() } }
      }
      await store.send(1)
      await store.finish()
    }
    #expect(issues.isEmpty)
  }

  @Test func noneMergesAway() {
    if case .none = Effect<Int>.merge(.none, .none).operation {} else { Issue.record("merge") }
    if case .send(1) = Effect<Int>.merge(.none, .send(1)).operation {
    } else {
      Issue.record("single")
    }
    if case .none = Effect<Int>.concatenate([]).operation {} else { Issue.record("concat") }
    if case .none = Effect<Int>.none.map({ $0 + 1 }).operation {} else { Issue.record("map") }
  }
}
