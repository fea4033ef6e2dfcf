// THE CONCURRENCY RULE (docs/architecture.md): everything a store does happens inside a call on the
// store, on the caller's thread. With a store pumped from one thread, every reducer run, effect
// step (including child tasks and resumptions after real sleeps) and dependency call is on that
// thread, also when it is not the thread that created the store; nothing runs between calls;
// and TestStore runs give the same action order every time.
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
@testable import DepsCatalogue

#if canImport(Glibc)
import Glibc
#endif

/// Labels with the thread (`pthread_self()`) they were recorded on.
final class ThreadLog: Sendable {
  private let entries = Mutex<[(label: String, thread: UInt)]>([])
  func record(_ label: String) {
    let thread = UInt(pthread_self())
    entries.withLock { $0.append((label, thread)) }
  }
  var all: [(label: String, thread: UInt)] { entries.withLock { $0 } }
}

private struct Traced: Reducer {
  let log: ThreadLog
  struct State: Equatable { var steps: [String] = [] }
  enum Action: Equatable {
    case start
    case step(String)
  }

  @Dependency(\.numberFact) var numberFact

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    log.record("reduce \(action)")
    switch action {
    case .start:
      let log = self.log
      return .run { send in
        log.record("effect begin")
        let fact = try await numberFact.fetch(1)
        log.record("effect after dependency")
        async let child: Void = log.record("async let child")
        await child
        await withTaskGroup(of: Void.self) { group in
          group.addTask { log.record("group child") }
        }
        try await Task.sleep(for: .milliseconds(5))
        log.record("effect after sleep")
        await send(.step(fact))
        log.record("effect end")
      }
    case .step(let text):
      state.steps.append(text)
      return .none
    }
  }
}

@Suite struct ConcurrencyRuleTests {
  @Test func everythingRunsOnThePumpingThread() throws {
    let log = ThreadLog()
    let creator = UInt(pthread_self())
    let store = Store(initialState: Traced.State()) {
      Traced(log: log)
    } withDependencies: {
      $0.numberFact.fetch = { number in
        log.record("dependency")
        try await Task.sleep(for: .milliseconds(2))
        log.record("dependency after sleep")
        return "fact \(number)"
      }
    }
    let pumper = Mutex<UInt>(0)
    let progressBetweenCalls = Mutex<Int>(-1)
    let finished = Mutex(false)
    let done = DispatchSemaphore(value: 0)
    let box = UncheckedSendable(store)
    Thread {
      pumper.withLock { $0 = UInt(pthread_self()) }
      box.value.send(.start)
      let afterSend = log.all.count
      usleep(30_000)
      progressBetweenCalls.withLock { $0 = log.all.count - afterSend }
      finished.withLock { $0 = box.value.run(timeout: .seconds(5)) }
      done.signal()
    }.start()
    done.wait()

    let thread = pumper.withLock { $0 }
    #expect(thread != creator)
    #expect(finished.withLock { $0 })
    #expect(progressBetweenCalls.withLock { $0 } == 0)
    #expect(store.state.steps == ["fact 1"])
    #expect(
      log.all.map(\.label) == [
        "reduce start", "effect begin", "dependency", "dependency after sleep",
        "effect after dependency", "async let child", "group child", "effect after sleep",
        "reduce step(\"fact 1\")", "effect end",
      ])
    let offThread = log.all.filter { $0.thread != thread }.map(\.label)
    #expect(offThread == [])
  }

  @Test func testStoreRunsGiveTheSameOrderEveryTime() async {
    struct Interleaved: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action: Equatable {
        case start
        case ping(String)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .merge(
            .run { send in
              for index in 0..<3 {
                await send(.ping("a\(index)"))
                await Task.yield()
              }
            },
            .run { send in
              for index in 0..<3 {
                await Task.yield()
                await send(.ping("b\(index)"))
              }
            },
            .concatenate(.send(.ping("c0")), .run { send in await send(.ping("c1")) }),
            .send(.ping("d")))
        case .ping(let name):
          state.log.append(name)
          return name == "a1" ? .send(.ping("a1'")) : .none
        }
      }
    }
    var orders: [[String]] = []
    for _ in 0..<100 {
      let store = TestStore(initialState: Interleaved.State()) { Interleaved() }
      store.exhaustivity = .off
      await store.send(.start)
      await store.finish()
      await store.skipReceivedActions()
      orders.append(store.state.log)
    }
    #expect(orders[0].count == 10)
    #expect(Set(orders).count == 1)
  }
}
