// The `Encoder` and the keyed, unkeyed and single-value containers a value's `encode(to:)`
// writes through when `JSONTextEncoder` (JSONTextEncoder.swift) writes its text: each call goes
// to the encoding in progress (`JSONTextEncoding`), which writes it or gives up.

import DepsRuntime
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The `Encoder` handed to a value's `encode(to:)` by `JSONTextEncoder`.
struct JSONTextEncoderNode: Encoder {
  let encoder: JSONTextEncoding
  /// The frame of this encoder's value.
  let serial: Int

  /// Not tracked: reading it sends the value to the tree path (which has it).
  var codingPath: [any CodingKey] {
    encoder.abandon()
    return []
  }

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    encoder.beginObject(serial)
    return encoder.keyedContainer(serial, keyedBy: Key.self)
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.beginArray(serial)
    return JSONTextUnkeyedContainer(encoder: encoder, serial: serial)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONTextSingleContainer(encoder: encoder, serial: serial)
  }
}

/// A keyed container writing `"key":value` members into its object.
struct JSONTextKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: JSONTextEncoding
  /// The frame it writes into (rebound when its box is reused).
  let binding: JSONTextEncoding.Binding
  private var serial: Int { binding.serial }

  init(encoder: JSONTextEncoding, binding: JSONTextEncoding.Binding) {
    self.encoder = encoder
    self.binding = binding
  }

  var codingPath: [any CodingKey] {
    encoder.abandon()
    return []
  }

  @inline(__always) private func member(_ key: Key) -> Bool {
    encoder.beginMember(key.stringValue, serial)
  }

  mutating func encodeNil(forKey key: Key) throws { if member(key) { encoder.writeNull() } }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    if member(key) { encoder.write(value) }
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    if member(key) { encoder.write(value) }
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    if member(key) { encoder.write(value) }
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    if member(key) { encoder.write(ValueEncodingNode.number(value)) }
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    if member(key) { encoder.write(value) }
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    if member(key) { encoder.write(Int(value)) }
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    if member(key) { encoder.write(Int(value)) }
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    if member(key) { encoder.write(Int(value)) }
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    if member(key) { encoder.write(Int(value)) }
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    if member(key) { encoder.write(ValueEncodingNode.number(value)) }
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    if member(key) { encoder.write(Int(value)) }
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    if member(key) { encoder.write(Int(value)) }
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    if member(key) { encoder.write(Int(value)) }
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    if member(key) { encoder.write(ValueEncodingNode.number(value)) }
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    if member(key) { try encoder.encodeValue(value) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = member(key) ? encoder.pushNested(.object) : JSONTextEncoding.deadSerial
    return encoder.keyedContainer(nested, keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = member(key) ? encoder.pushNested(.array) : JSONTextEncoding.deadSerial
    return JSONTextUnkeyedContainer(encoder: encoder, serial: nested)
  }

  mutating func superEncoder() -> any Encoder {
    let nested =
      encoder.beginMember("super", serial)
      ? encoder.pushNested(.empty) : JSONTextEncoding.deadSerial
    return JSONTextEncoderNode(encoder: encoder, serial: nested)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let nested = member(key) ? encoder.pushNested(.empty) : JSONTextEncoding.deadSerial
    return JSONTextEncoderNode(encoder: encoder, serial: nested)
  }
}

/// An unkeyed container writing elements into its array.
struct JSONTextUnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: JSONTextEncoding
  let serial: Int

  var codingPath: [any CodingKey] {
    encoder.abandon()
    return []
  }

  var count: Int { encoder.count(serial) }

  @inline(__always) private func element() -> Bool { encoder.beginElement(serial) }

  mutating func encodeNil() throws { if element() { encoder.writeNull() } }
  mutating func encode(_ value: Bool) throws { if element() { encoder.write(value) } }
  mutating func encode(_ value: String) throws { if element() { encoder.write(value) } }
  mutating func encode(_ value: Double) throws { if element() { encoder.write(value) } }
  mutating func encode(_ value: Float) throws {
    if element() { encoder.write(ValueEncodingNode.number(value)) }
  }
  mutating func encode(_ value: Int) throws { if element() { encoder.write(value) } }
  mutating func encode(_ value: Int8) throws { if element() { encoder.write(Int(value)) } }
  mutating func encode(_ value: Int16) throws { if element() { encoder.write(Int(value)) } }
  mutating func encode(_ value: Int32) throws { if element() { encoder.write(Int(value)) } }
  mutating func encode(_ value: Int64) throws { if element() { encoder.write(Int(value)) } }
  mutating func encode(_ value: UInt) throws {
    if element() { encoder.write(ValueEncodingNode.number(value)) }
  }
  mutating func encode(_ value: UInt8) throws { if element() { encoder.write(Int(value)) } }
  mutating func encode(_ value: UInt16) throws { if element() { encoder.write(Int(value)) } }
  mutating func encode(_ value: UInt32) throws { if element() { encoder.write(Int(value)) } }
  mutating func encode(_ value: UInt64) throws {
    if element() { encoder.write(ValueEncodingNode.number(value)) }
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    if element() { try encoder.encodeValue(value) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = element() ? encoder.pushNested(.object) : JSONTextEncoding.deadSerial
    return encoder.keyedContainer(nested, keyedBy: NestedKey.self)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = element() ? encoder.pushNested(.array) : JSONTextEncoding.deadSerial
    return JSONTextUnkeyedContainer(encoder: encoder, serial: nested)
  }

  mutating func superEncoder() -> any Encoder {
    let nested = element() ? encoder.pushNested(.empty) : JSONTextEncoding.deadSerial
    return JSONTextEncoderNode(encoder: encoder, serial: nested)
  }
}

/// A single value container: the encoder's whole value is one value.
struct JSONTextSingleContainer: SingleValueEncodingContainer {
  let encoder: JSONTextEncoding
  let serial: Int

  var codingPath: [any CodingKey] {
    encoder.abandon()
    return []
  }

  @inline(__always) private func single() -> Bool { encoder.beginSingle(serial) }

  mutating func encodeNil() throws { if single() { encoder.writeNull() } }
  mutating func encode(_ value: Bool) throws { if single() { encoder.write(value) } }
  mutating func encode(_ value: String) throws { if single() { encoder.write(value) } }
  mutating func encode(_ value: Double) throws { if single() { encoder.write(value) } }
  mutating func encode(_ value: Float) throws {
    if single() { encoder.write(ValueEncodingNode.number(value)) }
  }
  mutating func encode(_ value: Int) throws { if single() { encoder.write(value) } }
  mutating func encode(_ value: Int8) throws { if single() { encoder.write(Int(value)) } }
  mutating func encode(_ value: Int16) throws { if single() { encoder.write(Int(value)) } }
  mutating func encode(_ value: Int32) throws { if single() { encoder.write(Int(value)) } }
  mutating func encode(_ value: Int64) throws { if single() { encoder.write(Int(value)) } }
  mutating func encode(_ value: UInt) throws {
    if single() { encoder.write(ValueEncodingNode.number(value)) }
  }
  mutating func encode(_ value: UInt8) throws { if single() { encoder.write(Int(value)) } }
  mutating func encode(_ value: UInt16) throws { if single() { encoder.write(Int(value)) } }
  mutating func encode(_ value: UInt32) throws { if single() { encoder.write(Int(value)) } }
  mutating func encode(_ value: UInt64) throws {
    if single() { encoder.write(ValueEncodingNode.number(value)) }
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    if single() { try encoder.encodeValue(value) }
  }
}
