// An effect's `send` called after its `run` closure returned (escaped into an unstructured task)
// is reported with TCA's warning, naming the action and the action whose reducer returned the
// effect; a send made while the closure runs is not.
import ComposableArchitecture
import DependenciesTestSupport
import Testing

private enum EscapeAction: Equatable, Sendable {
  case tap, response
  case stay, stayed
}

struct CompletedEffectSendTests {
  @Test func aSendAfterTheRunClosureReturnedIsReported() async {
    let clock = TestClock()
    let issues = await recordIssues {
      let store = Store(initialState: 0) {
        Reduce<Int, EscapeAction> { state, action in
          switch action {
          case .tap:
            return .run { send in
              Task {
                try await clock.sleep(for: .seconds(1))
                await send(.response)
              }
            }
          case .response:
            state += 1
            return .none
          case .stay, .stayed:
            return .none
          }
        }
      }
      await store.send(.tap).finish()
      // The escaped task may reach its sleep after a first advance: advance until it sent.
      let deadline = ContinuousClock.now.advanced(by: .seconds(5))
      while store.withState({ $0 }) == 0, ContinuousClock.now < deadline {
        await clock.advance(by: .seconds(1))
        try? await Task.sleep(for: .milliseconds(5))
        store.send(.stay)
      }
    }
    #expect(
      issues.map(\.message) == [
        """
        An action was sent from a completed effect.

          Action:
            EscapeAction.response

          Effect returned from:
            EscapeAction.tap

        Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
        completed. This can happen if you escape the 'send' argument in an unstructured context.

        To fix this, make sure that your 'run' closure does not return until you're done \
        calling 'send'.
        """
      ])
  }

  @Test func aSendWhileTheRunClosureRunsIsNotReported() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, EscapeAction> { _, action in
          action == .stay ? .run { send in await send(.stayed) } : .none
        }
      }
      await store.send(.stay)
      await store.receive(.stayed)
    }
    #expect(issues.isEmpty)
  }
}
