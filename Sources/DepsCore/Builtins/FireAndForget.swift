// The `fireAndForget` dependency: `DependencyValues.fireAndForget`, its key and `FireAndForget`,
// as in swift-dependencies. live: an unstructured `Task` (it inherits the caller's
// dependencies) that nobody waits for; test: the work runs inline and is awaited, so a test
// sees its effects as soon as the call returns.

extension DependencyValues {
  /// A dependency for firing off work nobody waits for.
  ///
  /// ```swift
  /// @Dependency(\.fireAndForget) var fireAndForget
  /// try await database.updateUser(id: id, email: email)
  /// await fireAndForget {
  ///   try await mailer.send(to: email, subject: "Your email has been updated")
  /// }
  /// ```
  /// live: starts an unstructured `Task` and returns at once. test: runs the work to its end
  /// before returning (errors are ignored in both).
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}

/// Creates unstructured tasks when live and runs the work inline in tests.
///
/// ```swift
/// @Dependency(\.fireAndForget) var fireAndForget
/// await fireAndForget(priority: .background) { try await analytics.flush() }
/// ```
public struct FireAndForget: Sendable {
  /// Runs (or starts) the work given to `callAsFunction`, with its priority.
  ///
  /// ```swift
  /// await fireAndForget.operation(nil) { try await sendEmail() }
  /// ```
  public let operation:
    @Sendable (TaskPriority?, @Sendable @escaping () async throws -> Void) async -> Void

  /// Fires off `operation`.
  ///
  /// ```swift
  /// await fireAndForget { try await sendEmail() }
  /// ```
  /// - Parameters:
  ///   - priority: the priority of the task started when live.
  ///   - operation: the work; an error it throws is ignored.
  public func callAsFunction(
    priority: TaskPriority? = nil,
    @_inheritActorContext _ operation: @Sendable @escaping () async throws -> Void
  ) async {
    await self.operation(priority) { try await operation() }
  }
}

private enum FireAndForgetKey: DependencyKey {
  static let liveValue = FireAndForget { priority, operation in
    Task(priority: priority) { try await operation() }
  }
  static let testValue = FireAndForget { _, operation in
    try? await operation()
  }
}
