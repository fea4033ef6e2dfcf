// Reusing a `KeyedEncodingContainer`'s box. `KeyedEncodingContainer<K>` wraps the concrete
// container in a class instance the standard library allocates on every `container(keyedBy:)`,
// after two generic-metadata lookups (the concrete container's type and the box's class) and a
// witness-table lookup: ~1,000 instructions a container, more than writing a small struct's
// members. The text encoder (DepsValues/JSONTextEncoder.swift) keeps the box of each key type it made
// and hands it out again once nothing else holds it.
//
// The layout read: a `KeyedEncodingContainer<K>` is exactly one strong reference to its box (its
// only stored property), a native Swift object, so the box can be taken out as a reference of a
// stand-in native class (`Box`: never instantiated; retain, release and the uniqueness test of a
// native object do not depend on its static type) and put back by a bit cast.
// (`isKnownUniquelyReferenced` on an `AnyObject` existential answers false here even for a fresh
// object, hence the stand-in.) Whether the box is held by anyone else is
// `isKnownUniquelyReferenced` on that reference: a container kept by the value's code (a copy of
// the struct) is one more reference, so such a box is never handed out again. Checked once, on
// first use, with a probe container: the size, taking the box out and putting it back, a write
// through the rebuilt container reaching the probe, and the reference count seen while a copy is
// alive and after it is gone. When the check fails, or with `DEPS_SAFE_RUNTIME=1`, every
// `container(keyedBy:)` makes its own box (the standard library's path).

package enum KeyedContainerReuse {
  /// The static type a kept box is held as (see the file comment).
  package final class Box {
    private init() {}
  }

  /// Whether boxes may be taken out and reused (checked once).
  package static let usable: Bool =
    !RuntimeSwitch.isSafeForced
    && !RuntimeSwitch.failsCheck("keyed_containers") && check()

  /// The box of `container` (a +1 reference); nil when reuse is off.
  package static func box<Key: CodingKey>(of container: KeyedEncodingContainer<Key>) -> Box? {
    guard usable else { return nil }
    return unsafeBitCast(container, to: Box.self)
  }

  /// The container whose box is `box` (taken out of a `KeyedEncodingContainer<Key>`).
  @inline(__always)
  package static func container<Key: CodingKey>(
    box: Box, keyedBy type: Key.Type
  ) -> KeyedEncodingContainer<Key> {
    unsafeBitCast(box, to: KeyedEncodingContainer<Key>.self)
  }

  // MARK: The check

  private enum ProbeKey: String, CodingKey { case probe }

  private final class ProbeLog { var written: [Int] = [] }

  private struct ProbeContainer: KeyedEncodingContainerProtocol {
    typealias Key = ProbeKey
    let log: ProbeLog
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil(forKey key: ProbeKey) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: ProbeKey) throws {
      if let number = value as? Int { log.written.append(number) }
    }
    mutating func encode(_ value: Int, forKey key: ProbeKey) throws {
      log.written.append(value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: ProbeKey
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(ProbeNested<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: ProbeKey) -> any UnkeyedEncodingContainer {
      ProbeUnkeyed()
    }
    mutating func superEncoder() -> any Encoder { ProbeEncoder() }
    mutating func superEncoder(forKey key: ProbeKey) -> any Encoder { superEncoder() }
  }

  private struct ProbeNested<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(ProbeNested<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      ProbeUnkeyed()
    }
    mutating func superEncoder() -> any Encoder { ProbeEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
  }

  /// An unkeyed container that writes nothing (the probe never asks for one).
  private struct ProbeUnkeyed: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(ProbeNested<NestedKey>())
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { ProbeUnkeyed() }
    mutating func superEncoder() -> any Encoder { ProbeEncoder() }
  }

  /// An encoder that writes nothing (the probe never asks for one).
  private struct ProbeEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      KeyedEncodingContainer(ProbeNested<Key>())
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { ProbeUnkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { ProbeSingle() }
  }

  /// A single-value container that writes nothing.
  private struct ProbeSingle: SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
  }

  /// Runs the probe (see the file comment); false when any part disagrees.
  static func check() -> Bool {
    guard MemoryLayout<KeyedEncodingContainer<ProbeKey>>.size == MemoryLayout<Box>.size,
      MemoryLayout<KeyedEncodingContainer<ProbeKey>>.alignment
        == MemoryLayout<Box>.alignment,
      !_isPOD(KeyedEncodingContainer<ProbeKey>.self)
    else { return false }
    let log = ProbeLog()
    // Taken out while the container is alive: two holders.
    var box: Box
    var heldWhileAlive = true
    do {
      let container = KeyedEncodingContainer(ProbeContainer(log: log))
      box = unsafeBitCast(container, to: Box.self)
      heldWhileAlive = !isKnownUniquelyReferenced(&box)
      withExtendedLifetime(container) {}
    }
    // The container is gone: the box is the only holder.
    guard heldWhileAlive, isKnownUniquelyReferenced(&box) else { return false }
    // Put back: writes reach the probe, and the rebuilt container is a holder while alive.
    var written = false
    var heldByRebuilt = false
    do {
      var rebuilt = unsafeBitCast(box, to: KeyedEncodingContainer<ProbeKey>.self)
      heldByRebuilt = !isKnownUniquelyReferenced(&box)
      written = (try? rebuilt.encode(7, forKey: .probe)) != nil && rebuilt.codingPath.isEmpty
      withExtendedLifetime(rebuilt) {}
    }
    return written && heldByRebuilt && log.written == [7] && isKnownUniquelyReferenced(&box)
  }
}
