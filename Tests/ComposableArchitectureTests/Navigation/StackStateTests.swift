// `StackState` as a range-replaceable collection (new elements get new ids, kept ones keep
// theirs) and `StackElementID`'s dump, as TCA's (StackReducerTests' `removeLast(2)` and
// testCustomDebugStringConvertible); a stack dumps as a dictionary from id to element, so a
// diff names the id that differs (testMismatchedIDFailure).
import ComposableArchitecture
import DependenciesTestSupport
import Testing

@Suite struct StackStateTests {
  @Test func rangeReplacementsGiveNewElementsNewIDs() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack = StackState<String>(["a", "b", "c"])
      stack.removeLast(2)
      #expect(stack.ids == [0])
      stack.insert("z", at: 0)
      #expect(stack.ids == [3, 0])
      #expect(Array(stack) == ["z", "a"])
      stack.removeFirst()
      #expect(stack.ids == [0])
      stack.append(contentsOf: ["d", "e"])
      #expect(stack.ids == [0, 4, 5])
    }
  }

  @Reducer struct Parent {
    struct State: Equatable {
      var children = StackState<Int>()
    }
    enum Action: Equatable {
      case children(StackActionOf<Child>)
    }
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .none }.forEach(\.children, action: \.children) { Child() }
    }
  }

  @Reducer struct Child {
    typealias State = Int
    typealias Action = Never
    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  @Test func aDiffOfStacksShowsTheIDThatDiffers() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    let issues = await recordIssues {
      await store.send(.children(.push(id: 0, state: 7))) { $0.children[id: 1] = 7 }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

            \u{2007} StackStateTests.Parent.State(
            \u{2007}   children: [
            −     #1: 7
            +     #0: 7
            \u{2007}   ]
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func elementIDsDumpAsTheirGeneration() {
    #expect(StackElementID(generation: 0).customDumpDescription == "#0")
    #expect(StackElementID(generation: 12).customDumpDescription == "#12")
  }
}
