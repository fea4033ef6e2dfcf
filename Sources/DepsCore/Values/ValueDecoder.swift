// `ValueDecoder`: `JSONValue` → `Decodable` directly (no JSON text in between). Accepts the action
// convention of docs/values.md for any enum with synthesized Codable (see EnumCoding.swift), `Date`
// from seconds since 1970, `UUID` from its string. Every failure is a `ValueError` naming the
// path and what was expected, e.g. `expected an integer at numberFactResponse.success, got "abc"`.

import DepsRuntime
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Decodes any `Decodable` type from a `JSONValue`, in the convention of docs/values.md.
///
/// ```swift
/// enum CounterAction: Codable { case incrementButtonTapped, setCount(Int) }
/// let action = try ValueDecoder().decode(CounterAction.self, from: "incrementButtonTapped")
/// ```
public struct ValueDecoder: Sendable {
  /// A decoder.
  ///
  /// ```swift
  /// let decoder = ValueDecoder()
  /// ```
  public init() {}

  /// Decodes a `T` from `value`.
  ///
  /// ```swift
  /// try ValueDecoder().decode(Int.self, from: .double(3))  // 3
  /// ```
  /// - Throws: `.shape` (`expected a string at todos[0].title, got 1`,
  ///   `missing key "title" at setTitle`) or `.notFound` (`unknown case "x"; did you mean …?`).
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(ValueError) -> T {
    do {
      if case .string(let name) = value, RuntimeType.isEnum(decodable: T.self) {
        return try ValueDecodingNode.decodeBareCase(
          T.self, name: name, value: value, parent: nil, component: nil)
      }
      if case .object(let object) = value, object.count == 1, let only = object.entries.first,
        RuntimeType.isEnum(T.self), let plan = EnumPlanCache.shared.plan(T.self, only.key)
      {
        return try ValueDecodingNode.decode(T.self, by: plan, payload: only.value) {
          try ValueDecodingNode(value: value, parent: nil, component: nil, isEnum: false)
            .unbox(T.self, from: value, component: nil)
        }
      }
      return try ValueDecodingNode(value: value, parent: nil, component: nil, isEnum: false)
        .unbox(T.self, from: value, component: nil)
    } catch let error as ValueError {
      throw error
    } catch let error as DecodingError {
      throw Self.translate(error, root: value)
    } catch {
      throw ValueError(kind: .shape, message: "cannot decode: \(error)")
    }
  }

  /// Decodes a `T` from the JSON text `json`: the same value or error as
  /// `decode(_:from: JSONValue(json: json))`. An action this decoder decoded before (a bare
  /// case, or `{"case": payload}` whose payload is a string, number, boolean or another such
  /// case) is read straight from the text, without building a `JSONValue`.
  ///
  /// ```swift
  /// try ValueDecoder().decode(CounterAction.self, fromJSON: #""incrementButtonTapped""#)
  /// ```
  /// - Throws: a `.malformed`/`.limit` error for text that is not JSON, else what
  ///   `decode(_:from:)` throws.
  public func decode<T: Decodable>(_ type: T.Type, fromJSON json: String) throws(ValueError)
    -> T
  {
    if Self.fitsScratch(T.self) {
      var scratch = Self.emptyScratch
      let filled = json.utf8.withContiguousStorageIfAvailable { utf8 in
        JSONActionText.fill(T.self, UnsafeRawBufferPointer(utf8), into: &scratch)
      }
      if case .some(.some) = filled { return Self.move(T.self, from: &scratch) }
    }
    return try decode(T.self, from: JSONValue(json: json))
  }

  /// Decodes a `T` from JSON text given as UTF-8 bytes (invalid UTF-8 is a `.malformed`
  /// error), as `decode(_:fromJSON:)` does.
  ///
  /// ```swift
  /// let bytes = Array(#"{"setCount":3}"#.utf8)
  /// let action = try bytes.withUnsafeBytes {
  ///   try ValueDecoder().decode(CounterAction.self, fromJSONBytes: $0)
  /// }
  /// ```
  /// - Throws: a `.malformed`/`.limit` error for text that is not JSON, else what
  ///   `decode(_:from:)` throws.
  public func decode<T: Decodable>(_ type: T.Type, fromJSONBytes utf8: UnsafeRawBufferPointer)
    throws(ValueError) -> T
  {
    if Self.fitsScratch(T.self) {
      var scratch = Self.emptyScratch
      if JSONActionText.fill(T.self, utf8, into: &scratch) != nil {
        return Self.move(T.self, from: &scratch)
      }
    }
    return try decode(T.self, from: JSONValue(jsonBytes: utf8))
  }

  /// Stack room for a value decoded from text (`JSONActionText.fill`).
  typealias Scratch = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

  static var emptyScratch: Scratch { (0, 0, 0, 0, 0, 0, 0, 0) }

  /// Whether a `T` fits in `Scratch`.
  @inline(__always)
  static func fitsScratch<T>(_ type: T.Type) -> Bool {
    MemoryLayout<T>.size <= MemoryLayout<Scratch>.size
      && MemoryLayout<T>.alignment <= MemoryLayout<Scratch>.alignment
  }

  /// The `T` initialized at `scratch`, moved out.
  @inline(__always)
  static func move<T>(_ type: T.Type, from scratch: UnsafeMutableRawPointer) -> T {
    scratch.assumingMemoryBound(to: T.self).move()
  }

  /// A `DecodingError` thrown by a type's own `init(from:)` as a `ValueError`.
  static func translate(_ error: DecodingError, root: JSONValue) -> ValueError {
    switch error {
    case let .typeMismatch(type, context):
      let path = ValuePath.render(context.codingPath)
      let found = navigate(root, context.codingPath) ?? .null
      if context.debugDescription.hasPrefix("Invalid number of keys found") {
        return .mismatch(expected: "exactly one case", path: path, got: found)
      }
      return .mismatch(expected: "\(type)", path: path, got: found)
    case let .valueNotFound(type, context):
      return .mismatch(
        expected: "\(type)", path: ValuePath.render(context.codingPath), got: .null)
    case let .keyNotFound(key, context):
      return ValueError(
        kind: .shape,
        message: "missing key \(JSONValue.string(key.stringValue).json())"
          + ValueError.at(ValuePath.render(context.codingPath)))
    case let .dataCorrupted(context):
      let path = ValuePath.render(context.codingPath)
      return ValueError(
        kind: .shape, message: "invalid value\(ValueError.at(path)): \(context.debugDescription)")
    @unknown default:
      return ValueError(kind: .shape, message: "cannot decode: \(error)")
    }
  }

  /// The value at `path` (as built by this decoder's `codingPath`), if any.
  private static func navigate(_ root: JSONValue, _ path: [any CodingKey]) -> JSONValue? {
    var current = root
    for key in path {
      if let index = key.intValue, case let .array(array) = current,
        array.indices.contains(index)
      {
        current = array[index]
      } else if let next = current[key.stringValue] {
        current = next
      } else {
        return nil
      }
    }
    return current
  }
}

/// The `Decoder` handed to `init(from:)`: a value, and its place for messages.
final class ValueDecodingNode: Decoder {
  let value: JSONValue
  let parent: ValueDecodingNode?
  /// This node's step from its parent; `nil` for an unwrapped single enum payload.
  let component: ValuePathComponent?
  /// The type being decoded here is an enum (its keyed container holds cases).
  let isEnum: Bool
  /// Set while an enum case's decode plan is being learned (on the enum's node and on its
  /// payload container's node).
  @exclusivity(unchecked) var recorder: EnumPlanRecorder?

  init(value: JSONValue, parent: ValueDecodingNode?, component: ValuePathComponent?, isEnum: Bool) {
    self.value = value
    self.parent = parent
    self.component = component
    self.isEnum = isEnum
  }

  var components: [ValuePathComponent] {
    var path: [ValuePathComponent] = []
    var node: ValueDecodingNode? = self
    while let current = node {
      if let component = current.component { path.append(component) }
      node = current.parent
    }
    return path.reversed()
  }

  /// The dotted/indexed path of this node, plus `component` if given.
  func path(appending component: ValuePathComponent? = nil) -> String {
    var path = components
    if let component { path.append(component) }
    return ValuePath.render(path)
  }

  var codingPath: [any CodingKey] { components.map(\.codingKey) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if let recorder {
      if recorder.enumNode === self { recorder.openedContainer() } else { recorder.spoil() }
    }
    switch value {
    case let .object(object):
      if isEnum, object.count == 1, let only = object.entries.first,
        Key(stringValue: only.key) == nil
      {
        throw unknownCase(only.key, Key.self)
      }
      return KeyedDecodingContainer(
        KeyedValueDecoder<Key>(node: self, storage: .object(object), isEnum: isEnum))
    case let .string(name) where isEnum:
      guard Key(stringValue: name) != nil else { throw unknownCase(name, Key.self) }
      return KeyedDecodingContainer(
        KeyedValueDecoder<Key>(node: self, storage: .bareCase(name), isEnum: true))
    default:
      throw ValueError.mismatch(
        expected: isEnum ? "an enum case" : "an object", path: path(), got: value)
    }
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    recorder?.spoil()
    guard case let .array(array) = value else {
      throw ValueError.mismatch(expected: "an array", path: path(), got: value)
    }
    return UnkeyedValueDecoder(node: self, array: array)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    recorder?.spoil()
    return SingleValueDecoder(node: self)
  }

  private func unknownCase<Key: CodingKey>(_ name: String, _ keyType: Key.Type) -> ValueError {
    ValueError(
      kind: .notFound,
      message: CodingKeyCases.unknownCaseMessage(
        name, path: path(), known: CodingKeyCases.names(keyType)))
  }

  // MARK: - Leaves

  /// Decodes a `T` from `value`, a child of this node at `component`.
  func unbox<T: Decodable>(
    _ type: T.Type, from value: JSONValue, component: ValuePathComponent?
  ) throws -> T {
    if T.self == String.self {
      return try cast(string(value, component))
    } else if T.self == Int.self {
      return try cast(integer(value, component) as Int)
    } else if T.self == Bool.self {
      return try cast(bool(value, component))
    } else if T.self == Double.self {
      return try cast(double(value, component))
    } else if T.self == Date.self {
      return try cast(Date(timeIntervalSince1970: double(value, component, expected: "a date")))
    } else if T.self == UUID.self {
      guard case let .string(text) = value, let uuid = UUID(uuidString: text) else {
        throw mismatch("a UUID", component, value)
      }
      return try cast(uuid)
    } else if T.self == JSONValue.self {
      return try cast(value)
    } else if T.self == ValueObject.self {
      guard case let .object(object) = value else { throw mismatch("an object", component, value) }
      return try cast(object)
    }
    let isEnum = RuntimeType.isEnum(decodable: T.self)
    if isEnum, case .string(let name) = value {
      return try Self.decodeBareCase(
        T.self, name: name, value: value, parent: self, component: component)
    }
    if isEnum, case .object(let object) = value, object.count == 1,
      let only = object.entries.first
    {
      return try decodeCase(
        T.self, from: value, name: only.key, payload: only.value,
        component: component)
    }
    let child = ValueDecodingNode(
      value: value, parent: self, component: component, isEnum: isEnum)
    return try T(from: child)
  }

  /// Decodes the enum `T` from its bare case name `name` (`value`): from `BareCaseCache` when
  /// it was decoded before, else by its `init(from:)` on a node under `parent`. Kept out of
  /// line: its `Optional<T>` costs a generic-metadata lookup wherever it is inlined.
  @inline(never)
  static func decodeBareCase<T: Decodable>(
    _ type: T.Type, name: String, value: JSONValue, parent: ValueDecodingNode?,
    component: ValuePathComponent?
  ) throws -> T {
    if let bits = BareCaseCache.shared.plainBits(T.self, name) {
      return BitwiseIdentity.load(bits, as: T.self)
    }
    if let cached = BareCaseCache.shared.value(T.self, name) { return cached }
    let decoded = try T(
      from: ValueDecodingNode(value: value, parent: parent, component: component, isEnum: true))
    BareCaseCache.shared.remember(decoded, name)
    return decoded
  }

  /// Decodes the enum `T` from `{name: payload}`: by its learned plan when it has one (see
  /// `EnumCasePlan`), else by its `init(from:)`, learning the plan on the way.
  private func decodeCase<T: Decodable>(
    _ type: T.Type, from value: JSONValue, name: String, payload: JSONValue,
    component: ValuePathComponent?
  ) throws -> T {
    let learned = EnumPlanCache.shared.lookup(T.self, name)
    if case .some(.some(let plan)) = learned {
      return try Self.decode(T.self, by: plan, payload: payload) {
        try decodeCase(
          T.self, by: plan, from: value, name: name, payload: payload,
          component: component)
      }
    }
    let child = ValueDecodingNode(
      value: value, parent: self, component: component, isEnum: true)
    guard learned == nil else { return try T(from: child) }
    let recorder = EnumPlanRecorder(enumNode: child)
    child.recorder = recorder
    // Break the node <-> recorder cycles however init(from:) ends (fuzzing: a throw leaked them).
    defer {
      child.recorder = nil
      recorder.payloadNode?.recorder = nil
    }
    let decoded = try T(from: child)
    EnumPlanCache.shared.remember(T.self, name, learnPlan(decoded, recorder, value, name, payload))
    return decoded
  }

  /// The enum `T` built by `plan` from `payload` without decoder nodes when the plan's payload
  /// fills that way (`EnumPayloadPlan.fill`: no error is possible then), else `slow()`.
  @inline(__always)
  static func decode<T>(
    _ type: T.Type, by plan: EnumCasePlan, payload: JSONValue, slow: () throws -> T
  ) rethrows -> T {
    typealias Scratch = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    guard MemoryLayout<T>.size <= MemoryLayout<Scratch>.size,
      MemoryLayout<T>.alignment <= MemoryLayout<Scratch>.alignment
    else { return try slow() }
    var scratch: Scratch = (0, 0, 0, 0, 0, 0, 0, 0)
    return try withUnsafeMutablePointer(to: &scratch) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      guard plan.fill(T.self, payload, into: raw) else { return try slow() }
      return raw.assumingMemoryBound(to: T.self).move()
    }
  }

  /// The enum `T` from `{name: payload}` by its learned `plan`, with the decoder nodes its
  /// `init(from:)` would have made (they name the path of an error in the payload).
  private func decodeCase<T: Decodable>(
    _ type: T.Type, by plan: EnumCasePlan, from value: JSONValue, name: String,
    payload: JSONValue, component: ValuePathComponent?
  ) throws -> T {
    // The nodes `init(from:)` would have made: the enum's, then its payload container's.
    let enumNode =
      component == nil
      ? self : ValueDecodingNode(value: value, parent: self, component: component, isEnum: true)
    let payloadNode = ValueDecodingNode(
      value: payload, parent: enumNode, component: .key(name), isEnum: false)
    return try EnumWitnesses.make(T.self, inject: plan.inject, tag: plan.tag) { destination in
      try plan.payload.decode(payloadNode, payload, into: destination)
    }
  }

  /// The plan `recorder` saw for `decoded`, if it holds: exactly the synthesized pattern, an
  /// inline payload of the recorded type, and the plan rebuilding an equal value from `value`.
  private func learnPlan<T: Decodable>(
    _ decoded: T, _ recorder: EnumPlanRecorder, _ value: JSONValue, _ name: String,
    _ payload: JSONValue
  ) -> EnumCasePlan? {
    guard !recorder.isSpoiled, recorder.containers == 1, recorder.caseName == name,
      let payloadPlan = recorder.payload, let tag = EnumWitnesses.tag(of: decoded),
      let inject = EnumWitnesses.injector(T.self),
      EnumWitnesses.isInlinePayloadCase(T.self, tag: tag)
    else { return nil }
    let mirror = Mirror(reflecting: decoded)
    guard mirror.children.count == 1, let only = mirror.children.first,
      payloadPlan.matches(only.value)
    else { return nil }
    let payloadNode = ValueDecodingNode(
      value: payload, parent: nil, component: .key(name), isEnum: false)
    guard
      let rebuilt = try? EnumWitnesses.make(
        T.self, inject: inject, tag: tag,
        fill: {
          destination in try payloadPlan.decode(payloadNode, payload, into: destination)
        }), JSONValue(reflecting: rebuilt) == JSONValue(reflecting: decoded)
    else { return nil }
    return EnumCasePlan(tag: tag, inject: inject, payload: payloadPlan)
  }

  /// `value` as `T`, which the caller checked is `U` (a copy of the bits, without the
  /// dynamic cast and `Optional<T>` metadata lookup of `as?`).
  private func cast<T, U>(_ value: U) throws -> T {
    guard T.self == U.self else {
      throw ValueError(kind: .shape, message: "cannot decode \(T.self)\(at(nil))")
    }
    return withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: T.self) }
  }

  private func at(_ component: ValuePathComponent?) -> String {
    ValueError.at(path(appending: component))
  }

  func mismatch(_ expected: String, _ component: ValuePathComponent?, _ value: JSONValue)
    -> ValueError
  {
    .mismatch(expected: expected, path: path(appending: component), got: value)
  }

  func bool(_ value: JSONValue, _ component: ValuePathComponent?) throws(ValueError) -> Bool {
    guard case let .bool(flag) = value else { throw mismatch("a boolean", component, value) }
    return flag
  }

  func string(_ value: JSONValue, _ component: ValuePathComponent?) throws(ValueError) -> String {
    guard case let .string(text) = value else { throw mismatch("a string", component, value) }
    return text
  }

  func double(
    _ value: JSONValue, _ component: ValuePathComponent?, expected: String = "a number"
  ) throws(ValueError) -> Double {
    switch value {
    case let .double(double): return double
    case let .int(integer): return Double(integer)
    default: throw mismatch(expected, component, value)
    }
  }

  func float(_ value: JSONValue, _ component: ValuePathComponent?) throws(ValueError) -> Float {
    Float(try double(value, component))
  }

  func integer<I: FixedWidthInteger>(
    _ value: JSONValue, _ component: ValuePathComponent?
  ) throws(ValueError) -> I {
    switch value {
    case let .int(integer):
      if let exact = I(exactly: integer) { return exact }
    case let .double(double):
      if let exact = I(exactly: double) { return exact }
      guard double.rounded() == double else { throw mismatch("an integer", component, value) }
    default:
      throw mismatch("an integer", component, value)
    }
    throw mismatch("an integer that fits in \(I.self)", component, value)
  }
}

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

/// Payload-free enum cases decoded from their bare name (`"incrementButtonTapped"`), per type.
/// The synthesized decoding of one builds two containers and probes the payload key type, with
/// a generic-metadata lookup at every step (~12,000 instructions); the case is the same value
/// every time, so after the first decoding it comes from here. Only values that are cases
/// without a payload are kept (checked once, by reflection), and only successful decodings.
final class BareCaseCache: @unchecked Sendable {
  static let shared = BareCaseCache()

  private struct Key: Hashable {
    let type: ObjectIdentifier
    let name: String
  }

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var values: [Key: Any] = [:]

  typealias Bits = BitwiseIdentity.Bits

  /// The cached cases of plain (POD: no references anywhere in them) enums, as their bits:
  /// loading them back makes the value without a dynamic cast or an `Optional<T>` (whose
  /// metadata an unspecialized lookup would fetch from the runtime). Read without the lock
  /// and searched linearly: few features, few cases, and comparing a type and a short name
  /// is cheaper than hashing the name.
  private let plain = CaseNameTable<Bits>(capacity: 256)

  /// Whether cases of `T` may be kept as bits: a POD enum of at most 32 bytes.
  @inline(__always)
  private static func isPlain<T>(_ type: T.Type) -> Bool {
    BitwiseIdentity.isPlain(T.self) && RuntimeType.isEnum(T.self)
  }

  /// The bits of the cached case of the plain enum `T` named `name`, if any.
  @inline(__always)
  func plainBits<T>(_ type: T.Type, _ name: String) -> Bits? {
    guard Self.isPlain(T.self) else { return nil }
    return plain.value(T.self, name)
  }

  /// The bits of the cached case of the plain enum `T` whose name is the UTF-8 `name`.
  @inline(__always)
  func plainBits<T>(_ type: T.Type, utf8 name: UnsafeRawBufferPointer) -> Bits? {
    guard Self.isPlain(T.self) else { return nil }
    return plain.value(T.self, name)
  }

  private init() { pthread_mutex_init(mutex, nil) }

  /// The cached case of `type` named `name`, if any.
  @inline(__always)
  func value<T>(_ type: T.Type, _ name: String) -> T? {
    guard RuntimeType.isEnum(T.self) else { return nil }
    pthread_mutex_lock(mutex)
    let cached = values[Key(type: ObjectIdentifier(T.self), name: name)]
    pthread_mutex_unlock(mutex)
    guard let cached else { return nil }
    return cached as? T
  }

  /// Keeps `value`, decoded from the bare name `name`, when it is a case without a payload.
  func remember<T>(_ value: T, _ name: String) {
    guard RuntimeType.isEnum(T.self), Mirror(reflecting: value).children.isEmpty else { return }
    pthread_mutex_lock(mutex)
    if Self.isPlain(T.self) {
      if plain.value(T.self, name) == nil {
        plain.append(T.self, name, BitwiseIdentity.bits(of: value))
      }
    } else if values.count < 4096 {
      values[Key(type: ObjectIdentifier(T.self), name: name)] = value
    }
    pthread_mutex_unlock(mutex)
  }
}
