// `JSONTextEncoder`: an `Encodable` straight to compact JSON text, the same bytes as
// `ValueEncoder().encode(value).json()` without building the `JSONValue` tree in between (no
// boxes, member arrays or objects to allocate, walk and free). What a C host reading a state
// gets. The value's own `encode(to:)` runs, so a custom implementation is honoured; the writer
// follows it container by container and writes each member as it comes. Where the tree
// encoder's result could differ from text written in call order, the writer gives up and the
// caller takes the tree path, which then decides the output (or the error):
// - an enum (the action convention reshapes its containers after the fact): its subtree is
//   encoded as a tree and written, so only the enum pays for it;
// - a key written twice in one object (the tree keeps the first position and the last value),
//   or a key that is not ASCII (one may equal another key with other bytes: `String` equality
//   is canonical equivalence, which the tree's object uses);
// - a container written after a sibling or child container was opened and then closed by a
//   write to its parent (interleaved containers), a keyed container on an array or a single
//   value and the like (the tree merges or overrides them);
// - `codingPath` read by the value's code (the writer does not track keys);
// - any error thrown by `encode(to:)`.
// Numbers, strings and escapes are written as `JSONWriter` writes the tree's text (its own code
// for integers, booleans and strings without escapes; `JSONWriter` for the rest). A keyed
// container's box is reused across values (Runtime/KeyedContainerReuse.swift) and the text of
// its keys remembered (`KeyCache`). The `Encoder` and the containers a value's code writes
// through are JSONTextEncoderContainers.swift's.
//
// A container kept by the value's code and written after its value is done, or during a later
// value, only makes that later value take the tree. Writing one from another thread while an
// encoder runs is a data race, as with any `Encoder`.

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

/// Writes an `Encodable`'s compact JSON text directly (see the file comment); reusable: its
/// buffers and the keyed containers' boxes it made are kept between values. One value at a
/// time. The encoding in progress (what containers write into) is a separate object, so the
/// kept boxes (whose containers hold it) do not hold their encoder: no reference cycle.
final class JSONTextEncoder {
  /// A keyed container's box kept for reuse, with its key type and binding.
  struct PooledBox {
    let keyType: ObjectIdentifier
    var box: KeyedContainerReuse.Box
    let binding: JSONTextEncoding.Binding
  }

  /// What the containers write into.
  let encoding = JSONTextEncoding()
  // Only the encoding thread touches an encoder: no dynamic exclusivity checks.
  @exclusivity(unchecked) private var pool: [PooledBox] = []

  /// Whether keyed containers' boxes are kept and reused (Runtime/KeyedContainerReuse.swift).
  let reusesBoxes: Bool

  /// The number of keyed-container boxes kept for reuse.
  var keptBoxes: Int { pool.count }

  /// An encoder; `reusesBoxes` false makes every keyed container its own box.
  init(reusesBoxes: Bool = KeyedContainerReuse.usable) {
    self.reusesBoxes = reusesBoxes
  }

  /// The text written by the last `encode` (valid until the next one).
  var output: UnsafeBufferPointer<UInt8> { encoding.output }

  /// Writes the compact JSON text of `value` into `output` (replacing what it held). Returns
  /// false when the text may differ from `ValueEncoder`'s or its `encode(to:)` threw: the
  /// caller then encodes with `ValueEncoder` (the output is meaningless).
  func encode<T: Encodable>(_ value: T) -> Bool {
    encoding.owner = self
    defer { encoding.owner = nil }
    return encoding.encode(value)
  }

  /// A keyed container writing into the frame `serial`: a kept box of this key type that
  /// nothing else holds any more, rebound to the frame, else a new one (kept for later).
  func keyedContainer<Key: CodingKey>(_ serial: Int, keyedBy type: Key.Type)
    -> KeyedEncodingContainer<Key>
  {
    let keyType = ObjectIdentifier(Key.self)
    var index = 0
    while index < pool.count {
      if pool[index].keyType == keyType, isKnownUniquelyReferenced(&pool[index].box) {
        pool[index].binding.serial = serial
        return KeyedContainerReuse.container(box: pool[index].box, keyedBy: Key.self)
      }
      index += 1
    }
    let binding = JSONTextEncoding.Binding(serial)
    let container = KeyedEncodingContainer(
      JSONTextKeyedContainer<Key>(encoder: encoding, binding: binding))
    if reusesBoxes, pool.count < 32, let box = KeyedContainerReuse.box(of: container) {
      pool.append(PooledBox(keyType: keyType, box: box, binding: binding))
    }
    return container
  }
}

/// The text of one value being written, and its open containers (see `JSONTextEncoder`).
final class JSONTextEncoding {
  /// What an open container (or an encoder's value) has written so far.
  enum Kind: UInt8 {
    /// An encoder's value before any container wrote to it (`{}` if nothing does).
    case empty
    /// An object: `{` written.
    case object
    /// An array: `[` written.
    case array
    /// A single value, written.
    case single
  }

  /// One open container, innermost last.
  struct Frame {
    /// Identifies the containers writing into it (never reused).
    var serial: Int
    var kind: Kind
    /// Members or elements written.
    var count: Int
    /// Where this object's keys start in `keys`.
    var keyBase: Int
  }

  /// One key written in an open object: where its escaped bytes are in the output, and their
  /// first (up to) 8 bytes, so a repeated key is found without comparing every pair of keys.
  struct KeyRecord {
    var start: Int
    var length: Int
    var prefix: UInt64
  }

  /// The frame a reused keyed container writes into (its box outlives one container).
  final class Binding {
    @exclusivity(unchecked) var serial: Int
    init(_ serial: Int) { self.serial = serial }
  }

  /// The serial of a container whose opening was refused (the writer gave up): never open.
  static let deadSerial = -2

  // Only the encoding thread touches an encoder: no dynamic exclusivity checks.
  @exclusivity(unchecked) private(set) var bytes: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private var capacity: Int
  @exclusivity(unchecked) private var frames: UnsafeMutablePointer<Frame>
  @exclusivity(unchecked) private var frameCount = 0
  @exclusivity(unchecked) private var frameCapacity: Int
  @exclusivity(unchecked) private var keys: UnsafeMutablePointer<KeyRecord>
  @exclusivity(unchecked) private var keyCount = 0
  @exclusivity(unchecked) private var keyCapacity: Int
  /// The encoder running `encode` (its box pool), nil outside `encode`.
  @exclusivity(unchecked) unowned(unsafe) var owner: JSONTextEncoder?
  @exclusivity(unchecked) private var nextSerial = 0
  /// The serial of the innermost open frame (-1: none).
  @exclusivity(unchecked) private var topSerial = -1
  /// Set when the value did something the text cannot follow (the caller takes the tree path).
  @exclusivity(unchecked) private(set) var abandoned = false

  init() {
    capacity = 256
    bytes = .allocate(capacity: capacity)
    frameCapacity = 8
    frames = .allocate(capacity: frameCapacity)
    keyCapacity = 16
    keys = .allocate(capacity: keyCapacity)
  }

  deinit {
    bytes.deallocate()
    frames.deallocate()
    keys.deallocate()
  }

  /// The text written by the last `encode` (valid until the next write).
  var output: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: count) }

  /// Writes the compact JSON text of `value` into `output` (replacing what it held). Returns
  /// false when the text may differ from `ValueEncoder`'s or its `encode(to:)` threw: the
  /// caller then encodes with `ValueEncoder` (the output is meaningless).
  func encode<T: Encodable>(_ value: T) -> Bool {
    count = 0
    frameCount = 0
    keyCount = 0
    topSerial = -1
    abandoned = false
    do {
      try encodeValue(value)
    } catch {
      abandoned = true
    }
    // Anything written after this (a container kept by the value's code) finds no frame.
    frameCount = 0
    keyCount = 0
    topSerial = -1
    return !abandoned
  }

  /// Writes one value: leaves directly, enums as a tree, others through their `encode(to:)`.
  func encodeValue<T: Encodable>(_ value: T) throws {
    if let leaf = ValueEncodingNode.leaf(value) { return write(leaf) }
    if RuntimeType.isEnum(value: value) {
      return write(try ValueEncodingNode.encode(value, parent: nil, key: nil))
    }
    let serial = push(.empty)
    try value.encode(to: JSONTextEncoderNode(encoder: self, serial: serial))
    close(serial)
  }

  /// Gives up: the caller takes the tree path.
  func abandon() { abandoned = true }

  // MARK: Keyed containers

  /// A keyed container writing into the frame `serial`: from the running encoder's kept boxes,
  /// else (a container kept past its value asking for a nested one) a new one.
  func keyedContainer<Key: CodingKey>(_ serial: Int, keyedBy type: Key.Type)
    -> KeyedEncodingContainer<Key>
  {
    if let owner { return owner.keyedContainer(serial, keyedBy: Key.self) }
    return KeyedEncodingContainer(
      JSONTextKeyedContainer<Key>(encoder: self, binding: Binding(serial)))
  }

  // MARK: Frames

  /// Opens a frame of `kind` (its opening bracket already written, if any).
  func push(_ kind: Kind) -> Int {
    let serial = nextSerial
    nextSerial += 1
    if frameCount == frameCapacity {
      let grown = UnsafeMutablePointer<Frame>.allocate(capacity: frameCapacity * 2)
      grown.moveInitialize(from: frames, count: frameCount)
      frames.deallocate()
      frames = grown
      frameCapacity *= 2
    }
    (frames + frameCount).initialize(
      to: Frame(serial: serial, kind: kind, count: 0, keyBase: keyCount))
    frameCount += 1
    topSerial = serial
    return serial
  }

  /// Makes the frame `serial` the innermost one, closing those opened inside it; false (and
  /// abandoned) when it is closed already or the writer gave up.
  @inline(__always)
  func makeTop(_ serial: Int) -> Bool {
    if _fastPath(serial == topSerial && !abandoned) { return true }
    return makeTopSlow(serial)
  }

  @inline(never)
  private func makeTopSlow(_ serial: Int) -> Bool {
    if abandoned { return false }
    while frameCount > 0, frames[frameCount - 1].serial > serial { closeTop() }
    if frameCount > 0, frames[frameCount - 1].serial == serial { return true }
    abandoned = true
    return false
  }

  /// Closes the frame `serial` and those inside it (an encoder's value is done).
  func close(_ serial: Int) {
    guard makeTop(serial) else { return }
    closeTop()
  }

  private func closeTop() {
    frameCount -= 1
    let frame = frames[frameCount]
    switch frame.kind {
    case .empty: write(UInt8(ascii: "{"), UInt8(ascii: "}"))
    case .object: write(UInt8(ascii: "}"))
    case .array: write(UInt8(ascii: "]"))
    case .single: break
    }
    keyCount = frame.keyBase
    topSerial = frameCount > 0 ? frames[frameCount - 1].serial : -1
  }

  /// The innermost frame (the caller made it the top).
  private var top: UnsafeMutablePointer<Frame> { frames + (frameCount - 1) }

  // MARK: Writes (each first makes its container's frame the innermost)

  /// An encoder's keyed container: its value becomes (or stays) an object.
  func beginObject(_ serial: Int) {
    guard makeTop(serial) else { return }
    switch top.pointee.kind {
    case .empty:
      write(UInt8(ascii: "{"))
      top.pointee.kind = .object
    case .object: break
    case .array, .single: abandoned = true
    }
  }

  /// An encoder's unkeyed container: its value becomes (or stays) an array.
  func beginArray(_ serial: Int) {
    guard makeTop(serial) else { return }
    switch top.pointee.kind {
    case .empty:
      write(UInt8(ascii: "["))
      top.pointee.kind = .array
    case .array: break
    case .object, .single: abandoned = true
    }
  }

  /// A single value container's write: true when the value is to be written now.
  func beginSingle(_ serial: Int) -> Bool {
    guard makeTop(serial) else { return false }
    guard top.pointee.kind == .empty else {
      abandoned = true
      return false
    }
    top.pointee.kind = .single
    return true
  }

  /// `"key":` in the object `serial`; false when nothing is to be written (given up, or the
  /// key was written already in this object).
  func beginMember(_ key: String, _ serial: Int) -> Bool {
    guard makeTop(serial) else { return false }
    let frame = top
    if frame.pointee.count > 0 { write(UInt8(ascii: ",")) }
    frame.pointee.count += 1
    let start = count
    // The key's first 8 bytes (`"` and up to 7 of the key; zero-padded).
    var prefix: UInt64 = 0
    let slot = KeyCache.slot(of: key)
    if let slot, keyCache[slot].matches(key) {
      let cached = keyCache[slot]
      reserve(KeyCache.capacity)
      let target = UnsafeMutableRawPointer(bytes + count)
      target.storeBytes(of: cached.text.0, as: UInt64.self)
      target.storeBytes(of: cached.text.1, toByteOffset: 8, as: UInt64.self)
      target.storeBytes(of: cached.text.2, toByteOffset: 16, as: UInt64.self)
      count += cached.length
      prefix = cached.text.0
    } else {
      guard writeKey(key) else {
        abandoned = true
        return false
      }
      withUnsafeMutableBytes(of: &prefix) { target in
        target.baseAddress?.copyMemory(from: bytes + start, byteCount: min(count - start, 8))
      }
      if let slot { remember(key, in: slot, from: start) }
    }
    let length = count - start
    var index = frame.pointee.keyBase
    while index < keyCount {
      let other = keys[index]
      if other.length == length, other.prefix == prefix,
        length <= 8 || memcmp(bytes + other.start, bytes + start, length) == 0
      {
        abandoned = true
        return false
      }
      index += 1
    }
    if keyCount == keyCapacity {
      let grown = UnsafeMutablePointer<KeyRecord>.allocate(capacity: keyCapacity * 2)
      grown.moveInitialize(from: keys, count: keyCount)
      keys.deallocate()
      keys = grown
      keyCapacity *= 2
    }
    (keys + keyCount).initialize(to: KeyRecord(start: start, length: length, prefix: prefix))
    keyCount += 1
    write(UInt8(ascii: ":"))
    return true
  }

  /// Keys written before, by the bits of their `String` (see `KeyCache`).
  @exclusivity(unchecked) private var keyCache = [KeyCache](
    repeating: KeyCache(), count: KeyCache.slots)

  /// Remembers the text of `key`, just written from `start` (when short enough).
  private func remember(_ key: String, in slot: Int, from start: Int) {
    let length = count - start
    guard length <= KeyCache.capacity else { return }
    var entry = KeyCache()
    entry.key = key
    entry.bits = KeyCache.bits(of: key)
    entry.length = length
    withUnsafeMutableBytes(of: &entry.text) { target in
      target.baseAddress?.copyMemory(from: bytes + start, byteCount: length)
    }
    keyCache[slot] = entry
  }

  /// The next element of the array `serial`: its comma written; false when given up.
  func beginElement(_ serial: Int) -> Bool {
    guard makeTop(serial) else { return false }
    let frame = top
    if frame.pointee.count > 0 { write(UInt8(ascii: ",")) }
    frame.pointee.count += 1
    return true
  }

  /// The number of elements written into the array `serial` so far.
  func count(_ serial: Int) -> Int {
    var index = frameCount - 1
    while index >= 0 {
      if frames[index].serial == serial { return frames[index].count }
      index -= 1
    }
    return 0
  }

  /// Opens a nested container (after its key or comma): `{`, `[`, or nothing (a nested encoder).
  func pushNested(_ kind: Kind) -> Int {
    switch kind {
    case .object: write(UInt8(ascii: "{"))
    case .array: write(UInt8(ascii: "["))
    case .empty, .single: break
    }
    return push(kind)
  }

  // MARK: Output

  @inline(__always)
  private func reserve(_ extra: Int) {
    if _slowPath(count + extra > capacity) { grow(extra) }
  }

  @inline(never)
  private func grow(_ extra: Int) {
    let newCapacity = max(capacity * 2, count + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.initialize(from: bytes, count: count)
    bytes.deallocate()
    bytes = grown
    capacity = newCapacity
  }

  @inline(__always)
  private func write(_ byte: UInt8) {
    reserve(1)
    bytes[count] = byte
    count += 1
  }

  @inline(__always)
  private func write(_ first: UInt8, _ second: UInt8) {
    reserve(2)
    bytes[count] = first
    bytes[count + 1] = second
    count += 2
  }

  private func write(_ raw: UnsafeRawBufferPointer) {
    guard let base = raw.baseAddress, raw.count > 0 else { return }
    reserve(raw.count)
    (bytes + count).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: raw.count)
    count += raw.count
  }

  func writeNull() { write(StaticString("null")) }

  func write(_ flag: Bool) { write(flag ? StaticString("true") : StaticString("false")) }

  private func write(_ text: StaticString) {
    write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// The decimal digits of `integer` (as `JSONWriter` writes them).
  func write(_ integer: Int) {
    reserve(20)
    if integer < 0 {
      bytes[count] = UInt8(ascii: "-")
      count += 1
    }
    var magnitude = integer.magnitude
    var digits = 1
    var scale: UInt = 10
    while digits < 20, magnitude >= scale {
      digits += 1
      if scale > UInt.max / 10 { break }
      scale *= 10
    }
    var position = count + digits
    count = position
    repeat {
      position -= 1
      bytes[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
  }

  /// `text` as a JSON string (as `JSONWriter` writes it).
  func write(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      if !writePlain(utf8) { writeEscaped(utf8) }
    }
  }

  /// A key as a JSON string; false when it is not ASCII (see `beginMember`).
  private func writeKey(_ key: String) -> Bool {
    var key = key
    return key.withUTF8 { utf8 in
      if !writePlain(utf8) {
        for byte in utf8 where byte >= 0x80 { return false }
        writeEscaped(utf8)
        return true
      }
      var high: UInt8 = 0
      for byte in utf8 { high |= byte }
      return high < 0x80
    }
  }

  /// `"text"` when no byte needs an escape (checked 8 bytes at a time); false, having
  /// written nothing, when one does.
  private func writePlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    let length = utf8.count
    guard let source = utf8.baseAddress else {
      write(UInt8(ascii: "\""), UInt8(ascii: "\""))
      return true
    }
    var offset = 0
    while offset + 8 <= length {
      let word = UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self)
      if JSONParser.escapeFlags(word) != 0 { return false }
      offset += 8
    }
    while offset < length {
      let byte = source[offset]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
      offset += 1
    }
    reserve(length + 2)
    bytes[count] = UInt8(ascii: "\"")
    (bytes + count + 1).initialize(from: source, count: length)
    bytes[count + 1 + length] = UInt8(ascii: "\"")
    count += length + 2
    return true
  }

  /// `text` with escapes, by `JSONWriter` (the rare path).
  private func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    var writer = JSONWriter(pretty: false, sortedKeys: false)
    writer.writeString(String(decoding: utf8, as: UTF8.self))
    writer.output.withUnsafeBytes { write($0) }
  }

  func write(_ double: Double) { write(.double(double)) }

  /// A `JSONValue`'s text, by `JSONWriter`.
  func write(_ value: JSONValue) {
    switch value {
    case .null: writeNull()
    case let .bool(flag): write(flag)
    case let .int(integer): write(integer)
    case let .string(text): write(text)
    default:
      var writer = JSONWriter(pretty: false, sortedKeys: false)
      writer.write(value, indent: 0)
      writer.output.withUnsafeBytes { write($0) }
    }
  }
}

/// A reusable `JSONTextEncoder` for one owner (a store), taken for one value at a time; a
/// nested or concurrent use gets a fresh one.
final class JSONTextEncoderSlot: Sendable {
  private let taken = Atomic<Bool>(false)
  nonisolated(unsafe) private let encoder = JSONTextEncoder()

  init() {}

  /// Calls `body` with the slot's encoder, or a fresh one while the slot's is in use.
  func withEncoder<R>(_ body: (JSONTextEncoder) throws -> R) rethrows -> R {
    guard taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else { return try body(JSONTextEncoder()) }
    defer { taken.store(false, ordering: .releasing) }
    return try body(encoder)
  }
}

/// One remembered key of a `JSONTextEncoding`: its quoted, escaped text (ASCII, up to 24
/// bytes), found again by the bits of the key's `String` instead of reading and scanning its
/// UTF-8 (a keyed container's keys are the same few `String`s, often literals, value after
/// value). Identical bits are the same string: the entry keeps the `String` itself, so a heap
/// buffer it points to can neither be freed (and its address reused) nor changed in place (it
/// is not uniquely referenced) while remembered.
struct KeyCache {
  /// Entries per encoding (direct-mapped by a hash of the bits).
  static let slots = 32
  /// The longest text remembered, and what a hit writes (whole words).
  static let capacity = 24

  var key = ""
  var bits: (UInt64, UInt64) = (0, 0)
  var length = 0
  var text: (UInt64, UInt64, UInt64) = (0, 0, 0)

  /// The bits of a `String` (two words on 64-bit platforms).
  @inline(__always)
  static func bits(of key: String) -> (UInt64, UInt64) {
    withUnsafeBytes(of: key) { raw in
      (raw.load(as: UInt64.self), raw.load(fromByteOffset: 8, as: UInt64.self))
    }
  }

  /// The entry `key` would be remembered in; nil where a `String` is not two words.
  @inline(__always)
  static func slot(of key: String) -> Int? {
    guard MemoryLayout<String>.size == 16 else { return nil }
    let (low, high) = bits(of: key)
    let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed >> 59)
  }

  /// Whether this entry remembers `key` (a non-empty entry with the same bits).
  @inline(__always)
  func matches(_ key: String) -> Bool {
    length > 0 && bits == Self.bits(of: key)
  }
}
