// `Send`: how an effect feeds actions back into its store. A store's own `Send` is its effect's
// context (the store, weakly, and the send that started the effect), so an effect allocates no
// closure (and no second weak reference) to send with; a `Send` made from a closure calls it.

/// Sends actions from an effect back into the store.
///
/// ```swift
/// .run { send in
///   await send(.timerTicked)
/// }
/// ```
/// Sending after the effect was cancelled does nothing.
public struct Send<Action>: Sendable {
  /// The effect context of the store that made this `Send`; nil for one made from a closure.
  let context: EffectContext?
  /// The closure of a `Send` made with `init(send:)`.
  let body: (@Sendable (Action) -> Void)?

  /// Creates a `Send` that hands actions to `send` (for tests and adapters).
  public init(send: @escaping @Sendable (Action) -> Void) {
    context = nil
    body = send
  }

  /// The `Send` of a store's effect: actions go to the context's store.
  init(context: EffectContext) {
    self.context = context
    body = nil
  }

  /// Sends `action` to the store (ignored once the effect is cancelled). The store handles it
  /// before this returns when called from the store's own effect, as TCA's main-actor `send`.
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    deliver(action)
  }

  /// Hands `action` over now, cancelled or not.
  func deliver(_ action: Action) {
    if let context {
      if context.isCompleted {
        reportIssue(ReducerMessages.sentFromCompletedEffect(action, from: context.originAction))
      }
      context.send(action)
    } else if let body {
      body(action)
    }
  }

  /// A `Send` of `T`s that delivers them `transform`ed through this one.
  func pullback<T>(_ transform: @escaping @Sendable (T) -> Action) -> Send<T> {
    Send<T>(send: { self.deliver(transform($0)) })
  }
}
