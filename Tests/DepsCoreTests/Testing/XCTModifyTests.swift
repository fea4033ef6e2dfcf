// `XCTModify`: change an enum case's payload or an optional's value inside an assertion, with
// TCA's failure texts.
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
import DepsTestSupport

enum ModifyDestination: Equatable {
  case counter(Int)
  case text(String)
}

@Suite struct XCTModifyTests {
  @Test func modifiesThePayloadOfTheCase() {
    var destination = ModifyDestination.counter(1)
    let issues = recordIssues {
      XCTModify(&destination, case: ModifyDestination.counter) { $0 += 1 }
    }
    #expect(issues.isEmpty)
    #expect(destination == .counter(2))
  }

  @Test func reportsAnotherCase() {
    var destination = ModifyDestination.text("a")
    let issues = recordIssues {
      XCTModify(&destination, case: ModifyDestination.counter) { $0 += 1 }
    }
    #expect(
      issues.map(\.message) == [
        """
        XCTModify: Expected to extract value of type "Int" from "ModifyDestination" …

          Actual:
            text("a")
        """
      ])
    #expect(destination == .text("a"))
  }

  @Test func reportsAnUnchangedValue() {
    var destination = ModifyDestination.counter(1)
    let issues = recordIssues {
      XCTModify(&destination, case: ModifyDestination.counter) { _ in }
    }
    #expect(
      issues.map(\.message) == [
        #"XCTModify: Expected "Int" value to be modified but it was unchanged."#
      ])
  }

  @Test func optionals() {
    var value: Probe.State? = Probe.State()
    var none: Probe.State?
    let issues = recordIssues {
      XCTModify(&value) { $0.count = 3 }
      XCTModify(&none, "needs a child") { $0.count = 3 }
    }
    #expect(value?.count == 3)
    #expect(
      issues.map(\.message) == [
        #"XCTModify failed: expected non-nil value of type "Probe.State" - needs a child"#
      ])
  }
}

@Suite struct XCTModifyOptionalCaseTests {
  @Test func modifiesACaseInsideAnOptional() {
    var destination: ModifyDestination? = .counter(1)
    var none: ModifyDestination?
    let issues = recordIssues {
      XCTModify(&destination, case: ModifyDestination.counter) { $0 = 5 }
      XCTModify(&none, case: ModifyDestination.counter) { $0 = 5 }
    }
    #expect(destination == .counter(5))
    #expect(
      issues.map(\.message) == [
        """
        XCTModify: Expected to extract value of type "Int" from "ModifyDestination?" …

          Actual:
            nil
        """
      ])
  }
}

@Suite struct XCTModifyExhaustivityTests {
  struct State: Equatable {
    var child: Int? = 0
    var count = 0
  }
  enum Action: Equatable { case tap }

  func store() -> TestStore<State, Action> {
    TestStore(initialState: State()) {
      Reduce<State, Action> { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Test func anUnchangedValueFailsAnExhaustiveAssertion() async {
    let issues = await recordIssues {
      let store = store()
      await store.send(.tap) {
        $0.count = 1
        XCTModify(&$0.child) { _ in }
      }
    }
    #expect(
      issues.map(\.message) == [
        #"XCTModify: Expected "Int" value to be modified but it was unchanged."#
      ])
  }

  @Test func butNotANonExhaustiveOne() async {
    let issues = await recordIssues {
      let store = store()
      store.exhaustivity = .off
      await store.send(.tap) {
        $0.count = 1
        XCTModify(&$0.child) { _ in }
      }
    }
    #expect(issues.isEmpty)
  }
}
