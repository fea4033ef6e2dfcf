// `.dependency(_:_:)` and `.transformDependency(_:transform:)`: change the dependencies a
// reducer (and the effects it creates) sees. Changes apply on top of the store's values, so
// children inherit every parent override and add their own. As in TCA, the modifier closest to
// the reducer wins: `Feature().dependency(\.v, 42).dependency(\.v, 1729)` runs with 42 (chained
// modifiers fuse into one scope, applying the outer change first and the inner one last), and
// chained `transformDependency` calls compose the same way.

extension Reducer {
  /// Runs this reducer with the dependency at `keyPath` set to `value`.
  ///
  /// ```swift
  /// Todos().dependency(\.userDefaults, .inMemory)
  /// ```
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> _DependencyModifier<Self> {
    _DependencyModifier(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Runs this reducer with the dependency at `keyPath` changed by `transform`.
  ///
  /// ```swift
  /// Feature().transformDependency(\.numberFact) { $0.fetch = { "\($0) is a good number." } }
  /// ```
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> _DependencyModifier<Self> {
    _DependencyModifier(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// TCA's name for the reducer `.dependency` and `.transformDependency` return, for code that
/// spells the type out (`let reducer: _DependencyKeyWritingReducer<Feature> = …`).
public typealias _DependencyKeyWritingReducer<Base: Reducer> = _DependencyModifier<Base>

/// A reducer run with changed dependencies (see `Reducer.dependency`).
public struct _DependencyModifier<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void

  /// Runs `base` inside the changed dependencies.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyScope.current
    values.update(update)
    switch DependencyScope.enterUnlessCurrent(values) {
    case .alreadyCurrent:
      return base.reduce(into: &state, action: action)
    case .entered:
      defer { DependencyScope.exit() }
      return base.reduce(into: &state, action: action)
    case .safePathNeeded:
      return DependencyScope.withValuesSafely(values) { base.reduce(into: &state, action: action) }
    }
  }

  /// Adds an outer change: it is applied before this one, so this (inner) change wins.
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> _DependencyModifier<Base> {
    let update = self.update
    return _DependencyModifier(base: base) {
      $0[keyPath: keyPath] = value
      update(&$0)
    }
  }

  /// Adds an outer transformation: it runs before this one's change.
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> _DependencyModifier<Base> {
    let update = self.update
    return _DependencyModifier(base: base) {
      transform(&$0[keyPath: keyPath])
      update(&$0)
    }
  }
}
