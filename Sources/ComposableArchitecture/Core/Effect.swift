// `Effect`: the work a reducer returns, as in TCA. An effect is a description; the store
// interprets it (Store/StoreCore.swift). `.run` captures the dependencies current where it
// is created (the reducer's, inside the store) and runs its operation inside them.

/// Work returned by a reducer, feeding actions back into the store.
///
/// ```swift
/// return .run { [count = state.count] send in
///   try await send(.numberFactResponse(.success(numberFact.fetch(count))))
/// } catch: { error, send in
///   await send(.numberFactResponse(.failure(error.localizedDescription)))
/// }
/// ```
public struct Effect<Action>: Sendable {
  // Only the cases whose payload is generic or large are boxed: a `.run` is one reference to a
  // non-generic `EffectRun`, so building one and taking it apart in code generic over `Action`
  // looks up no metadata and allocates one object.
  enum Operation: @unchecked Sendable {
    case none
    indirect case send(Action)
    case run(EffectRun)
    case merge([Effect])
    case concatenate([Effect])
    indirect case cancellable(id: CancelID, cancelInFlight: Bool, Effect)
    indirect case cancel(id: CancelID)
  }

  let operation: Operation

  init(_ operation: Operation) { self.operation = operation }

  /// True when the effect does all its work at once: sends and cancellations, merged,
  /// concatenated or made cancellable, and no `.run`.
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel: true
    case .run: false
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.isSynchronous)
    case .cancellable(_, _, let inner): inner.isSynchronous
    }
  }

  /// No work.
  public static var none: Self { Self(.none) }

  /// Sends `action` back into the store right after the reducer returns.
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs `operation` asynchronously; it may send any number of actions.
  ///
  /// - Parameters:
  ///   - priority: the task priority.
  ///   - operation: the work; `send` feeds actions back into the store.
  ///   - handler: called with errors `operation` throws (other than cancellation). Without it,
  ///     such an error is reported as an issue naming where the effect was created.
  ///   - fileID: where the effect is created (named in that issue).
  ///   - filePath: its `#filePath`.
  ///   - line: its `#line`.
  ///   - column: its `#column`.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> Self {
    Self(
      .run(
        EffectRun(
          priority: priority, dependencies: DependencyScope.current, operation: operation,
          catch: handler, fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// Runs the given effects at the same time.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs the given effects at the same time.
  public static func merge(_ effects: [Self]) -> Self {
    let work = effects.filter { if case .none = $0.operation { false } else { true } }
    switch work.count {
    case 0: return .none
    case 1: return work[0]
    default: return Self(.merge(work))
    }
  }

  /// This effect and `other` at the same time.
  public func merge(with other: Self) -> Self {
    if case .none = other.operation { return self }
    if case .none = operation { return other }
    return .merge([self, other])
  }

  /// Runs the given effects one after another, each starting when the previous finished.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs the given effects one after another.
  public static func concatenate(_ effects: [Self]) -> Self {
    let work = effects.filter { if case .none = $0.operation { false } else { true } }
    switch work.count {
    case 0: return .none
    case 1: return work[0]
    default: return Self(.concatenate(work))
    }
  }

  /// This effect, then `other`.
  public func concatenate(with other: Self) -> Self { .concatenate([self, other]) }

  /// Makes the effect cancellable with `id` (`.cancel(id:)`); with `cancelInFlight`, a running
  /// effect with the same id is cancelled first.
  ///
  /// ```swift
  /// return .run { send in … }.cancellable(id: CancelID.timer, cancelInFlight: true)
  /// ```
  ///
  /// The id is scoped to the feature whose reducer returned the effect (docs: navigation ids):
  /// a presented child's ids never reach its parent's or a sibling's effects.
  public func cancellable<ID: Hashable & Sendable>(id: ID, cancelInFlight: Bool = false) -> Self {
    if case .none = operation { return .none }
    return Self(.cancellable(id: CancelID(id), cancelInFlight: cancelInFlight, self))
  }

  /// Marks this effect cancellable with `id` at the navigation path `path`.
  func cancellable(id: some Hashable & Sendable, at path: NavigationIDPath) -> Self {
    if case .none = operation { return .none }
    return Self(.cancellable(id: CancelID(id, path: path), cancelInFlight: false, self))
  }

  /// Cancels the effects marked with `id` at the navigation path `path` (and below it).
  static func cancel(id: some Hashable & Sendable, at path: NavigationIDPath) -> Self {
    Self(.cancel(id: CancelID(id, path: path)))
  }

  /// Cancels the running effects marked with `id`.
  public static func cancel<ID: Hashable & Sendable>(id: ID) -> Self {
    Self(.cancel(id: CancelID(id)))
  }

  /// The same effect with every action it sends transformed.
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none: return .none
    case .send(let action): return .send(transform(action))
    case .run(let run):
      return Effect<T>(.run(run.mapped(as: Action.self, transform)))
    case .merge(let effects): return Effect<T>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<T>(.concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<T>(.cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id): return Effect<T>(.cancel(id: id))
    }
  }
}

/// A type-erased cancellation id, scoped to the navigation path of the feature that used it
/// (Core/NavigationID.swift).
struct CancelID: Hashable, @unchecked Sendable {
  let base: AnyHashable
  let path: NavigationIDPath

  /// `id` at the navigation path current where it is used.
  init<ID: Hashable & Sendable>(_ id: ID) {
    self.init(id, path: DependencyScope.current.navigationIDPath)
  }

  /// `id` at `path`.
  init<ID: Hashable & Sendable>(_ id: ID, path: NavigationIDPath) {
    base = AnyHashable(id)
    self.path = path
  }

  /// This id at its path and at every prefix of it: what an effect marked with it is
  /// registered under, so an enclosing feature can cancel it.
  var registrations: [CancelID] {
    if path.isEmpty { return [self] }
    return path.prefixes.map { CancelID(base: base, path: $0) }
  }

  private init(base: AnyHashable, path: NavigationIDPath) {
    self.base = base
    self.path = path
  }
}
