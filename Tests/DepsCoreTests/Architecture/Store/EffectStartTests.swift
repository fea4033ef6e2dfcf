// How a store starts its effects: an effect's first part runs after the action that returned
// it (and any action queued meanwhile) is handled, in the order the effects were started; an
// action it sends is handled before its `send` returns, and an action that cancels it cancels it
// at once; an effect that ends in its first part leaves nothing in flight; effects see the
// store's dependencies without binding them again.
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

/// Every handled action is appended to the state, so order is visible without an observer (an
/// observer changes how the store starts effects).
private struct Starts: Reducer {
  enum Action: Equatable {
    case sendTwice, first, second, third
    case cancelSelf, cancelIt, afterCancel
    case merged, cancelOther, other
    case yieldThenSend, afterYield
    case syncDone, checkDependency
    case sawUUID(String)
    case cancellableSendTwice
  }

  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    state.append("\(action)")
    switch action {
    case .sendTwice:
      return .run { send in
        await send(.first)
        await send(.second)
      }
    case .first:
      return .run { send in await send(.third) }
    case .cancelSelf:
      return .run { send in
        await send(.cancelIt)
        await send(.afterCancel)
      }
      .cancellable(id: "self")
    case .cancelIt:
      return .cancel(id: "self")
    case .merged:
      return .merge(
        .run { send in await send(.cancelOther) },
        .run { send in await send(.other) }.cancellable(id: "other"))
    case .cancelOther:
      return .cancel(id: "other")
    case .yieldThenSend:
      return .run { send in
        await Task.yield()
        await send(.afterYield)
      }
    case .syncDone:
      return .run { _ in }
    case .checkDependency:
      return .run { send in
        @Dependency(\.uuid) var uuid
        await send(.sawUUID(uuid().uuidString))
      }
    case .cancellableSendTwice:
      return .run { send in
        await send(.first)
        await send(.second)
      }
      .cancellable(id: "twice")
    default:
      return .none
    }
  }
}

@Suite struct EffectStartTests {
  private func store() -> Store<[String], Starts.Action> {
    Store(initialState: [String]()) {
      Starts()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test func anEffectKeepsRunningBeforeTheEffectsOfTheActionsItSends() {
    let store = store()
    store.send(.sendTwice)
    #expect(store.state == ["sendTwice", "first", "second", "third"])
    #expect(!store.hasEffectsInFlight)
  }

  @Test func theSameOrderWhenTheEffectIsCancellable() {
    let store = store()
    store.send(.cancellableSendTwice)
    #expect(store.state == ["cancellableSendTwice", "first", "second", "third"])
  }

  @Test func anEffectCancelledByAnActionItSentSendsNothingMore() {
    let store = store()
    store.send(.cancelSelf)
    #expect(store.state == ["cancelSelf", "cancelIt"])
    #expect(!store.hasEffectsInFlight)
  }

  @Test func mergedEffectsAllExistBeforeTheFirstRuns() {
    let store = store()
    store.send(.merged)
    #expect(store.state == ["merged", "cancelOther"])
    #expect(!store.hasEffectsInFlight)
  }

  @Test func anEffectThatSuspendsFinishesInTheSameSend() {
    let store = store()
    let task = store.send(.yieldThenSend)
    #expect(store.state == ["yieldThenSend", "afterYield"])
    #expect(task.isFinished)
  }

  @Test func anEffectThatEndsInItsFirstPartLeavesNothingInFlight() {
    let store = store()
    let task = store.send(.syncDone)
    #expect(task.isFinished)
    #expect(!store.hasEffectsInFlight)
    store.send(.syncDone)
    #expect(store.state == ["syncDone", "syncDone"])
  }

  @Test func anEffectSeesTheStoresDependencies() {
    let store = store()
    store.send(.checkDependency)
    store.send(.checkDependency)
    #expect(
      store.state == [
        "checkDependency", "sawUUID(\"00000000-0000-0000-0000-000000000000\")",
        "checkDependency", "sawUUID(\"00000000-0000-0000-0000-000000000001\")",
      ])
  }

  @Test func anObservedStoreHandlesInTheSameOrder() {
    let store = store()
    let seen = Mutex<[String]>([])
    store.observe { action, _ in seen.withLock { $0.append("\(action)") } }
    store.send(.sendTwice)
    store.send(.cancelSelf)
    #expect(
      store.state == ["sendTwice", "first", "second", "third", "cancelSelf", "cancelIt"])
    #expect(seen.withLock { $0 } == store.state)
  }
}
