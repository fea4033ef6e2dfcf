// `StackState` as a range-replaceable collection (new elements get new ids, kept ones keep
// theirs) and `StackElementID`'s dump, as TCA's (StackReducerTests' `removeLast(2)` and
// testCustomDebugStringConvertible).
import ComposableArchitecture
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

  @Test func elementIDsDumpAsTheirGeneration() {
    #expect(StackElementID(generation: 0).customDumpDescription == "#0")
    #expect(StackElementID(generation: 12).customDumpDescription == "#12")
  }
}
