// `StateChanges`: the JSON Patch (RFC 6902) between two typed values of an `Encodable` type,
// located without encoding what did not change. Equal parts are skipped by the type's own
// `==` (an array's `==` returns at once when both share one copy-on-write buffer); a struct is
// walked member by member through the keys its `encode(to:)` writes (a recording encoder that
// does not descend); an array of `Equatable` elements by its common prefix and suffix, so one
// changed element of 100,000 is one operation. Only the changed parts are encoded, with
// `ValueEncoder`, so they read as the whole state's encoding does (docs/values.md). Anything
// else that changed (an enum, a custom `encode(to:)`, a non-`Equatable` member) is encoded
// before and after and diffed as `JSONValue`s: exact, just not cheaper.

import DepsRuntime

import Synchronization

/// The changes between two typed values, as JSON Patch operations on their `ValueEncoder`
/// encodings.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum StateChanges {
  /// The operations turning the encoding of `old` into that of `new` (none when equal by
  /// `==`), appended to `operations`. Throws when a changed part cannot be encoded.
  static func diff<T: Encodable>(
    from old: T, to new: T, path: String = "", into operations: inout [JSONValue]
  ) throws {
    if BitwiseIdentity.identical(old, new) { return }
    switch TypeShape.of(T.self, value: new) {
    case .array:
      if let array = new as? any EquatableElementsArray,
        try array.diffElements(from: old, path: path, into: &operations)
      {
        return
      }
    case .members:
      if let oldMembers = MemberRecorder.members(of: old),
        let newMembers = MemberRecorder.members(of: new)
      {
        try diffMembers(from: oldMembers, to: newMembers, path: path, into: &operations)
        return
      }
    case .other:
      break
    }
    if let equal = equals(old, new), equal { return }
    JSONPatch.diff(
      from: try ValueEncoder().encode(old), to: try ValueEncoder().encode(new), path: path,
      into: &operations)
  }

  /// `diff` of two existentials: typed when both hold the same type, else a replacement.
  static func diffAny(
    from old: any Encodable, to new: any Encodable, path: String,
    into operations: inout [JSONValue]
  ) throws {
    func open<T: Encodable>(_ new: T) throws {
      if let old = old as? T {
        try diff(from: old, to: new, path: path, into: &operations)
      } else {
        operations.append(JSONPatch.replace(path, try ValueEncoder().encode(new)))
      }
    }
    try open(new)
  }

  static func encode(_ value: any Encodable) throws -> JSONValue {
    try ValueEncoder().encode(value)
  }

  private static func diffMembers(
    from old: [MemberRecorder.Member], to new: [MemberRecorder.Member], path: String,
    into operations: inout [JSONValue]
  ) throws {
    // A struct has a few members, found by a scan; a dictionary may have many, found by an
    // index, so the walk stays linear in the number of members.
    let index: [String: Int]? =
      old.count > 16 ? Dictionary(old.indices.map { (old[$0].key, $0) }) { first, _ in first } : nil
    func previousMember(_ key: String) -> MemberRecorder.Member? {
      if let index { return index[key].map { old[$0] } }
      return old.first(where: { $0.key == key })
    }
    for member in new {
      let memberPath = path + "/" + JSONPatch.escape(member.key)
      guard let previous = previousMember(member.key) else {
        operations.append(JSONPatch.add(memberPath, try member.encoded()))
        continue
      }
      switch (previous.value, member.value) {
      case let (.typed(before), .typed(after)):
        try diffAny(from: before, to: after, path: memberPath, into: &operations)
      case (.null, .null):
        break
      default:
        operations.append(JSONPatch.replace(memberPath, try member.encoded()))
      }
    }
    let newKeys: Set<String>? = new.count > 16 ? Set(new.map(\.key)) : nil
    for member in old
    where !(newKeys?.contains(member.key) ?? new.contains(where: { $0.key == member.key })) {
      operations.append(JSONPatch.remove(path + "/" + JSONPatch.escape(member.key)))
    }
  }
}

/// How `diff` walks a type, decided once per type (the dynamic casts it takes are not free).
enum TypeShape: Sendable {
  /// An array of `Equatable` elements: element by element.
  case array
  /// Not a leaf, not an enum: member by member, when it writes one flat keyed container.
  case members
  /// Anything else: `==`, then the encodings.
  case other

  private static let known = Mutex<[ObjectIdentifier: TypeShape]>([:])

  static func of<T>(_ type: T.Type, value: T) -> TypeShape {
    let key = ObjectIdentifier(type)
    if let shape = known.withLock({ $0[key] }) { return shape }
    let shape: TypeShape
    if type is any EquatableElementsArray.Type {
      shape = .array
    } else if type == String.self || type == Int.self || type == Bool.self
      || type == Double.self || type == JSONValue.self || type == ValueObject.self
      || type == Date.self || type == UUID.self || RuntimeType.isEnum(value: value)
    {
      shape = .other
    } else {
      shape = .members
    }
    known.withLock { $0[key] = shape }
    return shape
  }
}

/// An array whose elements are `Equatable` and `Encodable`: diffed element by element.
protocol EquatableElementsArray {
  /// Appends the operations from `old` (when an array of the same type) to `self`; false when
  /// `old` is not one.
  func diffElements(from old: Any, path: String, into operations: inout [JSONValue]) throws -> Bool
}

extension Array: EquatableElementsArray where Element: Equatable & Encodable {
  func diffElements(from old: Any, path: String, into operations: inout [JSONValue])
    throws -> Bool
  {
    guard let old = old as? [Element] else { return false }
    var failure: (any Error)?
    old.withUnsafeBufferPointer { oldBuffer in
      self.withUnsafeBufferPointer { newBuffer in
        JSONPatch.diffArrays(
          oldCount: oldBuffer.count, newCount: newBuffer.count, path: path, into: &operations,
          same: { i, j in
            let a = oldBuffer.baseAddress! + i
            let b = newBuffer.baseAddress! + j
            return BitwiseIdentity.identical(a, b, count: 1, of: Element.self)
              || a.pointee == b.pointee
          },
          identicalRun: { i, j, n in
            BitwiseIdentity.identical(
              oldBuffer.baseAddress! + i, newBuffer.baseAddress! + j, count: n, of: Element.self)
          },
          patch: { index, elementPath, operations in
            do {
              try StateChanges.diff(
                from: oldBuffer[index], to: newBuffer[index], path: elementPath,
                into: &operations)
            } catch {
              failure = error
            }
          },
          encode: { index in
            do { return try ValueEncoder().encode(newBuffer[index]) } catch {
              failure = error
              return .null
            }
          })
      }
    }
    if let failure { throw failure }
    return true
  }
}

/// An `Encoder` that records the members a value's `encode(to:)` writes into one keyed
/// container, without encoding them: the typed member values, by key, in writing order.
/// Anything else (a nested or unkeyed container, a single value, a second container) marks
/// the value as not a flat set of members.
final class MemberRecorder: Encoder {
  /// One written member.
  struct Member {
    enum Content {
      case typed(any Encodable)
      case null
    }
    let key: String
    let value: Content

    func encoded() throws -> JSONValue {
      switch value {
      case .null: return .null
      case .typed(let value): return try StateChanges.encode(value)
      }
    }
  }

  var members: [Member] = []
  var isFlat = true
  private var containers = 0

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The members of `value`, or nil when its encoding is not one flat keyed container (or
  /// throws).
  static func members<T: Encodable>(of value: T) -> [Member]? {
    let recorder = MemberRecorder()
    do { try value.encode(to: recorder) } catch { return nil }
    guard recorder.isFlat, recorder.containers == 1 else { return nil }
    // A repeated key (the last write wins in `ValueEncoder`): not diffed member by member.
    let members = recorder.members
    if members.count > 16 {
      var seen = Set<String>(minimumCapacity: members.count)
      for member in members where !seen.insert(member.key).inserted { return nil }
      return members
    }
    for later in members.indices.dropFirst() {
      for earlier in 0..<later where members[earlier].key == members[later].key { return nil }
    }
    return members
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    containers += 1
    return KeyedEncodingContainer(RecordingContainer<Key>(recorder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    isFlat = false
    return ValueEncodingNode(box: EncodingBox(isEnum: false), parent: nil, key: nil)
      .unkeyedContainer()
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    isFlat = false
    return ValueEncodingNode(box: EncodingBox(isEnum: false), parent: nil, key: nil)
      .singleValueContainer()
  }

  fileprivate func record(_ key: String, _ value: Member.Content) {
    members.append(Member(key: key, value: value))
  }

  /// The recorder's keyed container: each write is recorded with its typed value.
  private struct RecordingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: MemberRecorder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { recorder.record(key.stringValue, .null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      recorder.record(key.stringValue, .typed(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      recorder.isFlat = false
      return ValueEncodingNode(box: EncodingBox(isEnum: false), parent: nil, key: nil)
        .container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      recorder.isFlat = false
      return ValueEncodingNode(box: EncodingBox(isEnum: false), parent: nil, key: nil)
        .unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      recorder.isFlat = false
      return ValueEncodingNode(box: EncodingBox(isEnum: false), parent: nil, key: nil)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      recorder.isFlat = false
      return ValueEncodingNode(box: EncodingBox(isEnum: false), parent: nil, key: nil)
    }
  }
}
