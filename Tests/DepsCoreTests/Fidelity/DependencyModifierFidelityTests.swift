// Fidelity: chained reducer dependency modifiers, as TCA's DependencyKeyWritingReducerTests pin
// them down: the modifier closest to the reducer wins, fused or not, for `.dependency` and
// `.transformDependency` alike, and effects of effects keep the override.
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

private enum FidelityValueKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var fidelityValue: Int {
    get { self[FidelityValueKey.self] }
    set { self[FidelityValueKey.self] = newValue }
  }
}

private struct ValueFeature: Reducer {
  struct State: Equatable { var value = 0 }
  enum Action: Equatable { case tap }
  @Dependency(\.fidelityValue) var fidelityValue
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.value = fidelityValue
    return .none
  }
}

private struct EffectOfEffectFeature: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable {
    case tap
    case response(Int)
    case otherResponse(Int)
  }
  @Dependency(\.fidelityValue) var fidelityValue
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state.count += 1
      return .run { send in await send(.response(fidelityValue)) }
    case .response(let value):
      state.count = value
      return .run { send in await send(.otherResponse(fidelityValue)) }
    case .otherResponse(let value):
      state.count = value
      return .none
    }
  }
}

@Suite struct DependencyModifierFidelityTests {
  @Test func chainedWritesFuseAndTheInnermostWins() async {
    // TCA's name for the fused type.
    let reducer: _DependencyKeyWritingReducer<ValueFeature> = ValueFeature()
      .dependency(\.fidelityValue, 42)
      .dependency(\.fidelityValue, 1729)
    #expect((reducer as Any) is _DependencyKeyWritingReducer<ValueFeature>)
    let store = TestStore(initialState: ValueFeature.State()) { reducer }
    await store.send(.tap) { $0.value = 42 }
  }

  @Test func chainedTransformsFuseAndTheInnermostWins() async {
    let reducer = ValueFeature()
      .transformDependency(\.fidelityValue) { $0 = 42 }
      .transformDependency(\.fidelityValue) { $0 = 1729 }
    #expect((reducer as Any) is _DependencyModifier<ValueFeature>)
    let store = TestStore(initialState: ValueFeature.State()) { reducer }
    await store.send(.tap) { $0.value = 42 }
  }

  @Test func chainedTransformsCompose() async {
    let store = TestStore(initialState: ValueFeature.State()) {
      ValueFeature()
        .transformDependency(\.fidelityValue) { $0 *= 10 }
        .transformDependency(\.fidelityValue) { $0 += 4 }
    }
    await store.send(.tap) { $0.value = 40 }
  }

  @Test func anInnerModifierWinsOverAnOuterOne() async {
    let store = TestStore(initialState: ValueFeature.State()) {
      CombineReducers {
        ValueFeature().dependency(\.fidelityValue, 42)
      }
      .dependency(\.fidelityValue, 1729)
    }
    await store.send(.tap) { $0.value = 42 }
  }

  @Test func anInnerTransformWinsOverAnOuterOne() async {
    let store = TestStore(initialState: ValueFeature.State()) {
      CombineReducers {
        ValueFeature().transformDependency(\.fidelityValue) { $0 = 42 }
      }
      .transformDependency(\.fidelityValue) { $0 = 1729 }
    }
    await store.send(.tap) { $0.value = 42 }
  }

  @Test func effectsOfEffectsKeepTheOverride() async {
    let store = TestStore(initialState: EffectOfEffectFeature.State()) {
      EffectOfEffectFeature().dependency(\.fidelityValue, 42)
    }
    await store.send(.tap) { $0.count = 1 }
    await store.receive(.response(42)) { $0.count = 42 }
    await store.receive(.otherResponse(42))
  }
}
