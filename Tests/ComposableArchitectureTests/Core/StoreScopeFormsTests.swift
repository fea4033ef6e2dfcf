// TCA's other store scopes: the store collection of an identified array, the deprecated scope
// with closures and `ifLet(then:else:)`, and the "uncached" warning a key-path scope of it reports (TCA's text), the same
// child store for the same key-path scope while it lives, and a store's name as TCA's warnings
// quote it (`StoreOf<Feature>`).
import ComposableArchitecture
import DependenciesTestSupport
import Testing

@Reducer
private struct Row {
  struct State: Equatable, Identifiable {
    let id: Int
    var isOn = false
  }
  enum Action: Equatable { case toggle }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.isOn.toggle()
      return .none
    }
  }
}

@Reducer
private struct Rows {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2)]
    var detail: Row.State?
  }
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Row>)
    case detail(Row.Action)
    case removeFirst
    case showDetail
    case hideDetail
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .removeFirst:
        state.rows.removeFirst()
      case .showDetail:
        state.detail = Row.State(id: 9)
      case .hideDetail:
        state.detail = nil
      case .rows, .detail:
        break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Row() }
    .ifLet(\.detail, action: \.detail) { Row() }
  }
}

private let uncachedWarning = """
  Scoping from uncached 'StoreOf<Rows>' is not compatible with observation.

  This can happen for one of two reasons:

  1. A parent view scopes on a store using transform functions, which has been deprecated, \
  instead of with key paths and case paths. Read the migration guide for 1.5 to update these \
  scopes: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.5

  2.\u{A0}A parent feature is using deprecated navigation APIs, such as 'IfLetStore', \
  'SwitchStore', 'ForEachStore', or any navigation view modifiers taking stores instead of \
  bindings. Read the migration guide for 1.7 to update those APIs: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7
  """

@MainActor
struct StoreScopeFormsTests {
  @Test func theStoreCollectionHasAStorePerElementInOrder() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let rows = Array(store.scope(\.rows, action: \.rows))
    #expect(rows.map(\.id) == [1, 2])
    rows[1].send(.toggle)
    #expect(store.withState(\.rows) == [Row.State(id: 1), Row.State(id: 2, isOn: true)])
    #expect(rows[1].isOn)
  }

  @Test func anElementsStoreShowsItsLastStateOnceTheElementIsGone() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let first = Array(store.scope(state: \.rows, action: \.rows))[0]
    first.send(.toggle)
    store.send(.removeFirst)
    #expect(first.withState { $0 } == Row.State(id: 1, isOn: true))
    #expect(Array(store.scope(\.rows, action: \.rows)).map(\.id) == [2])
  }

  @Test func anOptionalChildStillScopesToAnOptionalStore() {
    let store = Store(initialState: Rows.State()) { Rows() }
    #expect(store.scope(\.detail, action: \.detail) == nil)
    store.send(.showDetail)
    let detail = store.scope(state: \.detail, action: \.detail)
    detail?.send(.toggle)
    #expect(store.withState(\.detail?.isOn) == true)
  }

  @available(*, deprecated)
  @Test func aClosureScopeReadsAndSendsThroughTheParent() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let count = store.scope(state: { $0.rows.count }, action: { (_: Never) -> Rows.Action in })
    #expect(count.withState { $0 } == 2)
    let same = store.scope(state: { $0 }, action: { $0 })
    same.send(.removeFirst)
    #expect(count.withState { $0 } == 1)
  }

  @available(*, deprecated)
  @Test func keyPathScopesOfAClosureScopedStoreReportTheUncachedWarning() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let uncached = store.scope(state: { $0 }, action: { $0 })
    let issues = recordIssues {
      _ = uncached.scope(\.detail, action: \.detail)
      _ = Array(uncached.scope(\.rows, action: \.rows))
    }
    #expect(issues.map(\.message) == [uncachedWarning, uncachedWarning])
    #expect(recordIssues { _ = store.scope(\.detail, action: \.detail) }.isEmpty)
  }

  @available(*, deprecated)
  @Test func aKeyPathScopeGivesTheSameStoreWhileItLives() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let rows = store.scope(\.rows, action: \.rows) as Store<IdentifiedArrayOf<Row.State>, _>
    #expect(rows === store.scope(state: \.rows, action: \.rows) as Store<_, _>)
    #expect(rows !== store.scope(state: { $0.rows }, action: { .rows($0) }))
    weak var released: Store<IdentifiedArrayOf<Row.State>, IdentifiedActionOf<Row>>?
    do {
      let other = Store(initialState: Rows.State()) { Rows() }
      released = other.scope(\.rows, action: \.rows) as Store<_, _>
      #expect(released == nil, "nothing holds the child: it is not kept")
      _ = other
    }
  }

  @Test func aStoreIsNamedAsTCANamesIt() {
    let store = Store(initialState: Rows.State()) { Rows() }
    #expect(store.debugDescription == "StoreOf<Rows>")
    #expect(store.scope(\.rows, action: \.rows).first?.debugDescription == "StoreOf<Row>")
    #expect(store.scope(state: \.rows, action: \.rows).debugDescription == "IdentifiedStoreOf<Row>")
    let plain = Store(initialState: 0) { EmptyReducer<Int, Bool>() }
    #expect(plain.debugDescription == "Store<Int, Bool>")
  }

  @available(*, deprecated)
  @Test func aClosureScopeReadsNoStateUntilAskedForIt() {
    let store = Store(initialState: Rows.State()) { Rows() }
    var reads = 0
    let count = store.scope(
      state: { (state: Rows.State) -> Int in
        reads += 1
        return state.rows.count
      },
      action: { $0 })
    #expect(reads == 0)
    count.send(.removeFirst)
    #expect(reads == 0)
    #expect(count.withState { $0 } == 1)
    #expect(reads == 1)
  }

  @available(*, deprecated)
  @Test func ifLetCallsThenAndElseAsTheStateComesAndGoes() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let detail: Store<Row.State?, Row.Action> = store.scope(\.detail, action: \.detail)
    var children: [Store<Row.State, Row.Action>] = []
    var elses = 0
    let issues = recordIssues {
      let cancellable = detail.ifLet(then: { children.append($0) }, else: { elses += 1 })
      #expect(children.isEmpty)
      #expect(elses == 1)
      store.send(.showDetail)
      #expect(children.map(\.id) == [9])
      children.first?.send(.toggle)
      #expect(store.detail?.isOn == true)
      store.send(.showDetail)
      #expect(children.count == 1)
      store.send(.hideDetail)
      #expect(elses == 2)
      cancellable.cancel()
      store.send(.showDetail)
      #expect(children.count == 1)
    }
    #expect(issues.isEmpty)
  }

  @available(*, deprecated)
  @Test func ifLetStopsWhenItsResultIsLetGo() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let detail: Store<Row.State?, Row.Action> = store.scope(\.detail, action: \.detail)
    var calls = 0
    _ = detail.ifLet { _ in calls += 1 }
    store.send(.showDetail)
    #expect(calls == 0)
  }

  @available(*, deprecated)
  @Test func aKeyPathScopeInIfLetOfAClosureScopedStoreReportsTheUncachedWarning() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let issues = recordIssues {
      let cancellable = store.scope(state: { $0 }, action: { $0 }).ifLet { rows in
        _ = rows.scope(\.detail, action: \.detail)
      }
      _ = cancellable
    }
    #expect(issues.map(\.message) == [uncachedWarning])
  }
}
