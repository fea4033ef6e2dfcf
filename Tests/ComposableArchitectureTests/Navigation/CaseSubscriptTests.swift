// The case subscripts of `PresentationState` and `StackState`, as TCA's: a write replaces the
// payload, nil dismisses (or pops), a write to another case reports TCA's text and changes
// nothing (TCA's testPresentationStateSubscriptCase… and testStackStateSubscriptCase…). The
// tests using the deprecated `/Case` spelling are deprecated themselves, so they warn nowhere.
import ComposableArchitecture
import DependenciesTestSupport
import Testing

@Suite struct CaseSubscriptTests {
  @CasePathable
  enum Child: Equatable {
    case int(Int)
    case text(String)
  }

  struct Parent: Equatable {
    @PresentationState var child: Child?
  }

  @available(*, deprecated)
  @Test func presentationStateCaseWritesAndDismisses() {
    var parent = Parent(child: .int(42))
    parent.$child[case: /Child.int]? += 1
    #expect(parent.child == .int(43))
    parent.$child[case: \.int]? += 1
    #expect(parent.child == .int(44))
    parent.$child[case: /Child.int] = nil
    #expect(parent.child == nil)
  }

  @available(*, deprecated)
  @Test func presentationStateWriteToAnotherCaseIsReported() {
    var parent = Parent(child: .int(42))
    let issues = recordIssues {
      parent.$child[case: /Child.text]?.append("!")
      parent.$child[case: /Child.text] = nil
      parent.$child[case: \.text] = "x"
    }
    #expect(
      issues.map(\.message) == Array(repeating: #"Can't modify unrelated case "int""#, count: 3))
    #expect(parent.child == .int(42))
  }

  @available(*, deprecated)
  @Test func stackStateCaseWritesAndPops() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack = StackState<Child>([.int(42)])
      stack[id: 0, case: /Child.int]? += 1
      #expect(stack[id: 0] == .int(43))
      stack[id: 0, case: \.int]? += 1
      #expect(stack[id: 0] == .int(44))
      stack[id: 0, case: /Child.int] = nil
      #expect(stack.isEmpty)
    }
  }

  @available(*, deprecated)
  @Test func stackStateWriteToAnotherCaseIsReported() {
    withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack = StackState<Child>([.int(42)])
      let issues = recordIssues {
        stack[id: 0, case: /Child.text]?.append("!")
        stack[id: 0, case: /Child.text] = nil
      }
      #expect(
        issues.map(\.message) == Array(repeating: #"Can't modify unrelated case "int""#, count: 2))
      #expect(Array(stack) == [.int(42)])
    }
  }
}
