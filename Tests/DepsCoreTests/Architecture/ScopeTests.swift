// `Scope`: a child reducer on part of the parent's state, for the child's actions (by case
// constructor or explicit case path); other actions pass through; child effects come back
// wrapped in the parent's case.
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

struct ScopeParent: Reducer {
  struct State: Equatable {
    var probe = Probe.State()
    var other = Probe.State()
    var parentLog: [String] = []
  }

  enum Action: Equatable {
    case probe(Probe.Action)
    case other(Probe.Action)
    case tapped
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.probe, action: Action.probe) {
      Probe()
    }
    Scope(
      state: \.other,
      action: AnyCasePath(
        embed: Action.other,
        extract: { if case .other(let action) = $0 { action } else { nil } })
    ) {
      Probe()
    }
    Reduce { state, action in
      state.parentLog.append("\(action)")
      return .none
    }
  }
}

@Suite struct ScopeTests {
  @Test func childActionsReachTheChildAndEffectsComeBackWrapped() async {
    let store = TestStore(initialState: ScopeParent.State()) { ScopeParent() }
    await store.send(.probe(.increment)) {
      $0.probe.count = 1
      $0.parentLog = ["probe(DepsCoreTests.Probe.Action.increment)"]
    }
    store.exhaustivity = .off
    await store.send(.probe(.sendTwo))
    await store.receive(.probe(.first)) { $0.probe.log = ["first"] }
    await store.receive(.probe(.second)) { $0.probe.log = ["first", "second"] }
    #expect(store.state.other == Probe.State())
  }

  @Test func explicitCasePathAndOtherActions() async {
    let store = TestStore(initialState: ScopeParent.State()) { ScopeParent() }
    store.exhaustivity = .off
    await store.send(.other(.rename("Blob"))) { $0.other.name = "Blob" }
    await store.send(.tapped)
    #expect(store.state.parentLog.last == "tapped")
    #expect(store.state.probe == Probe.State())
    #expect(store.state.other.name == "Blob")
  }

  @Test func anyCasePathFromAConstructor() {
    enum Action: Equatable {
      case a(Int)
      case b(Int)
      case labeled(id: Int)
      case none
    }
    let a = AnyCasePath(Action.a)
    #expect(a.embed(3) == .a(3))
    #expect(a.extract(from: .a(4)) == 4)
    #expect(a.extract(from: .b(4)) == nil)
    #expect(a.extract(from: .none) == nil)
    let labeled = AnyCasePath { Action.labeled(id: $0) }
    #expect(labeled.extract(from: .labeled(id: 9)) == 9)
    #expect(labeled.extract(from: .a(9)) == nil)
  }
}
