// PresentationState / PresentationAction and the presentation ifLet: the child runs while
// presented, .dismiss clears it, its effects end when it goes, it dismisses itself with
// \.dismiss, alerts dismiss after any action, and an action with nothing presented is reported.
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

struct Sheet: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable {
    case increment
    case closeButtonTapped
    case startLongLiving
    case failThenDismiss
  }
  struct Failure: Error {}
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.continuousClock) var clock
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    case .startLongLiving:
      return .run { _ in try await clock.sleep(for: .seconds(3600)) }
    case .failThenDismiss:
      return .run { _ in
        throw Failure()
      } catch: { _, _ in
        await dismiss()
      }
    }
  }
}

struct Presenter: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: Sheet.State?
    @PresentationState var alert: AlertState<Action.Alert>?
    var log: [String] = []
  }
  enum Action: Equatable {
    case sheet(PresentationAction<Sheet.Action>)
    case alert(PresentationAction<Alert>)
    case presentSheet
    case showAlert
    enum Alert: Equatable { case confirm }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .presentSheet:
        state.sheet = Sheet.State()
      case .showAlert:
        state.alert = AlertState {
          TextState("Sure?")
        } actions: {
          ButtonState(role: .destructive, action: .confirm) { TextState("Yes") }
        }
      case .alert(.presented(.confirm)):
        state.log.append("confirmed")
      case .sheet(.dismiss):
        state.log.append("sheet dismissed with count \(state.sheet?.count ?? -1)")
      case .sheet, .alert:
        break
      }
      return .none
    }
    .ifLet(\.$sheet, action: Action.sheet) { Sheet() }
    .ifLet(\.$alert, action: Action.alert)
  }
}

@Suite struct PresentationTests {
  func makeStore() -> TestStoreOf<Presenter> {
    TestStore(initialState: Presenter.State()) {
      Presenter()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
  }

  @Test func presentedChildRunsAndDismissClearsIt() async {
    let store = makeStore()
    await store.send(.presentSheet) { $0.sheet = Sheet.State() }
    await store.send(.sheet(.presented(.increment))) { $0.sheet?.count = 1 }
    await store.send(.sheet(.dismiss)) {
      $0.sheet = nil
      $0.log = ["sheet dismissed with count 1"]
    }
  }

  @Test func childDismissesItselfThroughTheDependency() async {
    let store = makeStore()
    await store.send(.presentSheet) { $0.sheet = Sheet.State() }
    await store.send(.sheet(.presented(.closeButtonTapped)))
    await store.receive(.sheet(.dismiss)) {
      $0.sheet = nil
      $0.log = ["sheet dismissed with count 0"]
    }
    await store.finish()
  }

  @Test func aCatchHandlerDismissesTheChild() async {
    let store = makeStore()
    await store.send(.presentSheet) { $0.sheet = Sheet.State() }
    await store.send(.sheet(.presented(.failThenDismiss)))
    await store.receive(.sheet(.dismiss)) {
      $0.sheet = nil
      $0.log = ["sheet dismissed with count 0"]
    }
    await store.finish()
  }

  @Test func dismissingCancelsTheChildsEffects() async {
    let store = makeStore()
    await store.send(.presentSheet) { $0.sheet = Sheet.State() }
    await store.send(.sheet(.presented(.startLongLiving)))
    await store.send(.sheet(.dismiss)) {
      $0.sheet = nil
      $0.log = ["sheet dismissed with count 0"]
    }
    await store.finish()
  }

  @Test func alertsDismissAfterAnyAction() async {
    let store = makeStore()
    await store.send(.showAlert) {
      $0.alert = AlertState {
        TextState("Sure?")
      } actions: {
        ButtonState(role: .destructive, action: .confirm) { TextState("Yes") }
      }
    }
    await store.send(.alert(.presented(.confirm))) {
      $0.alert = nil
      $0.log = ["confirmed"]
    }
  }

  @Test func anActionWithNothingPresentedIsReported() async {
    let issues = await recordIssues {
      let store = makeStore()
      await store.send(.sheet(.presented(.increment)))
    }
    #expect(
      issues.map(\.message) == [
        """
        An "ifLet" at "DepsCoreTests/PresentationTests.swift:82" received a presentation action \
        when destination state was absent.

          Action:
            Presenter.Action.sheet(.presented(.increment))

        This is generally considered an application logic error, and can happen for a few reasons:

        A parent reducer set destination state to "nil" before this reducer ran. This reducer \
        must run before any other reducer sets destination state to "nil". This ensures that \
        destination reducers can handle their actions while their state is still present.

        This action was sent to the store while destination state was "nil". Make sure that \
        actions for this reducer can only be sent from a store when state is present, or from \
        effects that start from this reducer.
        """
      ])
  }

  @Test func dismissOutsideAPresentationIsReported() async {
    let issues = await recordIssues {
      let store = Store(initialState: Sheet.State()) { Sheet() }
      await store.send(.closeButtonTapped).finish()
    }
    #expect(
      issues.map(\.message) == [
        """
        A reducer requested dismissal at "DepsCoreTests/PresentationTests.swift:36", but \
        couldn't be dismissed.

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level of \
        an application, as well as in a presentation destination, use @Dependency(\\.isPresented) \
        to determine if the reducer is being presented before calling @Dependency(\\.dismiss).
        """
      ])
  }

  @Test func propertyWrapperProjection() {
    var state = Presenter.State()
    #expect(state.$sheet.wrappedValue == nil)
    state.$sheet.wrappedValue = Sheet.State(count: 2)
    #expect(state.sheet?.count == 2)
  }
}
