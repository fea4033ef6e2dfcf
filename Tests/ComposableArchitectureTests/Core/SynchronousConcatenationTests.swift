// A concatenation of synchronous effects (sends) runs at once, in order, as TCA's publisher
// concatenation: the actions it sends are handled before the effect `send` that caused them
// returns, so an effect's next send comes after them.
import ComposableArchitecture
import Testing

private enum Step: Equatable, Sendable {
  case start, first, firstA, firstB, second, secondA, secondB
}

struct SynchronousConcatenationTests {
  @Test func sendsOfAConcatenationAreHandledBeforeTheEffectGoesOn() async {
    let store = TestStore(initialState: [Step]()) {
      Reduce<[Step], Step> { log, step in
        log.append(step)
        switch step {
        case .start:
          return .run { send in
            await send(.first)
            await send(.second)
          }
        case .first: return .concatenate(.send(.firstA), .send(.firstB))
        case .second: return .concatenate(.send(.secondA), .merge(.send(.secondB), .none))
        default: return .none
        }
      }
    }
    await store.send(.start) { $0 = [.start] }
    await store.receive(.first) { $0.append(.first) }
    await store.receive(.firstA) { $0.append(.firstA) }
    await store.receive(.firstB) { $0.append(.firstB) }
    await store.receive(.second) { $0.append(.second) }
    await store.receive(.secondA) { $0.append(.secondA) }
    await store.receive(.secondB) { $0.append(.secondB) }
  }

  @Test func aConcatenationWithARunStillRunsInOrder() async {
    let store = TestStore(initialState: [Step]()) {
      Reduce<[Step], Step> { log, step in
        log.append(step)
        switch step {
        case .start:
          return .concatenate(.run { await $0(.first) }, .send(.second))
        default: return .none
        }
      }
    }
    await store.send(.start) { $0 = [.start] }
    await store.receive(.first) { $0.append(.first) }
    await store.receive(.second) { $0.append(.second) }
  }
}
