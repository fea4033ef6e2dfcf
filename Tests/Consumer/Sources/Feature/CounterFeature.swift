// The guides' counter with a number fact, written as TCA code is: macros, case key paths,
// a dependency client.
import ComposableArchitecture

@DependencyClient
public struct NumberFactClient: Sendable {
  public var fetch: @Sendable (_ number: Int) async throws -> String
}

extension NumberFactClient: TestDependencyKey {
  public static let testValue = NumberFactClient()
}

extension DependencyValues {
  public var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

@Reducer
public struct CounterFeature {
  @ObservableState
  public struct State: Equatable {
    public var count = 0
    public var fact: String?
    @Presents public var alert: AlertState<Action.Alert>?
    public init() {}
  }

  public enum Action {
    case alert(PresentationAction<Alert>)
    case factButtonTapped
    case factResponse(String)
    case incrementButtonTapped
    case resetButtonTapped
    @CasePathable
    public enum Alert { case confirmReset }
  }

  @Dependency(\.numberFact) var numberFact

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmReset)):
        state.count = 0
        return .none
      case .alert:
        return .none
      case .factButtonTapped:
        return .run { [count = state.count, numberFact] send in
          try await send(.factResponse(numberFact.fetch(number: count)))
        }
      case .factResponse(let fact):
        state.fact = fact
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .resetButtonTapped:
        state.alert = AlertState { TextState("Reset?") }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
