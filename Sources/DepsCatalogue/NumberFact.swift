// Seed 000: a counter that fetches a fact about its number through `numberFact.fetch`.
import DepsCore

/// The NumberFact feature.
package struct NumberFact: Reducer {
  package struct State: Equatable, Codable, Sendable {
    package var count = 0
    package var numberFact: String?
    package var errorMessage: String?
    package init(count: Int = 0, numberFact: String? = nil, errorMessage: String? = nil) {
      self.count = count
      self.numberFact = numberFact
      self.errorMessage = errorMessage
    }
  }

  package enum Action: Equatable, Codable, Sendable {
    case incrementButtonTapped
    case decrementButtonTapped
    case numberFactButtonTapped
    case numberFactResponse(ActionResult<String>)
  }

  @Dependency(\.numberFact) var numberFact

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
      case .numberFactButtonTapped:
        return .run { [count = state.count] send in
          await send(.numberFactResponse(.success(try await numberFact.fetch(count))))
        } catch: { error, send in
          await send(.numberFactResponse(.failure(userMessage(for: error))))
        }
      case .numberFactResponse(.success(let fact)):
        state.numberFact = fact
        state.errorMessage = nil
        return .none
      case .numberFactResponse(.failure(let message)):
        state.errorMessage = message
        return .none
      }
    }
  }
}
