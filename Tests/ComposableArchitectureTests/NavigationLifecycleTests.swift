// The navigation lifecycles as TCA has them: a child's effects end with the child (ifLet,
// presentation, forEach, ifCaseLet), cancellation ids are scoped to the child that used them
// (a child cannot cancel its parent's or a sibling's effects; the parent can cancel its
// child's), ephemeral state (an alert) goes after its action unless a new one replaced it, and
// two copies of one presentation compare equal without comparing the state.
import ComposableArchitecture
import DependenciesTestSupport
import Foundation
import Testing

@Reducer
private struct Ticker {
  struct State: Equatable, Identifiable {
    let id: Int
    var ticks = 0
  }
  enum Action {
    case start
    case tick
    case cancelTimer
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .cancelTimer:
        return .cancel(id: CancelID.timer)
      }
    }
  }
}

@Reducer
private struct Parent {
  @ObservableState
  struct State: Equatable {
    var child: Ticker.State?
    var rows: IdentifiedArrayOf<Ticker.State> = []
    @Presents var alert: AlertState<Action.Alert>?
    var parentTicks = 0
  }
  enum Action {
    case child(Ticker.Action)
    case rows(IdentifiedActionOf<Ticker>)
    case alert(PresentationAction<Alert>)
    case closeChild
    case removeRow(Int)
    case startParentTimer
    case parentTick
    case cancelParentTimer
    case showAlert
    @CasePathable
    enum Alert { case again, ok }
  }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.again)):
        state.alert = AlertState {
          TextState("Again")
        } actions: {
          ButtonState(action: .ok) { TextState("OK") }
        }
        return .none
      case .alert, .child, .rows:
        return .none
      case .closeChild:
        state.child = nil
        return .none
      case .removeRow(let id):
        state.rows.remove(id: id)
        return .none
      case .startParentTimer:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.parentTick) }
        }
        .cancellable(id: Ticker.CancelID.timer)
      case .parentTick:
        state.parentTicks += 1
        return .none
      case .cancelParentTimer:
        return .cancel(id: Ticker.CancelID.timer)
      case .showAlert:
        state.alert = AlertState {
          TextState("First")
        } actions: {
          ButtonState(action: .again) { TextState("Again") }
        }
        return .none
      }
    }
    .ifLet(\.child, action: \.child) { Ticker() }
    .forEach(\.rows, action: \.rows) { Ticker() }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor
@Suite(.dependencies)
struct NavigationLifecycleTests {
  @Test func ifLetCancelsTheChildsEffectsWhenItsStateGoesNil() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(child: Ticker.State(id: 1))) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.child.start)
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.tick) { $0.child?.ticks = 1 }
    // Without the cancellation the timer would still run: the store would fail at its end.
    await store.send(.closeChild) { $0.child = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func aChildCannotCancelItsParentsEffectWithTheSameID() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(child: Ticker.State(id: 1))) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startParentTimer)
    await store.send(\.child.cancelTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(\.parentTick) { $0.parentTicks = 1 }
    await store.send(.cancelParentTimer)
  }

  @Test func aChildCannotCancelASiblingsEffect() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Parent.State(rows: [Ticker.State(id: 1), Ticker.State(id: 2)])
    ) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.rows[id: 1].start)
    await store.send(\.rows[id: 2].cancelTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 1].tick) { $0.rows[id: 1]?.ticks = 1 }
    await store.send(\.rows[id: 1].cancelTimer)
  }

  @Test func theParentCancelsItsChildsEffectWithTheSameID() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(child: Ticker.State(id: 1))) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.child.start)
    await store.send(.cancelParentTimer)
    await clock.advance(by: .seconds(3))
  }

  @Test func removingARowCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(rows: [Ticker.State(id: 1)])) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.rows[id: 1].start)
    await store.send(.removeRow(1)) { $0.rows = [] }
    await clock.advance(by: .seconds(3))
  }

  @Test func anAlertGoesAfterItsActionUnlessANewOneReplacedIt() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.showAlert) {
      $0.alert = AlertState {
        TextState("First")
      } actions: {
        ButtonState(action: .again) { TextState("Again") }
      }
    }
    await store.send(\.alert.again) {
      $0.alert = AlertState {
        TextState("Again")
      } actions: {
        ButtonState(action: .ok) { TextState("OK") }
      }
    }
    await store.send(\.alert.ok) { $0.alert = nil }
  }

  @Test func twoCopiesOfAPresentationCompareWithoutComparingTheState() {
    struct Slow: Equatable {
      static func == (lhs: Self, rhs: Self) -> Bool {
        Thread.sleep(forTimeInterval: 5)
        return true
      }
    }
    let presentation = PresentationState(wrappedValue: Slow())
    let copy = presentation
    let start = Date()
    #expect(presentation == copy)
    #expect(Date().timeIntervalSince(start) < 0.1)
  }
}
