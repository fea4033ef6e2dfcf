// `_printChanges` shows a shared value's change, as TCA's debug reducer does: the value before
// the reducer changed it against the value after, `#1 old` / `#1 new`.
import ComposableArchitecture
import Synchronization
import Testing

@Suite struct PrintChangesSharedTests {
  struct State {
    @Shared var count: Int
  }

  @Test func sharedChangeIsPrinted() {
    let logs = Mutex<[String]>([])
    let store = Store(initialState: State(count: Shared(value: 0))) {
      Reduce<State, Bool> { state, action in
        state.$count.withLock { $0 += action ? 1 : -1 }
        return .none
      }
      ._printChanges(.text { text in logs.withLock { $0.append(text) } })
    }
    store.send(true)
    #expect(
      logs.withLock { $0 } == [
        """
        received action:
          true
        \u{2007} PrintChangesSharedTests.State(
        −   _count: #1 0
        +   _count: #1 1
        \u{2007} )
        """
      ])
  }
}
