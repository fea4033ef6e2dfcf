// `Tagged`, as in swift-tagged: a raw value wrapped with a phantom tag, so an `Int` that is a
// user's id and an `Int` that is a count are different types. It has every conformance its
// raw value has that makes sense for a wrapper: comparison, hashing, coding, literals,
// arithmetic, collections.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `RawValue` tagged with `Tag`.
///
/// ```swift
/// struct User: Identifiable {
///   typealias ID = Tagged<Self, UUID>
///   let id: ID
/// }
/// ```
@dynamicMemberLookup
public struct Tagged<Tag, RawValue> {
  /// The wrapped value.
  public var rawValue: RawValue

  /// Wraps `rawValue`.
  public init(rawValue: RawValue) { self.rawValue = rawValue }

  /// Wraps `rawValue`.
  public init(_ rawValue: RawValue) { self.rawValue = rawValue }

  /// A property of the raw value.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<RawValue, Subject>) -> Subject {
    rawValue[keyPath: keyPath]
  }

  /// The raw value transformed, under the same tag.
  public func map<NewValue>(_ transform: (RawValue) throws -> NewValue) rethrows
    -> Tagged<Tag, NewValue>
  {
    Tagged<Tag, NewValue>(rawValue: try transform(rawValue))
  }

  /// The same raw value under another tag.
  public func coerced<NewTag>(to type: NewTag.Type) -> Tagged<NewTag, RawValue> {
    Tagged<NewTag, RawValue>(rawValue: rawValue)
  }
}

extension Tagged: CustomStringConvertible {
  /// The raw value's description.
  public var description: String { String(describing: rawValue) }
}

extension Tagged: RawRepresentable {}

extension Tagged: Equatable where RawValue: Equatable {}
extension Tagged: Hashable where RawValue: Hashable {}
extension Tagged: Sendable where RawValue: Sendable {}
extension Tagged: Error where RawValue: Error {}
extension Tagged: BitwiseCopyable where RawValue: BitwiseCopyable {}
extension Tagged: SignedNumeric where RawValue: SignedNumeric {}

extension Tagged: Comparable where RawValue: Comparable {
  /// Compares the raw values.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Tagged: Decodable where RawValue: Decodable {
  /// Decodes the raw value (as a single value).
  public init(from decoder: any Decoder) throws {
    do {
      self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
    } catch {
      self.init(rawValue: try RawValue(from: decoder))
    }
  }
}

extension Tagged: Encodable where RawValue: Encodable {
  /// Encodes the raw value (as a single value).
  public func encode(to encoder: any Encoder) throws {
    do {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    } catch {
      try rawValue.encode(to: encoder)
    }
  }
}

extension Tagged: CodingKeyRepresentable where RawValue: CodingKeyRepresentable {
  /// The raw value from a coding key.
  public init?(codingKey: some CodingKey) {
    guard let rawValue = RawValue(codingKey: codingKey) else { return nil }
    self.init(rawValue: rawValue)
  }

  /// The raw value's coding key.
  public var codingKey: any CodingKey { rawValue.codingKey }
}

extension Tagged: Identifiable where RawValue: Identifiable {
  /// The raw value's id.
  public var id: RawValue.ID { rawValue.id }
}

extension Tagged: LosslessStringConvertible where RawValue: LosslessStringConvertible {
  /// The raw value from its description.
  public init?(_ description: String) {
    guard let rawValue = RawValue(description) else { return nil }
    self.init(rawValue: rawValue)
  }
}

extension Tagged: ExpressibleByBooleanLiteral where RawValue: ExpressibleByBooleanLiteral {
  /// A boolean raw value.
  public init(booleanLiteral value: RawValue.BooleanLiteralType) {
    self.init(rawValue: RawValue(booleanLiteral: value))
  }
}

extension Tagged: ExpressibleByUnicodeScalarLiteral
where RawValue: ExpressibleByUnicodeScalarLiteral {
  /// A scalar raw value.
  public init(unicodeScalarLiteral value: RawValue.UnicodeScalarLiteralType) {
    self.init(rawValue: RawValue(unicodeScalarLiteral: value))
  }
}

extension Tagged: ExpressibleByExtendedGraphemeClusterLiteral
where RawValue: ExpressibleByExtendedGraphemeClusterLiteral {
  /// A character raw value.
  public init(extendedGraphemeClusterLiteral value: RawValue.ExtendedGraphemeClusterLiteralType) {
    self.init(rawValue: RawValue(extendedGraphemeClusterLiteral: value))
  }
}

extension Tagged: ExpressibleByStringLiteral where RawValue: ExpressibleByStringLiteral {
  /// A string raw value.
  public init(stringLiteral value: RawValue.StringLiteralType) {
    self.init(rawValue: RawValue(stringLiteral: value))
  }
}

extension Tagged: ExpressibleByStringInterpolation
where RawValue: ExpressibleByStringInterpolation {
  /// An interpolated string raw value.
  public init(stringInterpolation: RawValue.StringInterpolation) {
    self.init(rawValue: RawValue(stringInterpolation: stringInterpolation))
  }
}

extension Tagged: ExpressibleByIntegerLiteral where RawValue: ExpressibleByIntegerLiteral {
  /// An integer raw value.
  public init(integerLiteral value: RawValue.IntegerLiteralType) {
    self.init(rawValue: RawValue(integerLiteral: value))
  }
}

extension Tagged: ExpressibleByFloatLiteral where RawValue: ExpressibleByFloatLiteral {
  /// A floating-point raw value.
  public init(floatLiteral value: RawValue.FloatLiteralType) {
    self.init(rawValue: RawValue(floatLiteral: value))
  }
}

extension Tagged: ExpressibleByArrayLiteral where RawValue: RangeReplaceableCollection {
  /// A collection raw value.
  public init(arrayLiteral elements: RawValue.Element...) {
    self.init(rawValue: RawValue(elements))
  }
}

extension Tagged: AdditiveArithmetic where RawValue: AdditiveArithmetic {
  /// The raw value's zero.
  public static var zero: Self { Self(rawValue: .zero) }
  /// Adds the raw values.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(rawValue: lhs.rawValue + rhs.rawValue)
  }
  /// Adds in place.
  public static func += (lhs: inout Self, rhs: Self) { lhs.rawValue += rhs.rawValue }
  /// Subtracts the raw values.
  public static func - (lhs: Self, rhs: Self) -> Self {
    Self(rawValue: lhs.rawValue - rhs.rawValue)
  }
  /// Subtracts in place.
  public static func -= (lhs: inout Self, rhs: Self) { lhs.rawValue -= rhs.rawValue }
}

extension Tagged: Numeric where RawValue: Numeric {
  /// The raw value converted exactly from `source`.
  public init?(exactly source: some BinaryInteger) {
    guard let rawValue = RawValue(exactly: source) else { return nil }
    self.init(rawValue: rawValue)
  }
  /// The raw value's magnitude.
  public var magnitude: RawValue.Magnitude { rawValue.magnitude }
  /// Multiplies the raw values.
  public static func * (lhs: Self, rhs: Self) -> Self {
    Self(rawValue: lhs.rawValue * rhs.rawValue)
  }
  /// Multiplies in place.
  public static func *= (lhs: inout Self, rhs: Self) { lhs.rawValue *= rhs.rawValue }
}

extension Tagged: Sequence where RawValue: Sequence {
  /// The raw value's iterator.
  public func makeIterator() -> RawValue.Iterator { rawValue.makeIterator() }
}

extension Tagged: Collection where RawValue: Collection {
  /// The raw value's start.
  public var startIndex: RawValue.Index { rawValue.startIndex }
  /// The raw value's end.
  public var endIndex: RawValue.Index { rawValue.endIndex }
  /// The raw value's next index.
  public func index(after i: RawValue.Index) -> RawValue.Index { rawValue.index(after: i) }
  /// The raw value's element at `position`.
  public subscript(position: RawValue.Index) -> RawValue.Element { rawValue[position] }
}

extension Tagged: Strideable where RawValue: Strideable {
  /// The raw values' distance.
  public func distance(to other: Self) -> RawValue.Stride { rawValue.distance(to: other.rawValue) }
  /// The raw value advanced by `n`.
  public func advanced(by n: RawValue.Stride) -> Self { Self(rawValue: rawValue.advanced(by: n)) }
}

extension Tagged: LocalizedError where RawValue: Error {
  /// The raw error's description.
  public var errorDescription: String? {
    (rawValue as? any LocalizedError)?.errorDescription ?? String(describing: rawValue)
  }
  /// The raw error's failure reason, if it has one.
  public var failureReason: String? { (rawValue as? any LocalizedError)?.failureReason }
  /// The raw error's help anchor, if it has one.
  public var helpAnchor: String? { (rawValue as? any LocalizedError)?.helpAnchor }
  /// The raw error's recovery suggestion, if it has one.
  public var recoverySuggestion: String? { (rawValue as? any LocalizedError)?.recoverySuggestion }
}

extension Tagged where RawValue == UUID {
  /// A new random UUID, tagged.
  public init() { self.init(UUID()) }

  /// The UUID written as `string`, tagged; nil when it is not one.
  public init?(uuidString string: String) {
    guard let uuid = UUID(uuidString: string) else { return nil }
    self.init(uuid)
  }
}
