// A store in a host's event loop: `Store.fileDescriptor` is readable exactly while work is
// ready, `run(timeout: .zero)` does that work without blocking, `nextDeadline` tells when the
// next live-clock sleep ends, and a store never asked for a descriptor makes none.
import Foundation
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

#if canImport(Glibc)
import Glibc
#endif

private struct EventLoopTicker: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, stop, tick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        while true {
          try await clock.sleep(for: .milliseconds(200))
          await send(.tick)
        }
      }
      .cancellable(id: "ticker", cancelInFlight: true)
    case .stop:
      return .cancel(id: "ticker")
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

private struct EventLoopTickerHost: Reducer {
  struct State: Equatable { var ticker = EventLoopTicker.State() }
  @CasePathable enum Action: Equatable { case ticker(EventLoopTicker.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.ticker, action: \.ticker) { EventLoopTicker() }
  }
}

/// Whether `descriptor` becomes readable within `milliseconds`.
private func readable(_ descriptor: Int32, within milliseconds: Int32 = 0) -> Bool {
  var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
  return poll(&entry, 1, milliseconds) == 1 && entry.revents & Int16(POLLIN) != 0
}

@Suite struct StoreEventLoopTests {
  @Test func aLiveClockWakesTheDescriptorAndRunZeroDoesTheWork() throws {
    let store = Store(initialState: EventLoopTicker.State()) {
      EventLoopTicker()
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    let descriptor = try store.fileDescriptor
    #expect(try store.fileDescriptor == descriptor)
    #expect(store.nextDeadline == nil)
    store.send(.start)
    let deadline = try #require(store.nextDeadline)
    #expect(deadline > .zero && deadline <= .milliseconds(200))
    #expect(!readable(descriptor))
    for tick in 1...3 {
      #expect(readable(descriptor, within: 2_000))
      #expect(store.nextDeadline == .zero)
      #expect(store.run(timeout: .zero) == false)  // still ticking, returned at once
      #expect(!readable(descriptor))
      #expect(store.state.ticks == tick)
    }
    store.send(.stop)
    #expect(store.run(timeout: .seconds(1)))
    #expect(store.nextDeadline == nil)
    store.close()
  }

  @Test func aScopedStoreHasItsRootsDescriptorAndDeadline() throws {
    let store = Store(initialState: EventLoopTickerHost.State()) {
      EventLoopTickerHost()
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    let ticker = store.scope(state: \.ticker, action: \.ticker)
    #expect(try ticker.fileDescriptor == store.fileDescriptor)
    #expect(ticker.nextDeadline == nil)
    ticker.send(.start)
    let deadline = try #require(ticker.nextDeadline)
    #expect(deadline > .zero && deadline <= .milliseconds(200))
    #expect(readable(try store.fileDescriptor, within: 2_000))
    #expect(ticker.run(timeout: .zero) == false)
    #expect(ticker.ticks == 1)
    ticker.send(.stop)
    #expect(store.run(timeout: .seconds(1)))
    store.close()
  }

  @Test func anEffectResumedFromAnotherThreadWakesTheDescriptor() throws {
    struct Waiter: Reducer {
      struct State: Equatable { var done = false }
      enum Action: Equatable { case start, finished }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .run { send in
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
              Thread.detachNewThread {
                usleep(100_000); continuation.resume()
              }
            }
            await send(.finished)
          }
        case .finished:
          state.done = true
          return .none
        }
      }
    }
    let store = Store(initialState: Waiter.State()) { Waiter() }
    let descriptor = try store.fileDescriptor
    store.send(.start)
    #expect(store.nextDeadline == nil)  // outside work: only the descriptor knows
    #expect(readable(descriptor, within: 2_000))
    #expect(store.run(timeout: .zero))
    #expect(store.state.done)
    #expect(!readable(descriptor))
  }

  @Test func testClocksAndImmediateClocksAreNotWrapped() {
    let store = Store(initialState: EventLoopTicker.State()) {
      EventLoopTicker()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    #expect(store.dependencies.continuousClock is ImmediateClock<Duration>)
    let live = Store(initialState: EventLoopTicker.State()) {
      EventLoopTicker()
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    #expect(live.dependencies.continuousClock is DeadlineClock<ContinuousClock>)
    #expect(
      live.dependencies.continuousClock.minimumResolution
        == ContinuousClock().minimumResolution)
  }
}
