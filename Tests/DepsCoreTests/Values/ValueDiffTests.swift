import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting
@testable import DepsCatalogue

private struct Todo {
  var title: String
  var isComplete = false
}

private struct TodosState {
  var todos: [Todo] = []
  var filter = "all"
  var editing: String?
}

@Suite struct ValueDiffTests {
  @Test func equalValuesHaveNoDiff() {
    #expect(
      ValueDiff.diff(["count": 1, "isLoading": false], ["isLoading": false, "count": 1.0])
        == nil)
    #expect(ValueDiff.diff(nil, nil) == nil)
  }

  @Test func theStyleGuideExample() {
    let expected: JSONValue = ["count": 2, "isLoading": false]
    #expect(
      ValueDiff.diff(expected, ["count": 1, "isLoading": false]) == """
            {
          -   "count": 2,
          +   "count": 1,
              … (1 unchanged)
            }
        """)
  }

  @Test func scalarsAtTheTop() {
    #expect(ValueDiff.diff(2, 1) == "  - 2\n  + 1")
    #expect(ValueDiff.diff("a", nil) == "  - \"a\"\n  + null")
    #expect(ValueDiff.diff(1, [1]) == "  - 1\n  + [\n  +   1\n  + ]")
  }

  @Test func keysPresentOnOneSide() {
    // An optional set on one side only: a `-` or `+` line.
    let expected: JSONValue = ["count": 0, "numberFact": "0 is good"]
    let actual: JSONValue = ["count": 0, "errorMessage": "offline"]
    #expect(
      ValueDiff.diff(expected, actual) == """
            {
              … (1 unchanged)
          +   "errorMessage": "offline",
          -   "numberFact": "0 is good"
            }
        """)
  }

  @Test func nestedStructsFromReflection() {
    let expected = TodosState(todos: [Todo(title: "Milk"), Todo(title: "Eggs")], editing: "x")
    var actual = expected
    actual.todos[1].isComplete = true
    actual.editing = nil
    #expect(
      ValueDiff.diff(JSONValue(reflecting: expected), JSONValue(reflecting: actual)) == """
            {
          -   "editing": "x",
              … (1 unchanged)
              "todos": [
                … (1 unchanged)
                {
          -       "isComplete": false,
          +       "isComplete": true,
                  … (1 unchanged)
                }
              ]
            }
        """)
  }

  @Test func arraysCompareByIndexAndFoldRuns() {
    #expect(
      ValueDiff.diff([1, 2, 3, 4, 5], [1, 2, 9, 4]) == """
            [
              … (2 unchanged)
          -   3,
          +   9,
              … (1 unchanged)
          -   5
            ]
        """)
    #expect(
      ValueDiff.diff([], [["id": 1, "title": "Milk"]]) == """
            [
          +   {
          +     "id": 1,
          +     "title": "Milk"
          +   }
            ]
        """)
  }

  @Test func wholeValuesOfDifferentShapes() {
    #expect(
      ValueDiff.diff(["a": ["b": 1]], ["a": [1, 2]]) == """
            {
          -   "a": {
          -     "b": 1
          -   }
          +   "a": [
          +     1,
          +     2
          +   ]
            }
        """)
  }

  @Test func childActionsDiff() {
    let expected: JSONValue = ["todos": ["titleChanged": ["id": "A", "title": "Milk"]]]
    let actual: JSONValue = ["todos": ["titleChanged": ["id": "A", "title": "Mil"]]]
    #expect(
      ValueDiff.diff(expected, actual) == """
            {
              "todos": {
                "titleChanged": {
                  … (1 unchanged)
          -       "title": "Milk"
          +       "title": "Mil"
                }
              }
            }
        """)
  }
}
