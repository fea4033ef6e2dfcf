// `ifLet`: a child reducer on optional child state, run before the parent while the state
// exists; a child action arriving while it is nil is reported at the `ifLet`.
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

private struct Host: Reducer {
  struct State: Equatable {
    var child: Probe.State?
    var seen: [String] = []
  }

  enum Action: Equatable {
    case child(Probe.Action)
    case open
    case close
  }

  static let ifLetLine = #line + 14

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open:
        state.child = Probe.State()
      case .close:
        state.child = nil
      case .child:
        state.seen.append("parent saw child count \(state.child?.count ?? -1)")
      }
      return .none
    }
    .ifLet(\.child, action: Action.child) {
      Probe()
    }
  }
}

@Suite struct IfLetTests {
  @Test func childRunsBeforeTheParentWhileStateExists() async {
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.open) { $0.child = Probe.State() }
    await store.send(.child(.increment)) {
      $0.child?.count = 1
      $0.seen = ["parent saw child count 1"]
    }
    store.exhaustivity = .off
    await store.send(.child(.sendTwo))
    await store.receive(.child(.second)) { $0.child?.log = ["first", "second"] }
    store.exhaustivity = .on
    await store.send(.close) { $0.child = nil }
  }

  @Test func childActionWithNilStateIsReported() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Host.State()) { Host() }
      await store.send(.child(.increment)) { $0.seen = ["parent saw child count -1"] }
    }
    #expect(
      issues.map(\.message) == [
        """
        An "ifLet" at "DepsCoreTests/IfLetTests.swift:\(Host.ifLetLine)" received a child \
        action when child state was "nil".

          Action:
            Host.Action.child(.increment)

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
        before any other reducer sets child state to "nil". This ensures that child reducers can \
        handle their actions while their state is still available.

        An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        This action was sent to the store while state was "nil". Make sure that actions for this \
        reducer can only be sent from a store when state is non-"nil". In SwiftUI applications, \
        use "IfLetStore".
        """
      ])
    #expect(issues.first?.line == UInt(Host.ifLetLine))
  }
}
