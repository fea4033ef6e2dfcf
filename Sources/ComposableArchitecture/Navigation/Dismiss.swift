// The `\.dismiss` dependency, as in TCA: a presented feature (or a stack element) calls
// `await dismiss()` from an effect to have its parent remove it. The presentation `ifLet` and the
// stack `forEach` bind, around their child's effects, the action that dismisses that child; a
// call anywhere else is reported in TCA's words.

extension DependencyValues {
  /// Dismisses the presented feature this code runs in, from one of its effects.
  ///
  /// ```swift
  /// @Dependency(\.dismiss) var dismiss
  /// case .closeButtonTapped:
  ///   return .run { _ in await dismiss() }
  /// ```
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }

  /// True when the code runs in a presented feature's effect (so `dismiss` can work).
  ///
  /// ```swift
  /// .run { _ in if isPresented { await dismiss() } }
  /// ```
  public var isPresented: Bool {
    DismissSink.current != nil
  }
}

/// Dismisses the presented feature whose effect calls it (the type of `\.dismiss`).
///
/// ```swift
/// await dismiss()
/// ```
public struct DismissEffect: Sendable {
  private let custom: (@Sendable () -> Void)?

  /// The default: dismisses the feature presenting the calling effect.
  public init() { custom = nil }

  /// A dismiss effect that calls `dismiss` instead (for tests of code that dismisses).
  public init(_ dismiss: @escaping @Sendable () -> Void) { custom = dismiss }

  /// Asks the parent to dismiss the feature (sends its dismiss action); reports when the
  /// calling effect does not run in a presented feature.
  public func callAsFunction(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    if let sink = DismissSink.current {
      sink.dismiss()
      await Task.yield()
      return
    }
    // At the root: a test store dismisses itself (`TestStore.isDismissed`); a `custom` effect
    // is called first.
    let root = DependencyValues._current[RootDismissalKey.self]
    guard custom != nil || root != nil else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed.

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level \
        of an application, as well as in a presentation destination, use \
        @Dependency(\\.isPresented) to determine if the reducer is being presented before \
        calling @Dependency(\\.dismiss).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    custom?()
    root?.dismiss()
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

/// What dismisses a feature at the root of a store: a `TestStore` records its dismissal.
package struct RootDismissal: Sendable {
  let dismiss: @Sendable () -> Void
}

/// The root's dismissal, in the store's dependencies (nil outside a test store).
package enum RootDismissalKey: DependencyKey {
  package static let liveValue: RootDismissal? = nil
  package static let testValue: RootDismissal? = nil
}

/// How a presented child's effect reaches its parent: sends the action that dismisses it.
struct DismissSink: Sendable {
  let dismiss: @Sendable () -> Void
  @TaskLocal static var current: DismissSink?
}

extension Effect {
  /// This effect with each async operation run with a dismiss sink sending `dismissAction`.
  func bindingDismiss(to dismissAction: Action) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(let run):
      let boxed = UncheckedSendable(dismissAction)
      return Self(
        .run(
          run.wrapped(as: Action.self) { send, operation in
            let sink = DismissSink { send.deliver(boxed.value) }
            try await DismissSink.$current.withValue(sink) { try await operation() }
          }))
    case .merge(let effects):
      return Self(.merge(effects.map { $0.bindingDismiss(to: dismissAction) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0.bindingDismiss(to: dismissAction) }))
    case .cancellable(let id, let cancelInFlight, let inner):
      return Self(
        .cancellable(
          id: id, cancelInFlight: cancelInFlight, inner.bindingDismiss(to: dismissAction)))
    }
  }
}
