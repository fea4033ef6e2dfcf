// `receive(\.case, value)` that finds the case with another value reports TCA's text for that
// form: the diff indented by two, against "Actual" (the `receive(action)` form says "Received").
// Unchanged lines of the diff start with a figure space (U+2007), as swift-custom-dump writes them.
import ComposableArchitecture
import DependenciesTestSupport
import Testing

@CasePathable
private enum Outcome: Equatable {
  case tap
  case delegate(Delegate)
  @CasePathable
  enum Delegate: Equatable { case success(Int) }
}

struct ReceiveCaseValueTextTests {
  @Test func aNestedCaseWithAnotherValueShowsTCAsDiff() async {
    let issues = await recordIssues {
      let store = TestStore<Int, Outcome>(initialState: 0) {
        Reduce { _, action in
          action == .tap ? .send(.delegate(.success(42))) : .none
        }
      }
      await store.send(.tap)
      await store.receive(\.delegate.success, 43)
    }
    #expect(
      issues.map(\.message) == [
        """
        Received unexpected action:

            Outcome.delegate(
          −   .success(43)
          +   .success(42)
            )

        (Expected: −, Actual: +)
        """
      ])
  }
}
