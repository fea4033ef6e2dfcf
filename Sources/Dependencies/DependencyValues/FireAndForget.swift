// The `fireAndForget` dependency: `DependencyValues.fireAndForget`, its key and `FireAndForget`,
// as in swift-dependencies. live: an unstructured `Task` (it inherits the caller's
// dependencies) that nobody waits for; test: the work runs in an unstructured `Task` too, but
// the caller waits for it, so a test sees its effects as soon as the call returns, while the
// caller's cancellation cannot reach the work (it runs to its end), and an error it throws
// (other than `CancellationError`) is reported.

import IssueReporting
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
  /// live: starts an unstructured `Task` and returns at once (an error is ignored). test: runs
  /// the work in a task the caller's cancellation cannot reach and waits for its end; an error
  /// it throws (other than `CancellationError`) is reported ("Caught error: …").
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}

/// Creates unstructured tasks when live and runs the work inline in tests.
///
/// ```swift
/// @Dependency(\.fireAndForget) var fireAndForget
/// await fireAndForget(name: "flush", priority: .background) { try await analytics.flush() }
/// ```
public struct FireAndForget: Sendable {
  /// Runs (or starts) the work given to `callAsFunction`, with its task's name and priority.
  ///
  /// ```swift
  /// await fireAndForget.operation("send email", nil) { try await sendEmail() }
  /// ```
  public let operation:
    @Sendable (String?, TaskPriority?, @Sendable @escaping () async throws -> Void) async -> Void

  /// Fires off `operation`.
  ///
  /// ```swift
  /// await fireAndForget { try await sendEmail() }
  /// ```
  /// - Parameters:
  ///   - name: the name of the task the work runs in (`Task.name` inside it).
  ///   - priority: the priority of that task.
  ///   - operation: the work; an error it throws is ignored when live, reported in tests.
  public func callAsFunction(
    name: String? = nil,
    priority: TaskPriority? = nil,
    @_inheritActorContext _ operation: @Sendable @escaping () async throws -> Void
  ) async {
    await self.operation(name, priority) { try await operation() }
  }
}

private enum FireAndForgetKey: DependencyKey {
  package static let liveValue = FireAndForget { name, priority, operation in
    Task(name: name, priority: priority) { try await operation() }
  }
  static let testValue = FireAndForget { name, priority, operation in
    await Task(name: name, priority: priority) {
      do {
        try await operation()
      } catch is CancellationError {
        // The work gave up by itself (nothing outside can cancel it): not a failure.
      } catch {
        reportIssue(error)
      }
    }.value
  }
}
