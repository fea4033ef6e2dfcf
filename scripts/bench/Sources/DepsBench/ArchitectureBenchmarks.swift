// The store's operations: `Store.send` of a trivial reducer, a TestStore step with a state
// assertion, an effect round trip (`.run { send(…) }` back into the reducer), and an action of
// a presented child (`ifLet` over `PresentationState`: the parent's navigation work around the
// child's reducer).
import DepsCore

/// A 10-field state for the TestStore step.
struct TenFields: Equatable, Sendable {
  var count = 0
  var title = "Groceries"
  var isLoading = false
  var total = 0.0
  var tags = ["a", "b"]
  var selection: Int? = nil
  var note = ""
  var flags = [true, false]
  var version = 1
  var owner = "deps"
}

enum TenFieldsAction: Equatable, Sendable {
  case increment
}

enum RoundTripAction: Sendable {
  case start
  case done
}

/// A parent presenting a counter child (the shape `@Presents` + `ifLet` gives), its action
/// case path made by `@CasePathable` as `@Reducer` makes it.
struct PresentingParent: Equatable, Sendable {
  var child = PresentationState<Int>(wrappedValue: 0)
}

@CasePathable
enum PresentingAction: Sendable {
  case child(PresentationAction<Int>)
}

enum ArchitectureBenchmarks {
  static var all: [Benchmark] {
    [
      Benchmark(
        name: "store.send.none",
        summary: "Store.send, trivial reducer returning .none",
        target: .nanoseconds(150)
      ) { n in
        let store = Store(initialState: 0) {
          Reduce<Int, Int> { state, action in
            state &+= action
            return .none
          }
        }
        for i in 0..<n { store.send(i & 1) }
        blackHole(store.state)
      },
      Benchmark(
        name: "teststore.send.assert",
        summary: "TestStore send + state assertion, 10-field state",
        target: .nanoseconds(2_000),
        async: { n in
          let store = TestStore(initialState: TenFields()) {
            Reduce<TenFields, TenFieldsAction> { state, _ in
              state.count += 1
              return .none
            }
          }
          for _ in 0..<n {
            await store.send(.increment) { $0.count += 1 }
          }
          blackHole(store.state.count)
        }),
      Benchmark(
        name: "store.effect.roundtrip",
        summary: "effect round trip: .run { send(.done) } -> reducer",
        target: .nanoseconds(3_000)
      ) { n in
        let store = Store(initialState: 0) {
          Reduce<Int, RoundTripAction> { state, action in
            switch action {
            case .start:
              return .run { send in await send(.done) }
            case .done:
              state += 1
              return .none
            }
          }
        }
        for _ in 0..<n { store.send(.start) }
        blackHole(store.state)
      },
      Benchmark(
        name: "store.send.presented",
        summary: "Store.send of a presented child's action through ifLet",
        target: .nanoseconds(1_000)
      ) { n in
        let store = Store(initialState: PresentingParent()) {
          Reduce<PresentingParent, PresentingAction> { _, _ in .none }
            .ifLet(\.child, action: \.child) {
              Reduce<Int, Int> { state, action in
                state &+= action
                return .none
              }
            }
        }
        for i in 0..<n { store.send(.child(.presented(i & 1))) }
        blackHole(store.state.child.wrappedValue)
      },
    ]
  }
}
