// `EffectRun`: what `Effect.run` returns inside its effect — the operation, the error handler,
// the dependencies current where it was created, its priority and location — as one
// non-generic object.
//
// Speed: a store's code is generic over `Action` and unspecialized (its callers are in other
// modules), and every generic value type it touches costs a runtime metadata lookup (~330
// instructions) each time. So the `.run` case holds a class reference, not a struct nested in
// `Effect<Action>`; the closures are stored under an `Action`-independent type and read back
// under their own type (DepsRuntime's ClosureLayout: a function value is a code pointer and a
// context whatever its parameter types; each is wrapped in a one-field struct, which is what
// is reinterpreted — or, on the safe path, boxed as `Any` and cast back); the priority is
// kept as its raw value (a stored `TaskPriority?`, a type of another module that may change its
// layout, would make every layout holding it dynamic). The operation is not wrapped in an
// error-handling closure: the store calls it and hands a thrown error to `fail`.

import CustomDump
import DepsRuntime

/// A `.run` effect: its operation and how its errors are handled.
final class EffectRun: @unchecked Sendable {
  /// An operation of an `Effect<Action>`. Wrapped in a struct, so reading it back under its own
  /// type reinterprets the struct: a function value passed as a generic argument (as
  /// `unsafeBitCast` takes it) would be wrapped in reabstraction thunks instead.
  struct Operation<Action>: Sendable {
    let body: @Sendable (Send<Action>) async throws -> Void
  }
  /// An error handler of an `Effect<Action>` (wrapped for the same reason).
  struct Handler<Action>: Sendable {
    let body: @Sendable (any Error, Send<Action>) async -> Void
  }
  /// An operation of any `Effect<Action>`, stored under one type.
  typealias StoredOperation = Operation<Never>
  /// An error handler of any `Effect<Action>`, stored under one type.
  typealias StoredHandler = Handler<Never>

  /// The dependencies current where the effect was created; the operation runs inside them.
  package let dependencies: DependencyValues
  /// `TaskPriority.rawValue + 1`, or 0 for no priority.
  private let priorityCode: UInt16
  /// The closures, reinterpreted (`Stored.reinterpreted`) or boxed (`Stored.boxed`, the safe
  /// path of `ClosureLayout`).
  private let stored: Stored
  private enum Stored {
    case reinterpreted(StoredOperation, StoredHandler?)
    case boxed(operation: Any, handler: Any?)
  }
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init<Action>(
    priority: TaskPriority?, dependencies: DependencyValues,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: (@Sendable (any Error, Send<Action>) async -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.dependencies = dependencies
    // `if let`, not `Optional.map`: a generic call over a type involving `Action` (the
    // handler's function type) would look its metadata up.
    if let priority { priorityCode = UInt16(priority.rawValue) + 1 } else { priorityCode = 0 }
    self.stored = Self.store(operation, handler)
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  private init(_ base: EffectRun, stored: Stored) {
    dependencies = base.dependencies
    priorityCode = base.priorityCode
    self.stored = stored
    fileID = base.fileID
    filePath = base.filePath
    line = base.line
    column = base.column
  }

  /// The priority the effect's task is created with.
  var priority: TaskPriority? {
    priorityCode == 0 ? nil : TaskPriority(rawValue: UInt8(priorityCode - 1))
  }

  /// The operation, as the `Effect<Action>` that made this run stored it.
  @inline(__always)
  func operation<Action>(as _: Action.Type) -> @Sendable (Send<Action>) async throws -> Void {
    switch stored {
    case .reinterpreted(let operation, _):
      return ClosureLayout.reinterpret(operation, as: Operation<Action>.self).body
    case .boxed(let operation, _):
      // Stored by an `Effect<Action>`: the cast cannot fail.
      return (operation as? Operation<Action>)?.body ?? { @Sendable _ in }
    }
  }

  /// The error handler, as the `Effect<Action>` that made this run stored it.
  func handler<Action>(as _: Action.Type) -> (@Sendable (any Error, Send<Action>) async -> Void)? {
    switch stored {
    case .reinterpreted(_, let handler):
      guard let handler else { return nil }
      return ClosureLayout.reinterpret(handler, as: Handler<Action>.self).body
    case .boxed(_, let handler):
      return (handler as? Handler<Action>)?.body
    }
  }

  /// The closures under the `Action`-independent types (or boxed, on the safe path).
  @inline(__always)
  private static func store<Action>(
    _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    _ handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  ) -> Stored {
    guard ClosureLayout.usable else {
      return .boxed(
        operation: Operation(body: operation), handler: handler.map { Handler(body: $0) })
    }
    let storedHandler: StoredHandler?
    if let handler {
      storedHandler = ClosureLayout.reinterpret(Handler(body: handler), as: StoredHandler.self)
    } else {
      storedHandler = nil
    }
    return .reinterpreted(
      ClosureLayout.reinterpret(Operation(body: operation), as: StoredOperation.self),
      storedHandler)
  }

  /// Runs the operation with `send`, its errors handled: what a store does with the effect.
  @inline(__always)
  func perform<Action>(_ send: Send<Action>) async {
    do {
      try await operation(as: Action.self)(send)
    } catch {
      await fail(error, send)
    }
  }

  /// Handles an error the operation threw: nothing for cancellation (a `CancellationError`, or
  /// any error once the task is cancelled), else the `catch` handler, or an issue naming where
  /// the effect was created.
  func fail<Action>(_ error: any Error, _ send: Send<Action>) async {
    if error is CancellationError || Task.isCancelled { return }
    if let handler = handler(as: Action.self) {
      await handler(error, send)
    } else {
      reportIssue(
        """
        An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error.

        \(SwiftDump.dump(error, indent: 4))

        All non-cancellation errors must be explicitly handled via the "catch" parameter on \
        "Effect.run", or via a "do" block.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// The same run for an `Effect<T>` whose actions are `transform`ed into `Action`s.
  func mapped<Action, T>(as _: Action.Type, _ transform: @escaping @Sendable (Action) -> T)
    -> EffectRun
  {
    let operation = self.operation(as: Action.self)
    let handler = self.handler(as: Action.self)
    let mappedOperation: @Sendable (Send<T>) async throws -> Void = { send in
      try await operation(send.pullback(transform))
    }
    var mappedHandler: (@Sendable (any Error, Send<T>) async -> Void)?
    if let handler {
      mappedHandler = { error, send in await handler(error, send.pullback(transform)) }
    }
    return EffectRun(self, stored: Self.store(mappedOperation, mappedHandler))
  }

  /// The same run with `wrap` around its operation and its error handling: a `catch` handler
  /// runs inside `wrap` too (it sees what `wrap` binds, e.g. the dismiss sink).
  func wrapped<Action>(
    as _: Action.Type,
    _ wrap:
      @escaping @Sendable (
        _ send: Send<Action>, _ operation: @Sendable () async throws -> Void
      ) async throws -> Void
  ) -> EffectRun {
    let base = self
    let wrappedOperation: @Sendable (Send<Action>) async throws -> Void = { send in
      try await wrap(send) { await base.perform(send) }
    }
    let noHandler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil
    return EffectRun(self, stored: Self.store(wrappedOperation, noHandler))
  }
}
