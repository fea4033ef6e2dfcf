// `AnyHashableSendable`: a type-erased hashable value that is also `Sendable`, as in
// swift-concurrency-extras (cancel ids use it).

/// A type-erased `Hashable & Sendable` value.
public struct AnyHashableSendable: Hashable, Sendable {
  /// The erased value.
  public let base: any Hashable & Sendable

  /// Erases `base`.
  public init(_ base: any Hashable & Sendable) {
    self.base = (base as? AnyHashableSendable)?.base ?? base
  }

  /// Erases `base`.
  public init(_ base: some Hashable & Sendable) {
    self.base = (base as? AnyHashableSendable)?.base ?? base
  }

  /// Equal when the bases are equal values of the same type.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the base.
  public func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}

extension AnyHashableSendable: CustomDebugStringConvertible {
  /// `AnyHashableSendable(<base>)`.
  public var debugDescription: String { "AnyHashableSendable(\(String(reflecting: base)))" }
}

extension AnyHashableSendable: CustomReflectable {
  /// The base, as the one child.
  public var customMirror: Mirror { Mirror(self, children: ["value": base]) }
}

extension AnyHashableSendable: CustomStringConvertible {
  /// The base's description.
  public var description: String { String(describing: base) }
}

extension AnyHashableSendable: ExpressibleByBooleanLiteral {
  /// A boolean.
  public init(booleanLiteral value: Bool) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByFloatLiteral {
  /// A double.
  public init(floatLiteral value: Double) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByIntegerLiteral {
  /// An integer.
  public init(integerLiteral value: Int) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByStringLiteral {
  /// A string.
  public init(stringLiteral value: String) { self.init(value) }
}
