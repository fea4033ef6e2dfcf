// `ValueEncoder`: `Encodable` → `JSONValue` directly (no JSON text in between). Follows docs/values.md:
// enums with synthesized Codable come out in the action convention (see EnumCoding.swift),
// `Date` as seconds since 1970, `UUID` as its uppercase string, nil optionals absent.

import DepsRuntime
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes any `Encodable` value into a `JSONValue`, in the convention of docs/values.md.
///
/// ```swift
/// enum CounterAction: Codable { case incrementButtonTapped, setCount(Int) }
/// try ValueEncoder().encode(CounterAction.incrementButtonTapped)  // "incrementButtonTapped"
/// try ValueEncoder().encode(CounterAction.setCount(3))            // {"setCount":3}
/// ```
public struct ValueEncoder: Sendable {
  /// An encoder.
  ///
  /// ```swift
  /// let encoder = ValueEncoder()
  /// ```
  public init() {}

  /// Encodes `value`.
  ///
  /// ```swift
  /// try ValueEncoder().encode(["count": 1])  // {"count":1}
  /// ```
  /// - Throws: `.shape` when the value's `encode(to:)` throws (the message names the path).
  public func encode<T: Encodable>(_ value: T) throws(ValueError) -> JSONValue {
    do {
      return try ValueEncodingNode.encode(value, parent: nil, key: nil)
    } catch let error as ValueError {
      throw error
    } catch let EncodingError.invalidValue(_, context) {
      throw ValueError(
        kind: .shape,
        message: "cannot encode\(ValueError.at(ValuePath.render(context.codingPath))): "
          + context.debugDescription)
    } catch {
      throw ValueError(kind: .shape, message: "cannot encode: \(error)")
    }
  }
}

/// A value under construction: what one `Encoder` (or nested container) has written so far.
final class EncodingBox {
  enum Content {
    case empty
    case single(JSONValue)
    case object, array
  }
  enum Slot {
    case value(JSONValue)
    case box(EncodingBox)
  }

  /// One written member: its key (`""` for array elements) and what it holds.
  struct Member {
    let key: String
    let slot: Slot
  }

  // Only the encoding thread touches a box: no dynamic exclusivity checks.
  @exclusivity(unchecked) var content: Content = .empty
  /// The members in writing order (one array, not separate keys and slots: one allocation).
  @exclusivity(unchecked) var members: [Member] = []
  /// The box is the keyed container of an enum (its members are cases).
  let isEnum: Bool
  /// The box is a synthesized enum case payload of this shape.
  let payloadShape: EnumPayloadShape?
  /// The box is an enum's keyed container and its case has no payload, as the value's mirror
  /// says (set when `RuntimeType` does not read layouts: see `EnumPayloadShape.init`).
  @exclusivity(unchecked) var payloadFreeCase = false

  init(isEnum: Bool, payloadShape: EnumPayloadShape? = nil) {
    self.isEnum = isEnum
    self.payloadShape = payloadShape
  }

  func append(_ slot: Slot, key: String) {
    if members.capacity == 0 { members.reserveCapacity(4) }
    members.append(Member(key: key, slot: slot))
  }

  /// The finished value, reshaped by the action convention where it applies.
  func resolve() -> JSONValue {
    switch content {
    case .empty:
      return .object(ValueObject())
    case let .single(value):
      return value
    case .array:
      return .array(members.map { Self.resolve($0.slot) })
    case .object:
      if let reshaped = reshapedPayload() { return reshaped }
      if isEnum, members.count == 1, case let .box(payload) = members[0].slot,
        payload.payloadShape == EnumPayloadShape.none, payload.members.isEmpty
      {
        return .string(members[0].key)
      }
      var object = ValueObject()
      object.entries.reserveCapacity(members.count)
      for member in members { object[member.key] = Self.resolve(member.slot) }
      return .object(object)
    }
  }

  /// `{"_0": v}` → `v`; `{"_0": a, "_1": b}` → `[a, b]` (missing positions are `null`).
  private func reshapedPayload() -> JSONValue? {
    switch payloadShape {
    case .single?:
      if members.isEmpty { return .null }
      if members.count == 1, members[0].key == "_0" { return Self.resolve(members[0].slot) }
      return nil
    case let .multiple(arity)?:
      var positions: [Int] = []
      for member in members {
        let key = member.key
        guard key.hasPrefix("_"), let position = Int(key.dropFirst()), position >= 0,
          position < 4096
        else { return nil }
        positions.append(position)
      }
      var array = [JSONValue](repeating: .null, count: max(arity, (positions.max() ?? -1) + 1))
      for (position, member) in zip(positions, members) {
        array[position] = Self.resolve(member.slot)
      }
      return .array(array)
    default:
      return nil
    }
  }

  private static func resolve(_ slot: Slot) -> JSONValue {
    switch slot {
    case let .value(value): return value
    case let .box(box): return box.resolve()
    }
  }
}

/// The `Encoder` handed to `encode(to:)`; `parent`/`key` give its coding path.
final class ValueEncodingNode: Encoder {
  let box: EncodingBox
  let parent: ValueEncodingNode?
  let key: (any CodingKey)?

  init(box: EncodingBox, parent: ValueEncodingNode?, key: (any CodingKey)?) {
    self.box = box
    self.parent = parent
    self.key = key
  }

  var codingPath: [any CodingKey] {
    var path: [any CodingKey] = []
    var node: ValueEncodingNode? = self
    while let current = node {
      if let key = current.key { path.append(key) }
      node = current.parent
    }
    return path.reversed()
  }

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .empty = box.content { box.content = .object }
    return KeyedEncodingContainer(KeyedValueEncoder<Key>(node: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .empty = box.content { box.content = .array }
    return UnkeyedValueEncoder(node: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueEncoder(node: self)
  }

  /// Encodes one value: leaf types directly, others through their `encode(to:)`.
  static func encode<T: Encodable>(
    _ value: T, parent: ValueEncodingNode?, key: (any CodingKey)?
  ) throws -> JSONValue {
    if let leaf = leaf(value) { return leaf }
    let box = EncodingBox(isEnum: RuntimeType.isEnum(value: value))
    if box.isEnum, !RuntimeType.readsLayout {
      box.payloadFreeCase = Mirror(reflecting: value).children.isEmpty
    }
    let node = ValueEncodingNode(box: box, parent: parent, key: key)
    try value.encode(to: node)
    return node.box.resolve()
  }

  /// The `JSONValue` of leaf types (strings, numbers, `Date`, `UUID`, `JSONValue` itself), else `nil`.
  static func leaf<T>(_ value: T) -> JSONValue? {
    if T.self == String.self, let string = value as? String { return .string(string) }
    if T.self == Int.self, let integer = value as? Int { return .int(integer) }
    if T.self == Bool.self, let flag = value as? Bool { return .bool(flag) }
    if T.self == Double.self, let double = value as? Double { return .double(double) }
    if T.self == Date.self, let date = value as? Date {
      return .double(date.timeIntervalSince1970)
    }
    if T.self == UUID.self, let uuid = value as? UUID { return .string(uuid.uuidString) }
    if T.self == JSONValue.self, let json = value as? JSONValue { return json }
    if T.self == ValueObject.self, let object = value as? ValueObject { return .object(object) }
    return nil
  }

  static func number<I: BinaryInteger>(_ integer: I) -> JSONValue {
    if let exact = Int(exactly: integer) { return .int(exact) }
    return .double(Double(integer))
  }

  static func number(_ float: Float) -> JSONValue {
    .double(Double(float.description) ?? Double(float))
  }
}

/// Keyed container writing object members (or enum cases) into the node's box.
struct KeyedValueEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: ValueEncodingNode
  var codingPath: [any CodingKey] { node.codingPath }

  private func set(_ value: JSONValue, _ key: Key) {
    node.box.append(.value(value), key: key.stringValue)
  }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(ValueEncodingNode.number(value), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    set(ValueEncodingNode.number(value), key)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.int(Int(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    set(ValueEncodingNode.number(value), key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    set(try ValueEncodingNode.encode(value, parent: node, key: key), key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let shape =
      node.box.isEnum ? EnumPayloadShape(keyType, payloadFree: node.box.payloadFreeCase) : nil
    let box = EncodingBox(isEnum: false, payloadShape: shape)
    box.content = .object
    node.box.append(.box(box), key: key.stringValue)
    let child = ValueEncodingNode(box: box, parent: node, key: key)
    return KeyedEncodingContainer(KeyedValueEncoder<NestedKey>(node: child))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let box = EncodingBox(isEnum: false)
    box.content = .array
    node.box.append(.box(box), key: key.stringValue)
    return UnkeyedValueEncoder(node: ValueEncodingNode(box: box, parent: node, key: key))
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(key: ValueCodingKey(stringValue: "super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(key: key) }

  private func superEncoder(key: any CodingKey) -> any Encoder {
    let box = EncodingBox(isEnum: false)
    node.box.append(.box(box), key: key.stringValue)
    return ValueEncodingNode(box: box, parent: node, key: key)
  }
}

/// Unkeyed container writing array elements into the node's box.
struct UnkeyedValueEncoder: UnkeyedEncodingContainer {
  let node: ValueEncodingNode
  var codingPath: [any CodingKey] { node.codingPath }
  var count: Int { node.box.members.count }

  private func add(_ value: JSONValue) { node.box.append(.value(value), key: "") }
  private var nextKey: ValueCodingKey { ValueCodingKey(intValue: count) }

  mutating func encodeNil() throws { add(.null) }
  mutating func encode(_ value: Bool) throws { add(.bool(value)) }
  mutating func encode(_ value: String) throws { add(.string(value)) }
  mutating func encode(_ value: Double) throws { add(.double(value)) }
  mutating func encode(_ value: Float) throws { add(ValueEncodingNode.number(value)) }
  mutating func encode(_ value: Int) throws { add(.int(value)) }
  mutating func encode(_ value: Int8) throws { add(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { add(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { add(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws { add(.int(Int(value))) }
  mutating func encode(_ value: UInt) throws { add(ValueEncodingNode.number(value)) }
  mutating func encode(_ value: UInt8) throws { add(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { add(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { add(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws { add(ValueEncodingNode.number(value)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    add(try ValueEncodingNode.encode(value, parent: node, key: nextKey))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let box = EncodingBox(isEnum: false)
    box.content = .object
    let key = nextKey
    node.box.append(.box(box), key: "")
    let child = ValueEncodingNode(box: box, parent: node, key: key)
    return KeyedEncodingContainer(KeyedValueEncoder<NestedKey>(node: child))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let box = EncodingBox(isEnum: false)
    box.content = .array
    let key = nextKey
    node.box.append(.box(box), key: "")
    return UnkeyedValueEncoder(node: ValueEncodingNode(box: box, parent: node, key: key))
  }

  mutating func superEncoder() -> any Encoder {
    let box = EncodingBox(isEnum: false)
    let key = nextKey
    node.box.append(.box(box), key: "")
    return ValueEncodingNode(box: box, parent: node, key: key)
  }
}

/// Single-value container: the node's whole value is one leaf (or one nested value).
struct SingleValueEncoder: SingleValueEncodingContainer {
  let node: ValueEncodingNode
  var codingPath: [any CodingKey] { node.codingPath }

  private func set(_ value: JSONValue) { node.box.content = .single(value) }

  mutating func encodeNil() throws { set(.null) }
  mutating func encode(_ value: Bool) throws { set(.bool(value)) }
  mutating func encode(_ value: String) throws { set(.string(value)) }
  mutating func encode(_ value: Double) throws { set(.double(value)) }
  mutating func encode(_ value: Float) throws { set(ValueEncodingNode.number(value)) }
  mutating func encode(_ value: Int) throws { set(.int(value)) }
  mutating func encode(_ value: Int8) throws { set(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { set(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { set(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt) throws { set(ValueEncodingNode.number(value)) }
  mutating func encode(_ value: UInt8) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { set(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws { set(ValueEncodingNode.number(value)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    set(try ValueEncodingNode.encode(value, parent: node.parent, key: node.key))
  }
}
