// `SharedKey.Default`, as swift-sharing's: a key that carries its default value, so
// `@Shared(.count) var count` needs no initial value at the declaration.
extension SharedReaderKey {
  /// A key with a default value: `static var count: Self { Self[.inMemory("count"), default: 0] }`
  /// in `extension SharedReaderKey where Self == InMemoryKey<Int>.Default`.
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key and its default value (spelled `SomeKey.Default`).
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// The base key's id.
  public var id: Base.ID { base.id }

  /// The default value.
  public var initialValue: Base.Value { defaultValue() }

  /// `base` with `value` as its default.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// Loads through the base key.
  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    base.load(context: context, continuation: continuation)
  }

  /// Subscribes through the base key.
  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  /// Saves through the base key.
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  /// `InMemoryKey<Int>.Default[.inMemory("count"), default: 0]`.
  public var description: String {
    "\(String(describing: type(of: base))).Default[\(base), default: \(defaultValue())]"
  }
}
