// TCA's macros, declared here and implemented by DepsMacrosPlugin on the toolchain's SwiftSyntax
// (docs/macros.md has what each expands to).
import Observation

/// Makes a struct a `Reducer` (its `Action` gets `@CasePathable`, an enum `State` also
/// `@CasePathable` and `@dynamicMemberLookup`), or an enum of features a `CaseReducer` with a
/// generated `State`, `Action` and `body`.
///
/// ```swift
/// @Reducer
/// struct Feature {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
@attached(
  member, names: named(State), named(Action), named(init), named(body), named(CaseScope),
  named(scope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() = #externalMacro(module: "DepsMacrosPlugin", type: "ReducerMacro")

/// `@Reducer` with conformances for the generated `State` and `Action` (deprecated in TCA).
@attached(
  member, names: named(State), named(Action), named(init), named(body), named(CaseScope),
  named(scope))
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
@available(*, deprecated, message: "Define your conformance using an extension, instead")
public macro Reducer(state: _SynthesizedConformance..., action: _SynthesizedConformance...) =
  #externalMacro(module: "DepsMacrosPlugin", type: "ReducerMacro")

/// A conformance `@Reducer(state:action:)` adds to a generated type.
@available(*, deprecated, message: "Define your conformance using an extension, instead")
public struct _SynthesizedConformance: Sendable {}

@available(*, deprecated, message: "Define your conformance using an extension, instead")
extension _SynthesizedConformance {
  /// `Codable`.
  public static let codable = Self()
  /// `Decodable`.
  public static let decodable = Self()
  /// `Encodable`.
  public static let encodable = Self()
  /// `Equatable`.
  public static let equatable = Self()
  /// `Hashable`.
  public static let hashable = Self()
  /// `Sendable`.
  public static let sendable = Self()
}

/// Marks a case of a `@Reducer` enum as ephemeral state (an alert or dialog).
@attached(peer, names: named(_))
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "DepsMacrosPlugin", type: "ReducerCaseEphemeralMacro")

/// Marks a case of a `@Reducer` enum as plain data, not a feature.
@attached(peer, names: named(_))
public macro ReducerCaseIgnored() =
  #externalMacro(module: "DepsMacrosPlugin", type: "ReducerCaseIgnoredMacro")

/// Makes feature state observable (`Observation`) and gives it an identity for navigation.
@attached(extension, conformances: Observable, ObservableState)
@attached(
  member, names: named(_$id), named(_$observationRegistrar), named(_$willModify),
  named(shouldNotifyObservers))
@attached(memberAttribute)
public macro ObservableState() =
  #externalMacro(module: "DepsMacrosPlugin", type: "ObservableStateMacro")

/// A stored property of `@ObservableState` state, tracked for observation (added by the macro).
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "DepsMacrosPlugin", type: "ObservationStateTrackedMacro")

/// A stored property of `@ObservableState` state that is not tracked.
@attached(accessor, names: named(willSet))
public macro ObservationStateIgnored() =
  #externalMacro(module: "DepsMacrosPlugin", type: "ObservationStateIgnoredMacro")

/// Presented state: `@Presents var destination: Destination.State?`, with `$destination` for
/// `ifLet(\.$destination, action: \.destination)`.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() = #externalMacro(module: "DepsMacrosPlugin", type: "PresentsMacro")
