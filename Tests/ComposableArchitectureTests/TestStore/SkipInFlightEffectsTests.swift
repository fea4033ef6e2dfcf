// `skipInFlightEffects` as TCA's: the running effects are no longer awaited nor reported at the
// end, but they keep running, and an action one of them sends later is still received.
import ComposableArchitecture
import DependenciesTestSupport
import Testing

private enum Tick: Equatable, Sendable { case start, done }

struct SkipInFlightEffectsTests {
  @Test func aSkippedEffectStillDeliversItsAction() async {
    let clock = TestClock()
    let issues = await recordIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Tick> { state, action in
          switch action {
          case .start:
            return .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.done)
            }
          case .done:
            state = 42
            return .none
          }
        }
      }
      await store.send(.start)
      await store.skipInFlightEffects()
      await clock.advance(by: .seconds(1))
      await store.receive(.done) { $0 = 42 }
    }
    #expect(issues.isEmpty)
  }

  @Test func aSkippedEffectIsNotReportedAtTheEnd() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Tick> { _, _ in .run { _ in try await Task.never() } }
      }
      await store.send(.start)
      await store.skipInFlightEffects()
      await store.finish()
    }
    #expect(issues.isEmpty)
  }

  @Test func skippingTwiceFindsNothingTheSecondTime() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Tick> { _, _ in .run { _ in try await Task.never() } }
      }
      await store.send(.start)
      await store.skipInFlightEffects()
      await store.skipInFlightEffects()
    }
    #expect(issues.map(\.message) == ["There were no in-flight effects to skip."])
  }
}
