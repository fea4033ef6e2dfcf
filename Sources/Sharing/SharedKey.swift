// The persistence strategies' protocols, as swift-sharing's: a `SharedReaderKey` loads a value
// and may subscribe to outside changes; a `SharedKey` also saves. Keys report through
// continuations, which must be resumed exactly once.
import DepsConcurrency
import IssueReporting

/// A strategy that loads a shared value from outside and may subscribe to its changes.
///
/// ```swift
/// struct Setting: SharedReaderKey {
///   let name: String
///   var id: String { name }
///   func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
///     continuation.resume(returning: 42)
///   }
///   func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
///     -> SharedSubscription { SharedSubscription {} }
/// }
/// ```
public protocol SharedReaderKey<Value>: Sendable {
  /// The value the key loads.
  associatedtype Value: Sendable
  /// What makes two keys the same: keys with equal ids share one reference.
  associatedtype ID: Hashable = Self
  /// The key's identity.
  var id: ID { get }
  /// Loads the value: resume `continuation` once, with a value, nil (keep the initial value)
  /// or an error.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)
  /// Subscribes to outside changes: yield to `subscriber` when the value changes.
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  /// The key itself identifies it.
  public var id: ID { self }
}

/// A strategy that also saves a shared value when it changes.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value`: resume `continuation` once, when saved or with the error.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a key loads.
public enum LoadContext<Value> {
  /// The first load, when a `@Shared` is made; the value given at the declaration.
  case initialValue(Value)
  /// `load()` was called.
  case userInitiated

  /// The declaration's value, for `.initialValue`.
  public var initialValue: Value? {
    guard case .initialValue(let value) = self else { return nil }
    return value
  }
}

extension LoadContext: Sendable where Value: Sendable {}
extension LoadContext: Equatable where Value: Equatable {}
extension LoadContext: Hashable where Value: Hashable {}

/// Why a key saves.
public enum SaveContext: Hashable, Sendable {
  /// The value changed (`withLock`).
  case didSet
  /// `save()` was called.
  case userInitiated
}

/// How a key hands back what it loaded.
public struct LoadContinuation<Value>: Sendable {
  private let box: ContinuationBox<Value>

  /// A continuation calling `callback` once; `description` names the key in the reports.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    box = ContinuationBox(callback: callback, description: description)
  }

  /// Resumes with a loaded value.
  public func resume(returning value: Value) { resume(with: .success(value)) }
  /// Resumes with an error.
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }
  /// Resumes keeping the initial value (nothing stored yet).
  public func resumeReturningInitialValue() { resume(with: .success(nil)) }
  /// Resumes with a result (nil: the initial value).
  public func resume(with result: Result<Value?, any Error>) { box.resume(with: result) }
}

/// How a key hands back the outcome of a save.
public struct SaveContinuation: Sendable {
  private let box: ContinuationBox<Never>

  /// A continuation calling `callback` once; `description` names the key in the reports.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Never?, any Error>) -> Void
  ) {
    box = ContinuationBox(callback: callback, description: description)
  }

  /// Resumes: saved.
  public func resume() { resume(with: .success(())) }
  /// Resumes with an error.
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }
  /// Resumes with a result.
  public func resume(with result: Result<Void, any Error>) { box.resume(with: result.map { nil }) }
}

/// What a subscribed key yields to.
public struct SharedSubscriber<Value>: Sendable {
  let callback: @Sendable (Result<Value?, any Error>) -> Void
  let onLoading: (@Sendable (Bool) -> Void)?

  /// A subscriber calling `callback` for each value and `onLoading` when loading starts/ends.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.callback = callback
    self.onLoading = onLoading
  }

  /// A new value.
  public func yield(_ value: Value) { yield(with: .success(value)) }
  /// Loading started (true) or ended (false).
  public func yieldLoading(_ isLoading: Bool = true) { onLoading?(isLoading) }
  /// The outside value is gone: back to the initial value.
  public func yieldReturningInitialValue() { yield(with: .success(nil)) }
  /// An error.
  public func yield(throwing error: any Error) { yield(with: .failure(error)) }
  /// A result (nil: the initial value).
  public func yield(with result: Result<Value?, any Error>) { callback(result) }
}

/// A subscription; cancelled when cancelled explicitly or when the last copy goes away.
public struct SharedSubscription: Sendable {
  private final class Box: @unchecked Sendable {
    let lock = ReentrantLock()
    var onCancel: (@Sendable () -> Void)?
    init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
    func cancel() {
      let onCancel = lock.withLock { () -> (@Sendable () -> Void)? in
        defer { self.onCancel = nil }
        return self.onCancel
      }
      onCancel?()
    }
    deinit { cancel() }
  }
  private let box: Box

  /// A subscription running `cancel` once.
  public init(_ cancel: @escaping @Sendable () -> Void) { box = Box(cancel) }

  /// Cancels it.
  public func cancel() { box.cancel() }
}

/// The one-shot callback behind both continuations: a second resume and a continuation never
/// resumed are reported, with swift-sharing's texts.
private final class ContinuationBox<Value>: @unchecked Sendable {
  private let lock = ReentrantLock()
  private var callback: (@Sendable (Result<Value?, any Error>) -> Void)?
  private let description: @Sendable () -> String

  init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    description: @escaping @Sendable () -> String
  ) {
    self.callback = callback
    self.description = description
  }

  private var name: String {
    let text = description()
    return text.isEmpty ? "A shared key" : "'\(text)'"
  }

  deinit {
    if let callback {
      reportIssue(
        """
        \(name) leaked its continuation without one of its resume methods being invoked. This \
        will cause tasks waiting on it to resume immediately.
        """)
      callback(.success(nil))
    }
  }

  func resume(with result: Result<Value?, any Error>) {
    let callback = lock.withLock { () -> (@Sendable (Result<Value?, any Error>) -> Void)? in
      defer { self.callback = nil }
      return self.callback
    }
    guard let callback else {
      reportIssue("\(name) tried to resume its continuation more than once.")
      return
    }
    callback(result)
  }
}
