import ComposableArchitecture
import Foundation
import Testing  // for the test at the end (in a test target)
#if canImport(FoundationNetworking)
import FoundationNetworking  // URLSession on Linux
#endif

struct NumberFactAPI: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}
extension NumberFactAPI: DependencyKey {
  static let liveValue = Self { number in
    let (data, _) = try await URLSession.shared.data(
      from: URL(string: "http://numbersapi.com/\(number)")!)
    return String(decoding: data, as: UTF8.self)
  }
  static let previewValue = Self { "\($0)은 Preview용 숫자입니다." }
  static let testValue = Self(fetch: unimplemented("NumberFactAPI.fetch"))
}
extension DependencyValues {
  var numberFactAPI: NumberFactAPI {
    get { self[NumberFactAPI.self] }
    set { self[NumberFactAPI.self] = newValue }
  }
}

@Reducer
struct QuickStartFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var numberFact: String?
  }
  enum Action {
    case incrementButtonTapped
    case numberFactButtonTapped
    case numberFactResponse(Result<String, any Error>)
  }
  @Dependency(\.numberFactAPI) var numberFactAPI

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .numberFactButtonTapped:
        return .run { [count = state.count] send in
          await send(.numberFactResponse(Result { try await numberFactAPI.fetch(count) }))
        }
      case .numberFactResponse(.success(let fact)):
        state.numberFact = fact
        return .none
      case .numberFactResponse(.failure):
        return .none
      }
    }
  }
}

// A test (Swift Testing), exactly as with TCA:
@MainActor
@Test func quickStartNumberFact() async {
  let store = TestStore(initialState: QuickStartFeature.State()) {
    QuickStartFeature()
  } withDependencies: {
    $0.numberFactAPI.fetch = { "\($0)은 좋은 숫자입니다." }
  }
  await store.send(.incrementButtonTapped) { $0.count = 1 }
  await store.send(.numberFactButtonTapped)
  await store.receive(\.numberFactResponse.success, "1은 좋은 숫자입니다.") {
    $0.numberFact = "1은 좋은 숫자입니다."
  }
}
