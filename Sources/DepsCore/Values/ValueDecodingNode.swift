// The `Decoder` `ValueDecoder` (ValueDecoder.swift) hands to a value's `init(from:)`: one
// `JSONValue` and its place in the whole (for messages such as `expected an integer at
// numberFactResponse.success`), the leaves it decodes itself (numbers, strings, `Date`, `UUID`,
// bare enum cases) and the containers it opens (ValueDecodingContainers.swift).

import DepsRuntime
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

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
