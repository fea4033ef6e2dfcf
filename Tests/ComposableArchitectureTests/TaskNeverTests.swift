// `Task.never()` as swift-concurrency-extras declares it: `try await Task.never()` in an effect
// (where nothing fixes the task's types) resolves to the `Task<Never, Never>` form, and the
// generic form returns a value of any type.
import ComposableArchitecture
import Testing

@Suite struct TaskNeverTests {
  @Reducer struct LongLiving {
    struct State: Equatable { var value = 0 }
    enum Action: Equatable {
      case response(Int)
      case start
      case stop
    }
    enum CancelID { case longLiving }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .response(let value):
          state.value = value
          return .none
        case .start:
          return .run { send in
            await send(.response(42))
            try await Task.never()
          }
          .cancellable(id: CancelID.longLiving, cancelInFlight: true)
        case .stop:
          return .cancel(id: CancelID.longLiving)
        }
      }
    }
  }

  @Test func anEffectWaitingOnTaskNeverRunsUntilCancelled() async {
    let store = TestStore(initialState: LongLiving.State()) { LongLiving() }
    await store.send(.start)
    await store.receive(\.response) { $0.value = 42 }
    await store.send(.stop)
  }

  @Test func theGenericFormIsCancelledToo() async {
    let task = Task<Int, any Error> {
      let value: Int = try await Task<Int, Never>.never()
      return value
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
