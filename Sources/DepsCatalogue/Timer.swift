// A timer: a cancellable effect ticking every second on `continuousClock`.
import DepsCore

/// The Timer feature.
package struct TimerFeature: Reducer {
  package struct State: Equatable, Codable, Sendable {
    package var isRunning = false
    package var secondsElapsed = 0
    package init(isRunning: Bool = false, secondsElapsed: Int = 0) {
      self.isRunning = isRunning
      self.secondsElapsed = secondsElapsed
    }
  }

  package enum Action: Equatable, Codable, Sendable {
    case toggleButtonTapped
    case timerTicked
  }

  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.continuousClock) var clock

  package init() {}

  package var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggleButtonTapped:
        state.isRunning.toggle()
        guard state.isRunning else { return .cancel(id: CancelID.timer) }
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      case .timerTicked:
        state.secondsElapsed = state.secondsElapsed.incremented
        return .none
      }
    }
  }
}
