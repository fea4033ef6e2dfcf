// `Send`: how an effect feeds actions back into its store.

/// Sends actions from an effect back into the store.
///
/// ```swift
/// .run { send in
///   await send(.timerTicked)
/// }
/// ```
/// Sending after the effect was cancelled does nothing.
public struct Send<Action>: Sendable {
  let deliver: @Sendable (Action) -> Void

  /// Creates a `Send` that hands actions to `send` (for tests and adapters).
  public init(send: @escaping @Sendable (Action) -> Void) { self.deliver = send }

  /// Sends `action` to the store (ignored once the effect is cancelled). The store handles it
  /// before this returns when called from the store's own effect, as TCA's main-actor `send`.
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    deliver(action)
  }
}
