// `Store.scope(state:action:)`: child stores read through and send into the parent (scopes of
// scopes too); `StoreOf`, `withState`, state members read off a store, observing a child store,
// optional scoping.
import Synchronization
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

struct ScopeHost: Reducer {
  struct State: Equatable {
    var probe = Probe.State()
    var optional: Probe.State?
    var parentLog: [String] = []
  }

  enum Action: Equatable {
    case probe(Probe.Action)
    case optional(Probe.Action)
    case toggleOptional
    case tapped
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.probe, action: Action.probe) { Probe() }
    Reduce { state, action in
      switch action {
      case .toggleOptional:
        state.optional = state.optional == nil ? Probe.State(name: "child") : nil
      case .tapped:
        state.parentLog.append("tapped")
      case .probe, .optional:
        break
      }
      return .none
    }
    .ifLet(\.optional, action: Action.optional) { Probe() }
  }
}

struct RootHost: Reducer {
  struct State: Equatable { var host = ScopeHost.State() }
  enum Action: Equatable { case host(ScopeHost.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.host, action: Action.host) { ScopeHost() }
  }
}

@Suite struct StoreScopeTests {
  func makeStore() -> StoreOf<ScopeHost> {
    Store(initialState: ScopeHost.State()) {
      ScopeHost()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
  }

  @Test func childSendsReachTheParentAndStateReadsThrough() {
    let store = makeStore()
    let child: StoreOf<Probe> = store.scope(state: \.probe, action: ScopeHost.Action.probe)
    child.send(.increment)
    #expect(store.state.probe.count == 1)
    #expect(child.state.count == 1)
    // A change made through the parent shows in the child.
    store.send(.probe(.rename("Blob")))
    #expect(child.name == "Blob")
    #expect(child.withState { $0.count } == 1)
    // Effects started from the child run in the root store.
    child.send(.sendTwo)
    #expect(child.log == ["first", "second"])
  }

  @Test func dynamicMemberLookupReadsState() {
    let store = makeStore()
    store.send(.tapped)
    #expect(store.parentLog == ["tapped"])
    #expect(store.probe.count == 0)
  }

  @Test func scopesOfScopesCompose() {
    let root = Store(initialState: RootHost.State()) { RootHost() }
    let host = root.scope(state: \.host, action: RootHost.Action.host)
    let probe = host.scope(state: \.probe, action: ScopeHost.Action.probe)
    probe.send(.increment)
    probe.send(.increment)
    #expect(root.state.host.probe.count == 2)
    #expect(probe.count == 2)
    #expect(probe.dependencies.context == root.dependencies.context)
  }

  @Test func observingAChildStoreSeesChildActionsAndChildState() {
    let store = makeStore()
    let child = store.scope(state: \.probe, action: ScopeHost.Action.probe)
    let seen = Mutex<[String]>([])
    let observation = child.observe { action, state in
      seen.withLock { $0.append("\(action) \(state.count)") }
    }
    child.send(.increment)
    store.send(.tapped)  // not a child action: not seen
    store.send(.probe(.increment))
    child.removeObserver(observation)
    child.send(.increment)
    #expect(seen.withLock { $0 } == ["increment 1", "increment 2"])
  }

  @Test func optionalScopeIsNilWhileTheStateIsNil() {
    let store = makeStore()
    #expect(store.scope(state: \.optional, action: ScopeHost.Action.optional) == nil)
    store.send(.toggleOptional)
    let child = store.scope(state: \.optional, action: ScopeHost.Action.optional)
    #expect(child?.name == "child")
    child?.send(.increment)
    #expect(store.state.optional?.count == 1)
    store.send(.toggleOptional)
    // The last non-nil state stays visible once the parent clears it.
    #expect(child?.count == 1)
  }

  @Test func childStoreRunsAndSettlesTheRootsEffects() async {
    let clock = TestClock()
    let store = Store(initialState: ScopeHost.State()) {
      ScopeHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let child = store.scope(state: \.probe, action: ScopeHost.Action.probe)
    child.send(.sleepThenRespond)
    #expect(child.hasEffectsInFlight)
    await clock.advance(by: .seconds(1))
    #expect(await child.settle(timeout: .seconds(1)))
    #expect(child.count == 1)
    #expect(!store.hasEffectsInFlight)
  }
}
