// How a `.run` effect keeps what it was created with: a mapped run's thrown error reaches its
// `catch` handler with the mapped `send`, or is reported where the effect was created; its
// priority reaches its task; a `Send` made from a closure calls it, and a store's `Send` kept
// past its store does nothing (each such send is reported as sent from a completed effect).
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

private struct Failure: Error {}

private enum Child {
  /// An effect whose error nothing handles, and the line it was created on.
  static let unhandled: (effect: Effect<String>, line: UInt) =
    (.run { _ in throw Failure() }, #line)

  static func failing(handled: Bool) -> Effect<String> {
    if handled {
      return .run { _ in
        throw Failure()
      } catch: { error, send in
        await send("caught \(error)")
      }
    }
    return unhandled.effect
  }
}

private enum Parent: Equatable {
  case start(handled: Bool)
  case startWithPriority(TaskPriority?)
  case child(String)
  case sawPriority(UInt8?)
}

private func parentStore() -> Store<[String], Parent> {
  Store(initialState: [String]()) {
    Reduce<[String], Parent> { state, action in
      switch action {
      case .start(let handled):
        return Child.failing(handled: handled).map { Parent.child($0) }
      case .startWithPriority(let priority):
        return .run(priority: priority) { send in
          await send(.sawPriority(Task.basePriority?.rawValue))
        }
      case .child(let text):
        state.append(text)
        return .none
      case .sawPriority(let raw):
        state.append("priority \(raw.map(String.init) ?? "none")")
        return .none
      }
    }
  }
}

@Suite struct EffectRunTests {
  @Test func aMappedRunsErrorReachesItsCatchHandlerWithTheMappedSend() {
    let store = parentStore()
    store.send(.start(handled: true))
    #expect(store.state == ["caught Failure()"])
    #expect(!store.hasEffectsInFlight)
  }

  @Test func aMappedRunWithoutCatchReportsWhereItWasCreated() {
    let line = Child.unhandled.line
    let issues = recordIssues {
      let store = parentStore()
      store.send(.start(handled: false))
    }
    #expect(
      issues.map(\.message) == [
        """
        An "Effect.run" returned from "DepsCoreTests/EffectRunTests.swift:\(line)" threw an \
        unhandled error.

            Failure()

        All non-cancellation errors must be explicitly handled via the "catch" parameter on \
        "Effect.run", or via a "do" block.
        """
      ])
    #expect(issues.first?.line == line)
  }

  @Test func theRunsPriorityReachesItsTask() {
    let store = parentStore()
    store.send(.startWithPriority(.high))
    store.send(.startWithPriority(.low))
    #expect(
      store.state == [
        "priority \(TaskPriority.high.rawValue)", "priority \(TaskPriority.low.rawValue)",
      ])
  }

  @Test func aSendMadeFromAClosureCallsIt() async {
    let seen = Mutex<[Int]>([])
    let send = Send<Int> { value in seen.withLock { $0.append(value) } }
    await send(1)
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await send(2)
    }
    await cancelled.value
    await send(3)
    #expect(seen.withLock { $0 } == [1, 3])
  }

  @Test func aStoresSendKeptPastTheStoreDoesNothing() async {
    let kept = Mutex<Send<Parent>?>(nil)
    let issues = await recordIssues {
      do {
        let store = Store(initialState: [String]()) {
          Reduce<[String], Parent> { state, action in
            switch action {
            case .start:
              return .run { send in kept.withLock { $0 = send } }
            case .child(let text):
              state.append(text)
              return .none
            default:
              return .none
            }
          }
        }
        store.send(.start(handled: true))
        // From outside the store's call, the action waits for the store's next run.
        await kept.withLock { $0 }?(.child("while the store lives"))
        store.run(timeout: .zero)
        #expect(store.state == ["while the store lives"])
      }
      // The store is gone: the send neither crashes nor reaches anything.
      await kept.withLock { $0 }?(.child("after"))
    }
    #expect(kept.withLock { $0 } != nil)
    // Both sends came after the run closure returned: each is reported, as TCA does.
    #expect(
      issues.map { $0.message.prefix(while: { $0 != "\n" }) } == [
        "An action was sent from a completed effect.",
        "An action was sent from a completed effect.",
      ])
  }

  /// What `EffectRun` relies on to store every `Effect<Action>`'s closures under one type: the
  /// one-closure structs have the same layout whatever `Action` is (a code pointer and a
  /// context), and a closure read back under its own type runs as stored.
  @Test func storedClosuresHaveOneLayoutForEveryAction() async {
    struct Large: Sendable { var a, b, c, d: Int; var text: String }
    func layout<T>(_: T.Type) -> [Int] {
      [MemoryLayout<T>.size, MemoryLayout<T>.stride, MemoryLayout<T>.alignment]
    }
    let operation = layout(EffectRun.Operation<Never>.self)
    #expect(layout(EffectRun.Operation<Int>.self) == operation)
    #expect(layout(EffectRun.Operation<Large>.self) == operation)
    #expect(layout(EffectRun.Operation<Parent>.self) == operation)
    let handler = layout(EffectRun.Handler<Never>.self)
    #expect(layout(EffectRun.Handler<Large>.self) == handler)
    #expect(layout(Send<Never>.self) == layout(Send<Large>.self))

    let seen = Mutex<[Large]>([])
    let run = EffectRun(
      priority: nil, dependencies: DependencyValues._current,
      operation: { (send: Send<Large>) in
        await send(Large(a: 1, b: 2, c: 3, d: 4, text: "ran"))
        throw Failure()
      },
      catch: { error, send in await send(Large(a: 0, b: 0, c: 0, d: 0, text: "\(error)")) },
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    await run.perform(Send<Large> { value in seen.withLock { $0.append(value) } })
    #expect(seen.withLock { $0.map(\.text) } == ["ran", "Failure()"])
  }
}
