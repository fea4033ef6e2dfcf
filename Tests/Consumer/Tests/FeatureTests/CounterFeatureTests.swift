// The counter tested as the guides test it.
import ComposableArchitecture
import DependenciesTestSupport
import Feature
import Testing

@MainActor
@Suite(.dependency(\.continuousClock, ImmediateClock()))
struct CounterFeatureTests {
  @Test func factAndReset() async {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number." }
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.factButtonTapped)
    await store.receive(\.factResponse, "1 is a good number.") {
      $0.fact = "1 is a good number."
    }
    await store.send(.resetButtonTapped) { $0.alert = AlertState { TextState("Reset?") } }
    await store.send(\.alert.confirmReset) {
      $0.alert = nil
      $0.count = 0
    }
  }
}
