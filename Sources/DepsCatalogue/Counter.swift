// Seed 002: a counter with a delayed increment that waits on `delayClient` (live only).
import DepsCore

/// The Counter feature.
package struct Counter: Reducer {
  package struct State: Equatable, Codable, Sendable {
    package var count = 0
    package var isLoading = false
    package init(count: Int = 0, isLoading: Bool = false) {
      self.count = count
      self.isLoading = isLoading
    }
  }

  package enum Action: Equatable, Codable, Sendable {
    case incrementButtonTapped
    case decrementButtonTapped
    case delayedIncrementButtonTapped
    case delayedIncrementFinished
  }

  @Dependency(\.delayClient) var delayClient

  package init() {}

  package var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count = state.count.incremented
        return .none
      case .decrementButtonTapped:
        state.count = state.count.decremented
        return .none
      case .delayedIncrementButtonTapped:
        state.isLoading = true
        return .run { send in
          try await delayClient.wait()
          await send(.delayedIncrementFinished)
        }
      case .delayedIncrementFinished:
        state.count = state.count.incremented
        state.isLoading = false
        return .none
      }
    }
  }
}
