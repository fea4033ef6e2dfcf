// TCA's TestStore and Store rules, through `import ComposableArchitecture` alone: a feature that
// dismisses itself dismisses the test store (its effects skipped, later sends refused in TCA's
// words); the test store shares the test's cache of defaults; a store's initial state is built
// inside its dependencies; `withExhaustivity` scopes a change of exhaustivity; the animation of
// `send(_:animation:)` is accepted and ignored.
import ComposableArchitecture
import DependenciesTestSupport
import Foundation
import Testing
import XCTest

@Reducer
private struct Sheet {
  struct State: Equatable { var saved = false }
  enum Action: Equatable { case saveButtonTapped, listen, heard }
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .saveButtonTapped:
        state.saved = true
        return .run { _ in await dismiss() }
      case .listen:
        return .run { send in
          try await clock.sleep(for: .seconds(60))
          await send(.heard)
        }
      case .heard:
        return .none
      }
    }
  }
}

private final class RulesCounter: Sendable {
  let value = LockIsolated(0)
  func next() -> Int {
    value.withValue {
      $0 += 1; return $0
    }
  }
}

private enum RulesCounterKey: DependencyKey {
  static var liveValue: RulesCounter { RulesCounter() }
  static var testValue: RulesCounter { RulesCounter() }
}

extension DependencyValues {
  fileprivate var rulesCounter: RulesCounter {
    get { self[RulesCounterKey.self] }
    set { self[RulesCounterKey.self] = newValue }
  }
}

@Reducer
private struct Numbered {
  struct State: Equatable {
    var number: Int
    init() {
      @Dependency(\.rulesCounter) var counter
      number = counter.next()
    }
  }
  enum Action: Equatable { case take, toggle, toggled }
  @Dependency(\.rulesCounter) var counter

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .take:
        state.number = counter.next()
        return .none
      case .toggle:
        return .send(.toggled, animation: .default)
      case .toggled:
        state.number = 0
        return .run { send in await send(.take, animation: .easeInOut(duration: 0.3)) }
      }
    }
  }
}

@Suite struct TestStoreRulesTests {
  @Test func aFeatureThatDismissesItselfDismissesTheTestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: Sheet.State()) {
      Sheet()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.listen)
    #expect(!store.isDismissed)
    await store.send(.saveButtonTapped) { $0.saved = true }
    await store.finish()
    #expect(store.isDismissed)
    let issues = await recordIssues {
      await store.send(.listen)
    }
    #expect(issues.map(\.message) == ["Can't send action to dismissed test store."])
  }

  @Test func theTestStoreSharesTheTestsCacheOfDefaults() async {
    @Dependency(\.rulesCounter) var counter
    #expect(counter.next() == 1)
    let store = TestStore(initialState: Numbered.State()) {
      Numbered()
    }
    #expect(store.state.number == 2)
    await store.send(.take) { $0.number = 3 }
  }

  @Test func aStoresInitialStateIsBuiltInsideItsDependencies() {
    let given = RulesCounter()
    _ = given.next()
    let store = Store(initialState: Numbered.State()) {
      Numbered()
    } withDependencies: {
      $0.rulesCounter = given
    }
    #expect(store.state.number == 2)
  }

  @Test func withExhaustivityScopesTheChange() async {
    let store = TestStore(initialState: Numbered.State()) { Numbered() }
    await store.withExhaustivity(.off) {
      await store.send(.take)
      #expect(store.exhaustivity == .off)
    }
    #expect(store.exhaustivity == .on)
    store.withExhaustivity(.off(showSkippedAssertions: true)) {
      #expect(store.exhaustivity == .off(showSkippedAssertions: true))
    }
    #expect(store.exhaustivity == .on)
    await store.send(.take) { $0.number = 3 }
  }

  @Test func animationsAreAcceptedAndIgnored() async {
    let store = TestStore(initialState: Numbered.State()) { Numbered() }
    await store.send(.toggle)
    await store.receive(.toggled) { $0.number = 0 }
    await store.receive(.take) { $0.number = 2 }
    let live = Store(initialState: Numbered.State()) { Numbered() }
    live.send(.toggle, animation: .spring)
    #expect(live.state.number > 0)
  }
}

final class TestStoreRulesXCTests: XCTestCase {
  @MainActor
  func testAFeatureThatDismissesItselfDismissesTheTestStore() async {
    let store = TestStore(initialState: Sheet.State()) { Sheet() }
    await store.send(.saveButtonTapped) { $0.saved = true }
    await store.finish()
    XCTAssertTrue(store.isDismissed)
  }

  @MainActor
  func testTheTestStoreSharesTheTestsCacheOfDefaults() async {
    @Dependency(\.rulesCounter) var counter
    XCTAssertEqual(counter.next(), 1)
    let store = TestStore(initialState: Numbered.State()) { Numbered() }
    XCTAssertEqual(store.state.number, 2)
  }
}
