// Clock.timer(interval:) through `@Dependency(\.continuousClock)` (an `any Clock<Duration>`), in
// a store's effect on a test clock, as TCA features use it; AnyClock.
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

struct Ticker: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, stop, tick }
  enum CancelID: Hashable, Sendable { case timer }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

@Suite struct ClockTimerTests {
  @Test func timerTicksOncePerIntervalOfTheClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func timerEndsWhenItsTaskIsCancelled() async {
    let clock = ImmediateClock()
    let task = Task {
      var count = 0
      for await _ in clock.timer(interval: .seconds(1)) {
        count += 1
        if count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
      }
      return count
    }
    #expect(await task.value == 3)
  }

  @Test func anyClockKeepsTheWrappedClocksTime() async throws {
    let clock = ImmediateClock()
    let any = AnyClock(clock)
    let start = any.now
    try await any.sleep(for: .seconds(5))
    #expect(start.duration(to: any.now) == .seconds(5))
  }
}
