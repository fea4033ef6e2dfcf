// The keyed, unkeyed and single-value containers a `ValueDecodingNode` (ValueDecodingNode.swift)
// opens: a keyed container reads an object, or an enum case and its payload in the action
// convention of docs/values.md (EnumCoding.swift).

import DepsRuntime
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where a keyed container's members come from.
enum KeyedStorage {
  /// A JSON object.
  case object(ValueObject)
  /// A bare case name `"a"`, read as `{"a": {}}`.
  case bareCase(String)
  /// One unlabeled payload `v`, read as `{"_0": v}`.
  case single(JSONValue)
  /// Several unlabeled payloads `[a, b]`, read as `{"_0": a, "_1": b}`.
  case multiple([JSONValue])
  /// The payload of a bare case name: nothing.
  case empty
}

/// Keyed container over an object, or an enum case / payload in the action convention.
struct KeyedValueDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let node: ValueDecodingNode
  let storage: KeyedStorage
  let isEnum: Bool

  var codingPath: [any CodingKey] { node.codingPath }

  var allKeys: [Key] {
    switch storage {
    case let .object(object): return object.entries.compactMap { Key(stringValue: $0.key) }
    case let .bareCase(name): return Key(stringValue: name).map { [$0] } ?? []
    case .single: return Key(stringValue: "_0").map { [$0] } ?? []
    case let .multiple(array):
      return array.indices.compactMap { Key(stringValue: "_\($0)") }
    case .empty: return []
    }
  }

  func contains(_ key: Key) -> Bool {
    spoil()
    return lookup(key) != nil
  }

  /// Tells a plan recorder (if any) that `key` was decoded as `T`.
  @inline(__always)
  private func note<T: Decodable>(_ type: T.Type, _ key: Key) {
    guard let recorder = node.recorder else { return }
    if recorder.enumNode !== node, case .single = storage {
      recorder.decodedPayload(T.self, key: key.stringValue)
    } else {
      recorder.spoil()
    }
  }

  /// Tells a plan recorder (if any) of a call outside the pattern it learns.
  @inline(__always)
  private func spoil() { node.recorder?.spoil() }

  private static func payloadIndex(_ name: String) -> Int? {
    guard name.hasPrefix("_") else { return nil }
    return Int(name.dropFirst())
  }

  private func lookup(_ key: Key) -> JSONValue? {
    switch storage {
    case let .object(object): return object[key.stringValue]
    case let .bareCase(name): return key.stringValue == name ? .object(ValueObject()) : nil
    case let .single(value): return key.stringValue == "_0" ? value : nil
    case let .multiple(array):
      guard let index = Self.payloadIndex(key.stringValue), array.indices.contains(index)
      else { return nil }
      return array[index]
    case .empty: return nil
    }
  }

  private func component(_ key: Key) -> ValuePathComponent? {
    switch storage {
    case .single: return nil
    case .multiple: return Self.payloadIndex(key.stringValue).map { .index($0) }
    default: return .key(key.stringValue)
    }
  }

  private func require(_ key: Key) throws(ValueError) -> JSONValue {
    if let value = lookup(key) { return value }
    let name = key.stringValue
    switch storage {
    case .multiple:
      let index = Self.payloadIndex(name).map { "[\($0)]" } ?? name
      throw ValueError(kind: .shape, message: "missing element \(index)\(at)")
    case .single:
      throw ValueError(kind: .shape, message: "missing payload\(at)")
    case .empty where Self.payloadIndex(name) != nil:
      throw ValueError(kind: .shape, message: "missing payload\(at)")
    default:
      throw ValueError(kind: .shape, message: "missing key \(JSONValue.string(name).json())\(at)")
    }
  }

  private var at: String { ValueError.at(node.path()) }

  func decodeNil(forKey key: Key) throws -> Bool {
    spoil()
    return try require(key).isNull
  }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    note(Bool.self, key)
    return try node.bool(require(key), component(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    note(String.self, key)
    return try node.string(require(key), component(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    note(Double.self, key)
    return try node.double(require(key), component(key))
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    spoil()
    return try node.float(require(key), component(key))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    note(Int.self, key)
    return try node.integer(require(key), component(key))
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    spoil()
    return try node.integer(require(key), component(key))
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    spoil()
    return try node.integer(require(key), component(key))
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    spoil()
    return try node.integer(require(key), component(key))
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    spoil()
    return try node.integer(require(key), component(key))
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    spoil()
    return try node.integer(require(key), component(key))
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    spoil()
    return try node.integer(require(key), component(key))
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    spoil()
    return try node.integer(require(key), component(key))
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    spoil()
    return try node.integer(require(key), component(key))
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    spoil()
    return try node.integer(require(key), component(key))
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    note(T.self, key)
    return try node.unbox(T.self, from: require(key), component: component(key))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let value = try require(key)
    let child = ValueDecodingNode(
      value: value, parent: node, component: component(key), isEnum: false)
    let storage: KeyedStorage
    if isEnum {
      storage = try payloadStorage(
        value, EnumPayloadShape(type, payloadFree: !Self.namesKey(value, NestedKey.self)), child)
    } else if case let .object(object) = value {
      storage = .object(object)
    } else {
      throw child.mismatch("an object", nil, value)
    }
    if let recorder = node.recorder {
      if recorder.enumNode === node, case .object = self.storage, case .single = storage {
        recorder.openedPayload(key.stringValue, shape: .single, node: child)
        child.recorder = recorder
      } else {
        recorder.spoil()
      }
    }
    return KeyedDecodingContainer(
      KeyedValueDecoder<NestedKey>(node: child, storage: storage, isEnum: false))
  }

  /// Whether `value` is an object with a member `Key` names (a labeled payload).
  private static func namesKey<K: CodingKey>(_ value: JSONValue, _ keyType: K.Type) -> Bool {
    guard case let .object(object) = value else { return false }
    return object.entries.contains { K(stringValue: $0.key) != nil }
  }

  /// How an enum case's payload reads, by the shape its key type announces.
  private func payloadStorage(
    _ value: JSONValue, _ shape: EnumPayloadShape, _ child: ValueDecodingNode
  ) throws(ValueError) -> KeyedStorage {
    if case .bareCase = storage { return .empty }
    switch shape {
    case .none:
      // Swift's own shape of a payload-free case is `{"case": {}}`; anything else would be
      // silently ignored by the synthesized decoding, so it is a wrong shape at any depth.
      guard value == .null || value == .object(ValueObject()) else {
        throw child.mismatch("no payload", nil, value)
      }
      return .empty
    case .single:
      return .single(value)
    case .multiple:
      guard case let .array(array) = value else { throw child.mismatch("an array", nil, value) }
      return .multiple(array)
    case .labeled:
      guard case let .object(object) = value else {
        throw child.mismatch("an object", nil, value)
      }
      return .object(object)
    }
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    spoil()
    let value = try require(key)
    let child = ValueDecodingNode(
      value: value, parent: node, component: component(key), isEnum: false)
    guard case let .array(array) = value else { throw child.mismatch("an array", nil, value) }
    return UnkeyedValueDecoder(node: child, array: array)
  }

  func superDecoder() throws -> any Decoder {
    spoil()
    let value = Key(stringValue: "super").flatMap(lookup) ?? .null
    return ValueDecodingNode(value: value, parent: node, component: .key("super"), isEnum: false)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    spoil()
    return ValueDecodingNode(
      value: lookup(key) ?? .null, parent: node, component: component(key), isEnum: false)
  }
}

/// Unkeyed container over an array.
struct UnkeyedValueDecoder: UnkeyedDecodingContainer {
  let node: ValueDecodingNode
  let array: [JSONValue]
  var currentIndex = 0

  init(node: ValueDecodingNode, array: [JSONValue]) {
    self.node = node
    self.array = array
  }

  var codingPath: [any CodingKey] { node.codingPath }
  var count: Int? { array.count }
  var isAtEnd: Bool { currentIndex >= array.count }

  private mutating func next() throws(ValueError) -> (JSONValue, ValuePathComponent) {
    guard currentIndex < array.count else {
      throw ValueError(
        kind: .shape,
        message: "missing element [\(currentIndex)]\(ValueError.at(node.path()))")
    }
    defer { currentIndex += 1 }
    return (array[currentIndex], .index(currentIndex))
  }

  mutating func decodeNil() throws -> Bool {
    guard currentIndex < array.count else { _ = try next(); return false }
    guard array[currentIndex].isNull else { return false }
    currentIndex += 1
    return true
  }
  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let (value, index) = try next()
    return try node.bool(value, index)
  }
  mutating func decode(_ type: String.Type) throws -> String {
    let (value, index) = try next()
    return try node.string(value, index)
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    let (value, index) = try next()
    return try node.double(value, index)
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    let (value, index) = try next()
    return try node.float(value, index)
  }
  mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

  private mutating func integer<I: FixedWidthInteger>() throws(ValueError) -> I {
    let (value, index) = try next()
    return try node.integer(value, index)
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, index) = try next()
    return try node.unbox(T.self, from: value, component: index)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let (value, index) = try next()
    return try ValueDecodingNode(value: value, parent: node, component: index, isEnum: false)
      .container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, index) = try next()
    return try ValueDecodingNode(value: value, parent: node, component: index, isEnum: false)
      .unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, index) = try next()
    return ValueDecodingNode(value: value, parent: node, component: index, isEnum: false)
  }
}

/// Single-value container: the node's whole value.
struct SingleValueDecoder: SingleValueDecodingContainer {
  let node: ValueDecodingNode
  var codingPath: [any CodingKey] { node.codingPath }
  private var value: JSONValue { node.value }

  func decodeNil() -> Bool { value.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try node.bool(value, nil) }
  func decode(_ type: String.Type) throws -> String { try node.string(value, nil) }
  func decode(_ type: Double.Type) throws -> Double { try node.double(value, nil) }
  func decode(_ type: Float.Type) throws -> Float { try node.float(value, nil) }
  func decode(_ type: Int.Type) throws -> Int { try node.integer(value, nil) }
  func decode(_ type: Int8.Type) throws -> Int8 { try node.integer(value, nil) }
  func decode(_ type: Int16.Type) throws -> Int16 { try node.integer(value, nil) }
  func decode(_ type: Int32.Type) throws -> Int32 { try node.integer(value, nil) }
  func decode(_ type: Int64.Type) throws -> Int64 { try node.integer(value, nil) }
  func decode(_ type: UInt.Type) throws -> UInt { try node.integer(value, nil) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try node.integer(value, nil) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try node.integer(value, nil) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try node.integer(value, nil) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try node.integer(value, nil) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try node.parent.map { try $0.unbox(T.self, from: value, component: node.component) }
      ?? node.unbox(T.self, from: value, component: nil)
  }
}
