// `@BindingState` (deprecated in TCA, kept for code written before `@ObservableState`): a field
// a binding action may set, through its projected key path `\.$field`.
import CasePaths
import ConcurrencyExtras

/// A state field that binding actions may set: `BindingAction.set(\.$field, value)`.
///
/// ```swift
/// struct State: Equatable { @BindingState var isOn = false }
/// store.send(.binding(.set(\.$isOn, true)))
/// ```
@available(
  *, deprecated,
  message:
    "Derive bindings directly from stores using '@ObservableState'. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7#BindingState"
)
@propertyWrapper
public struct BindingState<Value> {
  /// The field's value.
  public var wrappedValue: Value

  /// Wraps `wrappedValue`.
  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  /// The wrapper itself: `\.$field` is the key path binding actions set.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

@available(*, deprecated)
extension BindingState: Equatable where Value: Equatable {
  /// Equal when the values are.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

@available(*, deprecated)
extension BindingState: Hashable where Value: Hashable {
  /// Hashes the value.
  public func hash(into hasher: inout Hasher) { wrappedValue.hash(into: &hasher) }
}

@available(*, deprecated)
extension BindingState: Sendable where Value: Sendable {}

@available(*, deprecated)
extension BindingState: CustomReflectable {
  /// Reflects as the value (dumps and diffs show the field, not the wrapper).
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

@available(*, deprecated)
extension BindingAction {
  /// Sets the `@BindingState` field at `keyPath` (`\.$field`) to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>> & Sendable, _ value: Value
  ) -> Self {
    set(bindingState: UncheckedSendable(keyPath), value)
  }

  static func set<Value: Equatable & Sendable>(
    bindingState keyPath: UncheckedSendable<WritableKeyPath<Root, BindingState<Value>>>,
    _ value: Value
  ) -> Self {
    Self(keyPath: keyPath.value, value: value) { $0[keyPath: keyPath.value].wrappedValue = value }
  }
}

@available(*, deprecated)
extension BindingAction.AllCasePaths {
  /// The action setting the `@BindingState` field at `keyPath`, and its value
  /// (`action[case: \.binding.$count]`).
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, BindingState<Value>>
  ) -> AnyCasePath<BindingAction, Value> {
    let keyPath = UncheckedSendable(keyPath)
    return Self.field(keyPath.value) { .set(bindingState: keyPath, $0) }
  }
}
