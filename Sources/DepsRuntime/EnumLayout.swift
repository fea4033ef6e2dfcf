// Facts about enums read from Swift runtime type metadata, and the enum value witnesses that
// read and set a case tag. Two tricks, each with its check (run once, on first use):
//
// 1. Layout reads (`RuntimeType`): the metadata kind word (an enum is 0x201), the enum
//    descriptor's payload-case and empty-case counts (TargetEnumDescriptor, after five Int32
//    fields), and a payload-free enum's value being its case index in 0 or 1 byte. They tell
//    the enum JSON shape (a payload-free case is a bare string; an unknown case name lists the
//    known ones) with one load per value. When their check on probe types fails, or with
//    `DEPS_SAFE_RUNTIME=1`, the same answers come from public API (`EnumProbe` below):
//    - an `Encodable` value is an enum when `Mirror(reflecting:)` says so, and its case has a
//      payload when the mirror has children;
//    - a `Decodable` type, with no value at hand, is an enum when its `init(from:)` decodes
//      like a synthesized enum's: asked for a keyed container with no keys, it reads
//      `allKeys` and throws `typeMismatch(Self.self, …)` (learned once per type);
//    - the cases of a payload-free enum of 2 to 255 cases (a `CodingKeys`, for the known
//      names of an unknown-case message) are the byte values below `Optional<T>.none`'s byte
//      (its first extra inhabitant), each checked to name itself (`init(stringValue:)` gives
//      the same byte) and to mirror as an enum;
//    - whether a payload key type of size 0 has no cases (a payload-free case) or one (a case
//      with one label) is not told by public API: the encoder asks the value's mirror, the
//      decoder the payload's JSON (see `hasNoCases`).
// 2. Value witnesses (`EnumWitnesses`): `getEnumTag` and `destructiveInjectEnumTag` read from
//    the value witness table (after size, stride, flags and extra-inhabitant count, when the
//    flags announce them) and the reflection field records (`indirect` cases). They let the
//    decoder build a case from its payload without the synthesized `init(from:)` (the enum
//    decode plans of Values/EnumCoding.swift). Checked by building and reading probe cases;
//    when the check fails, or with `DEPS_SAFE_RUNTIME=1`, no plan is learned and every case
//    decodes through its synthesized `init(from:)`.

import Synchronization
#if canImport(Glibc)
import Glibc
#endif

package enum RuntimeType {
  private static let enumKind: UInt = 0x201

  /// Whether the layout reads are used: checked, and not switched off.
  package static let layoutChecked: Bool =
    !RuntimeSwitch.isSafeForced && !RuntimeSwitch.failsCheck("enum_layout") && checkLayout()

  /// `layoutChecked` as a statically initialized flag (0: not decided yet, 1: passed,
  /// 2: failed), so the per-value test in the encoder and decoder is one load.
  private static let layoutMode = Atomic<UInt8>(0)

  /// Whether `type` is an enum (not `Optional`, a struct or a class), as the layout reads
  /// tell; always false when they are not used (callers then take their general path, or ask
  /// `isEnum(decodable:)` / `isEnum(value:)`, which answer on either path).
  @inline(__always)
  package static func isEnum(_ type: Any.Type) -> Bool {
    layoutUsable && readIsEnum(type)
  }

  /// Whether the `Decodable` type `T` is an enum: the layout read, or (when the reads are not
  /// used) whether its `init(from:)` decodes like a synthesized enum's (`EnumProbe`).
  @inline(__always)
  package static func isEnum<T: Decodable>(decodable type: T.Type) -> Bool {
    if _fastPath(layoutUsable) { return readIsEnum(T.self) }
    return EnumProbe.decodesAsEnum(T.self)
  }

  /// Whether `value` is of an enum type: the layout read, or (when the reads are not used)
  /// `Mirror(reflecting: value).displayStyle == .enum`.
  @inline(__always)
  package static func isEnum<T>(value: T) -> Bool {
    if _fastPath(layoutUsable) { return readIsEnum(T.self) }
    return Mirror(reflecting: value).displayStyle == .enum
  }

  /// Whether the layout reads are used in this process (or, inside `withLayoutReadsOff`, not).
  @inline(__always)
  package static var readsLayout: Bool { layoutUsable }

  /// True when `type` is known not to be an enum: the layout reads are usable and say so.
  /// False for an enum, and whenever the reads are off (callers then ask `Mirror`).
  @inline(__always)
  package static func isKnownNotEnum(_ type: Any.Type) -> Bool {
    layoutUsable && !readIsEnum(type)
  }

  /// Whether the layout reads passed their check: one load once decided. Mode 3: they passed,
  /// and some thread is inside `withLayoutReadsOff` (that thread's own flag decides).
  @inline(__always)
  private static var layoutUsable: Bool {
    let mode = layoutMode.load(ordering: .relaxed)
    if _fastPath(mode == 1) { return true }
    if mode == 3 { return pthread_getspecific(offKey.key) == nil }
    return mode == 0 ? decideLayoutMode() : false
  }

  private struct ThreadKey: @unchecked Sendable { let key: pthread_key_t }

  /// Set (non-nil) on a thread inside `withLayoutReadsOff`.
  private static let offKey: ThreadKey = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return ThreadKey(key: key)
  }()

  /// How many threads are inside `withLayoutReadsOff`.
  private static let offThreads = Mutex<Int>(0)

  @inline(never)
  private static func decideLayoutMode() -> Bool {
    let checked = layoutChecked
    layoutMode.store(checked ? 1 : 2, ordering: .relaxed)
    return checked
  }

  /// Runs `body` on this thread with the layout reads switched off, as if their check had
  /// failed (other threads keep theirs): the tests compare the public-API path with the fast
  /// one in one process. `body` must not suspend (it would resume on another thread).
  package static func withLayoutReadsOff<R>(_ body: () throws -> R) rethrows -> R {
    guard layoutUsable, pthread_getspecific(offKey.key) == nil else { return try body() }
    offThreads.withLock { count in
      count += 1
      layoutMode.store(3, ordering: .relaxed)
    }
    pthread_setspecific(offKey.key, UnsafeRawPointer(bitPattern: 1))
    defer {
      pthread_setspecific(offKey.key, nil)
      offThreads.withLock { count in
        count -= 1
        if count == 0 { layoutMode.store(1, ordering: .relaxed) }
      }
    }
    return try body()
  }

  /// Whether `T` (a payload key type) is an enum without cases: `true` or `false` when that
  /// is known, `nil` when the layout reads are not used and `T` has size 0 (no cases or one:
  /// public API cannot tell them apart; the caller decides from the value or the JSON).
  package static func hasNoCases<T>(_ type: T.Type) -> Bool? {
    if layoutUsable { return readCaseCount(type) == 0 }
    return MemoryLayout<T>.size == 0 ? nil : false
  }

  /// Every case of `T`, in declaration order, when `T` is a payload-free enum of 1 to 256
  /// cases (2 to 255 when the layout reads are not used: `EnumProbe.payloadFreeCases`); else
  /// `nil`.
  package static func payloadFreeCases<T: CodingKey>(of type: T.Type) -> [T]? {
    guard layoutUsable else { return EnumProbe.payloadFreeCases(of: T.self) }
    guard let count = readCaseCount(type), count > 0 else { return nil }
    switch MemoryLayout<T>.size {
    case 0:
      // A single-case enum has no bits: any bit pattern of size 0 is that case.
      return [withUnsafeBytes(of: ()) { $0.loadUnaligned(as: T.self) }]
    case 1 where count <= 256:
      // Payload-free enum cases are numbered 0..<count in declaration order.
      return (0..<count).map { tag in
        withUnsafeBytes(of: UInt8(tag)) { $0.loadUnaligned(as: T.self) }
      }
    default:
      return nil
    }
  }

  // MARK: The raw reads

  @inline(__always)
  private static func metadata(_ type: Any.Type) -> UnsafeRawPointer {
    unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  @inline(__always)
  static func readIsEnum(_ type: Any.Type) -> Bool {
    metadata(type).load(as: UInt.self) == enumKind
  }

  /// The enum descriptor's (payload cases, empty cases) of an enum type.
  static func readCounts(_ type: Any.Type) -> (payload: UInt32, empty: UInt32)? {
    guard readIsEnum(type) else { return nil }
    // TargetEnumMetadata: kind, then the nominal type descriptor, whose
    // NumPayloadCasesAndPayloadSizeOffset (low 24 bits) and NumEmptyCases follow 5 Int32s.
    let descriptor = metadata(type).load(
      fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
    let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF
    let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
    return (payloadCases, emptyCases)
  }

  static func readCaseCount(_ type: Any.Type) -> Int? {
    guard let counts = readCounts(type), counts.payload == 0 else { return nil }
    return Int(counts.empty)
  }

  // MARK: The check

  fileprivate enum ProbeNone {}
  fileprivate enum ProbeOne { case only }
  fileprivate enum ProbeCases: CaseIterable { case a, b, c }
  fileprivate enum ProbePayload: Equatable {
    case number(Int)
    case text(String)
    case empty, other
  }
  fileprivate indirect enum ProbeIndirect {
    case leaf(Int)
    case node(ProbeIndirect)
  }
  fileprivate struct ProbeStruct { var a = 0 }
  fileprivate final class ProbeClass {}

  /// The layout reads agree with what the language says of the probe types.
  static func checkLayout() -> Bool {
    readIsEnum(ProbeNone.self) && readIsEnum(ProbeCases.self) && readIsEnum(ProbePayload.self)
      && !readIsEnum(ProbeStruct.self) && !readIsEnum(ProbeClass.self)
      && !readIsEnum(Int?.self) && !readIsEnum(Int.self) && !readIsEnum((Int, Int).self)
      && readCaseCount(ProbeNone.self) == 0 && readCaseCount(ProbeOne.self) == 1
      && readCaseCount(ProbeCases.self) == ProbeCases.allCases.count
      && readCaseCount(ProbePayload.self) == nil
      && readCounts(ProbePayload.self).map { $0.payload == 2 && $0.empty == 2 } == true
      && MemoryLayout<ProbeOne>.size == 0 && MemoryLayout<ProbeCases>.size == 1
      && (0..<3).map { tag in
        withUnsafeBytes(of: UInt8(tag)) { $0.loadUnaligned(as: ProbeCases.self) }
      }
        == ProbeCases.allCases
  }
}

/// An enum's value witnesses for reading and setting its case tag (Swift runtime ABI: the
/// enum witnesses follow the value witness table's size, stride, flags and extra-inhabitant
/// count, when its flags announce them).
package enum EnumWitnesses {
  package typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  package typealias InjectTag =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  private static let hasEnumWitnesses: UInt32 = 0x0020_0000
  private static let word = MemoryLayout<UnsafeRawPointer>.size

  /// Whether the witnesses are used (checked, and not switched off).
  package static let usable: Bool =
    !RuntimeSwitch.isSafeForced
    && !RuntimeSwitch.failsCheck("enum_witnesses") && RuntimeType.layoutChecked && check()

  /// The tag (case index: payload cases first, in declaration order) of `value`; nil on the
  /// safe path.
  package static func tag<T>(of value: T) -> UInt32? { usable ? readTag(of: value) : nil }

  /// The `destructiveInjectEnumTag` witness of `type`, when it is an enum that has one; nil on
  /// the safe path.
  package static func injector(_ type: Any.Type) -> InjectTag? { usable ? readInjector(type) : nil }

  /// Whether the payload case numbered `tag` of enum `type` is stored inline (not `indirect`),
  /// read from its reflection field records; `false` when they are unavailable or on the safe
  /// path.
  package static func isInlinePayloadCase(_ type: Any.Type, tag: UInt32) -> Bool {
    usable && readIsInlinePayloadCase(type, tag: tag)
  }

  /// Builds a `T` of case `tag` (`inject` is `T`'s injector) whose payload `fill` initializes
  /// at the start of the value.
  package static func make<T>(
    _ type: T.Type, inject: InjectTag, tag: UInt32,
    fill: (UnsafeMutableRawPointer) throws -> Void
  ) throws -> T {
    let metadata = unsafeBitCast(T.self, to: UnsafeRawPointer.self)
    // Not `withUnsafeTemporaryAllocation`: unspecialized, it looks up `Result<T, Error>`.
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
    defer { raw.deallocate() }
    try fill(raw)
    inject(raw, tag, metadata)
    return raw.assumingMemoryBound(to: T.self).move()
  }

  /// Sets the case of the value at `destination` (of the enum `type`, its payload already in
  /// place) to `tag` with `inject`, `type`'s injector.
  @inline(__always)
  package static func inject(
    _ inject: InjectTag, into destination: UnsafeMutableRawPointer, tag: UInt32, type: Any.Type
  ) {
    inject(destination, tag, unsafeBitCast(type, to: UnsafeRawPointer.self))
  }

  // MARK: The raw reads

  /// The value witness table of `type`, when it has the enum witnesses.
  private static func table(_ type: Any.Type) -> UnsafeRawPointer? {
    guard RuntimeType.readIsEnum(type) else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let table = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    let flags = table.load(fromByteOffset: 10 * word, as: UInt32.self)
    return flags & hasEnumWitnesses != 0 ? table : nil
  }

  static func readTag<T>(of value: T) -> UInt32? {
    guard let table = table(T.self) else { return nil }
    let getTag = unsafeBitCast(
      table.load(fromByteOffset: 10 * word + 8, as: UnsafeRawPointer.self), to: GetTag.self)
    let metadata = unsafeBitCast(T.self, to: UnsafeRawPointer.self)
    return withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), metadata) }
  }

  static func readInjector(_ type: Any.Type) -> InjectTag? {
    guard let table = table(type) else { return nil }
    return unsafeBitCast(
      table.load(fromByteOffset: 12 * word + 8, as: UnsafeRawPointer.self), to: InjectTag.self)
  }

  static func readIsInlinePayloadCase(_ type: Any.Type, tag: UInt32) -> Bool {
    guard let counts = RuntimeType.readCounts(type), tag < counts.payload else { return false }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    // TypeContextDescriptor.Fields: a relative pointer to the FieldDescriptor.
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    guard fieldsOffset != 0 else { return false }
    let fields = descriptor.advanced(by: 16 + Int(fieldsOffset))
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let recordCount = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard recordSize >= 12, recordCount == counts.payload + counts.empty else { return false }
    var payloadIndex: UInt32 = 0
    for index in 0..<Int(recordCount) {
      let record = fields.advanced(by: 16 + index * recordSize)
      guard record.load(fromByteOffset: 4, as: Int32.self) != 0 else { continue }
      if payloadIndex == tag {
        let isIndirect: UInt32 = 0x1
        return record.load(as: UInt32.self) & isIndirect == 0
      }
      payloadIndex += 1
    }
    return false
  }

  // MARK: The check

  /// The witnesses read and build the probe cases as the language does.
  static func check() -> Bool {
    typealias Probe = RuntimeType.ProbePayload
    guard readTag(of: Probe.number(1)) == 0, readTag(of: Probe.text("x")) == 1,
      readTag(of: Probe.empty) == 2, readTag(of: Probe.other) == 3,
      readTag(of: RuntimeType.ProbeCases.c) == 2,
      readTag(of: RuntimeType.ProbeStruct()) == nil,
      let inject = readInjector(Probe.self),
      readIsInlinePayloadCase(Probe.self, tag: 0), readIsInlinePayloadCase(Probe.self, tag: 1),
      !readIsInlinePayloadCase(Probe.self, tag: 2),
      readIsInlinePayloadCase(RuntimeType.ProbeIndirect.self, tag: 0) == false,
      let number = try? make(
        Probe.self, inject: inject, tag: 0,
        fill: {
          $0.initializeMemory(as: Int.self, to: 42)
        }),
      let text = try? make(
        Probe.self, inject: inject, tag: 1,
        fill: {
          $0.initializeMemory(as: String.self, to: "probe \(number)")
        }),
      let empty = try? make(Probe.self, inject: inject, tag: 2, fill: { _ in })
    else { return false }
    return number == .number(42) && text == .text("probe number(42)") && empty == .empty
  }
}

/// The public-API answers of `RuntimeType` when its layout reads are not used (see the top of
/// this file).
package enum EnumProbe {
  private static let learned = Mutex<[ObjectIdentifier: Bool]>([:])

  /// Whether `T`'s `init(from:)` decodes like a synthesized enum's (learned once per type).
  package static func decodesAsEnum<T: Decodable>(_ type: T.Type) -> Bool {
    let key = ObjectIdentifier(T.self)
    if let known = learned.withLock({ $0[key] }) { return known }
    let answer = probe(T.self)
    learned.withLock { $0[key] = answer }
    return answer
  }

  /// Runs `T.init(from:)` on a decoder that offers a keyed container without keys and throws
  /// on anything else: a synthesized enum reads `allKeys` right away and throws
  /// `typeMismatch(T.self, …)` for not finding exactly one; a struct decodes a key, a
  /// dictionary returns empty, a single-value type asks for its container.
  static func probe<T: Decodable>(_ type: T.Type) -> Bool {
    let log = ProbeLog()
    do {
      _ = try T(from: ProbeDecoder(log: log))
      return false
    } catch DecodingError.typeMismatch(let mismatched, _) {
      return mismatched == T.self && log.calls == [.container, .allKeys]
    } catch {
      return false
    }
  }

  /// Every case of `T`, in declaration order, when `T` is a payload-free enum of 2 to 255
  /// cases: the byte values below `Optional<T>.none`'s (its first extra inhabitant), each
  /// checked to mirror as an enum and to name itself. `nil` for anything else.
  package static func payloadFreeCases<T: CodingKey>(of type: T.Type) -> [T]? {
    guard MemoryLayout<T>.size == 1, MemoryLayout<T?>.size == 1 else { return nil }
    let count = Int(withUnsafeBytes(of: T?.none) { $0[0] })
    guard count >= 2 else { return nil }
    var cases: [T] = []
    cases.reserveCapacity(count)
    for index in 0..<count {
      let key = withUnsafeBytes(of: UInt8(index)) { $0.loadUnaligned(as: T.self) }
      guard Mirror(reflecting: key).displayStyle == .enum,
        let named = T(stringValue: key.stringValue),
        withUnsafeBytes(of: named, { $0[0] }) == UInt8(index)
      else { return nil }
      cases.append(key)
    }
    return cases
  }

  fileprivate final class ProbeLog: @unchecked Sendable {
    enum Call { case container, allKeys, other }
    var calls: [Call] = []
  }

  fileprivate struct ProbeError: Error {}

  fileprivate struct ProbeDecoder: Decoder {
    let log: ProbeLog
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      log.calls.append(.container)
      return KeyedDecodingContainer(ProbeContainer<Key>(log: log))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
      log.calls.append(.other)
      throw ProbeError()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
      log.calls.append(.other)
      throw ProbeError()
    }
  }

  fileprivate struct ProbeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let log: ProbeLog
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
      log.calls.append(.allKeys)
      return []
    }

    func contains(_ key: Key) -> Bool {
      log.calls.append(.other)
      return false
    }

    func decodeNil(forKey key: Key) throws -> Bool { try refuse() }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try refuse() }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> { try refuse() }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try refuse()
    }

    func superDecoder() throws -> any Decoder { try refuse() }

    func superDecoder(forKey key: Key) throws -> any Decoder { try refuse() }

    private func refuse<T>() throws -> T {
      log.calls.append(.other)
      throw ProbeError()
    }
  }
}
