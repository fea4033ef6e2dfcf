// Facts about enums read from Swift runtime type metadata, and the enum value witnesses that
// read and set a case tag. Two tricks, each with its check (run once, on first use):
//
// 1. Layout reads (`RuntimeType`): the metadata kind word (an enum is 0x201), the enum
//    descriptor's payload-case and empty-case counts (TargetEnumDescriptor, after five Int32
//    fields), and a payload-free enum's value being its case index in 0 or 1 byte. They define
//    the enum JSON shape (a payload-free case is a bare string; an unknown case name lists the
//    known ones), and no public API answers them without a value at hand, so
//    `DEPS_SAFE_RUNTIME` leaves them on: they read two words every metadata record has. When
//    their check on probe types fails, no type counts as an enum: enums then take Swift's
//    synthesized JSON shape (`{"case":{"_0":v}}`) and unknown-case messages list nothing.
// 2. Value witnesses (`EnumWitnesses`): `getEnumTag` and `destructiveInjectEnumTag` read from
//    the value witness table (after size, stride, flags and extra-inhabitant count, when the
//    flags announce them) and the reflection field records (`indirect` cases). They let the
//    decoder build a case from its payload without the synthesized `init(from:)` (the enum
//    decode plans of Values/EnumCoding.swift). Checked by building and reading probe cases;
//    when the check fails, or with `DEPS_SAFE_RUNTIME=1`, no plan is learned and every case
//    decodes through its synthesized `init(from:)`.

import Synchronization

package enum RuntimeType {
  private static let enumKind: UInt = 0x201

  /// Whether the layout reads passed their check.
  package static let layoutChecked: Bool = !RuntimeSwitch.failsCheck("enum_layout") && checkLayout()

  /// `layoutChecked` as a statically initialized flag (0: not decided yet, 1: passed,
  /// 2: failed), so the per-value test in the encoder and decoder is one load.
  private static let layoutMode = Atomic<UInt8>(0)

  /// Whether `type` is an enum (not `Optional`, a struct or a class).
  @inline(__always)
  package static func isEnum(_ type: Any.Type) -> Bool {
    layoutUsable && readIsEnum(type)
  }

  /// True when `type` is known not to be an enum: the layout reads are usable and say so.
  /// False for an enum, and whenever the reads are off (callers then ask `Mirror`).
  @inline(__always)
  package static func isKnownNotEnum(_ type: Any.Type) -> Bool {
    layoutUsable && !readIsEnum(type)
  }

  /// Whether the layout reads passed their check: one load once decided.
  @inline(__always)
  private static var layoutUsable: Bool {
    let mode = layoutMode.load(ordering: .relaxed)
    if _fastPath(mode == 1) { return true }
    return mode == 0 ? decideLayoutMode() : false
  }

  @inline(never)
  private static func decideLayoutMode() -> Bool {
    let checked = layoutChecked
    layoutMode.store(checked ? 1 : 2, ordering: .relaxed)
    return checked
  }

  /// The number of cases of an enum whose cases all lack payloads, else `nil`.
  package static func caseCount(of type: Any.Type) -> Int? {
    layoutChecked ? readCaseCount(type) : nil
  }

  /// Every case of `T`, in declaration order, when `T` is a payload-free enum of 1 to 256
  /// cases; else `nil`.
  package static func payloadFreeCases<T>(of type: T.Type) -> [T]? {
    guard layoutChecked, let count = readCaseCount(type), count > 0 else { return nil }
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
