// Shared state: a `withLock` change of a `Shared(value:)`, and a TestStore step whose reducer
// changes a shared value that the step asserts (the change tracker's cost on top of
// `teststore.send.assert`).
import DepsCore

/// The 10-field state with a shared counter beside it.
struct SharedTenFields: Equatable, Sendable {
  @Shared var count: Int
  var fields = TenFields()
}

enum SharingBenchmarks {
  static var all: [Benchmark] {
    [
      Benchmark(
        name: "shared.withLock",
        summary: "Shared(value:).withLock { $0 += 1 }, no test store",
        target: .nanoseconds(200)
      ) { n in
        let count = Shared(value: 0)
        for _ in 0..<n { count.withLock { $0 &+= 1 } }
        blackHole(count.wrappedValue)
      },
      Benchmark(
        name: "teststore.send.shared",
        summary: "TestStore send changing a shared value, asserted with withLock",
        target: .nanoseconds(5_000),
        async: { n in
          let store = TestStore(initialState: SharedTenFields(count: Shared(value: 0))) {
            Reduce<SharedTenFields, TenFieldsAction> { state, _ in
              state.$count.withLock { $0 += 1 }
              return .none
            }
          }
          for _ in 0..<n {
            await store.send(.increment) { $0.$count.withLock { $0 += 1 } }
          }
          blackHole(store.state.count)
        }),
    ]
  }
}
