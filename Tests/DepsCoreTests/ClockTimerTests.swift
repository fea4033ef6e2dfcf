// Clock.timer(interval:) on a test clock, through `any Clock<Duration>`; AnyClock.
import Synchronization
import Testing
@testable import DepsCore

@Suite struct ClockTimerTests {
  @Test func timerTicksOncePerIntervalOfTheClock() async {
    let clock = TestClock()
    let erased: any Clock<Duration> = clock
    let ticks = Mutex(0)
    let task = Task {
      for await _ in erased.timer(interval: .seconds(1)) {
        ticks.withLock { $0 += 1 }
      }
    }
    await clock.advance(by: .milliseconds(999))
    #expect(ticks.withLock { $0 } == 0)
    await clock.advance(by: .milliseconds(1))
    #expect(ticks.withLock { $0 } == 1)
    await clock.advance(by: .seconds(3))
    #expect(ticks.withLock { $0 } == 4)
    task.cancel()
    await task.value
  }

  @Test func anyClockKeepsTheWrappedClocksTime() async throws {
    let clock = ImmediateClock()
    let any = AnyClock(clock)
    let start = any.now
    try await any.sleep(for: .seconds(5))
    #expect(start.duration(to: any.now) == .seconds(5))
  }
}
