// `EnumCoding`: how the action convention (docs/values.md) comes out of Swift's synthesized enum
// Codable with no per-type code. Swift synthesizes `{"case": {"_0": v}}` etc.; the encoder and
// decoder recognise, for any enum type, the payload container it opens with
// `nestedContainer(keyedBy: <Case>CodingKeys.self, forKey: .case)` and reshape it:
//   no payload ⇄ "case", one unlabeled ⇄ {"case": v}, several ⇄ {"case": [v1, v2]},
//   labeled ⇄ {"case": {"label": v}}.
// Recognition: the type being coded is an enum (its runtime metadata kind), and the payload
// key type is probed with `K(stringValue: "_0")` / `"_1"`; an uninhabited key type (no cases)
// means no payload. Probing instead of comparing type names (`IncrementButtonTappedCodingKeys`)
// avoids a runtime demangle per action (≈ 200 ns), and works for any key type naming scheme.
// The same metadata lets an unknown case name come with the list of known ones.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The shape of an enum case's synthesized payload container.
enum EnumPayloadShape: Equatable {
  /// `case a` — encoded as the bare string `"a"`.
  case none
  /// `case a(Int)` — `{"a": 1}`.
  case single
  /// `case a(Int, String)` — `{"a": [1, "x"]}`; the number of payloads.
  case multiple(Int)
  /// `case a(id: UUID, title: String)` — `{"a": {"id": …, "title": …}}`.
  case labeled

  /// The shape announced by a payload key type.
  init<Key: CodingKey>(_ keyType: Key.Type) {
    if Key(stringValue: "_0") != nil {
      guard Key(stringValue: "_1") != nil else {
        self = .single
        return
      }
      var arity = 2
      while arity < 256, Key(stringValue: "_\(arity)") != nil { arity += 1 }
      self = .multiple(arity)
    } else if RuntimeType.caseCount(of: keyType) == 0 {
      self = .none
    } else {
      self = .labeled
    }
  }
}

/// Facts read from Swift runtime type metadata (kind, enum case counts).
enum RuntimeType {
  private static let enumKind: UInt = 0x201

  private static func metadata(_ type: Any.Type) -> UnsafeRawPointer {
    unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// Whether `type` is an enum (not `Optional`, a struct or a class).
  static func isEnum(_ type: Any.Type) -> Bool {
    metadata(type).load(as: UInt.self) == enumKind
  }

  /// The number of cases of an enum whose cases all lack payloads, else `nil`.
  static func caseCount(of type: Any.Type) -> Int? {
    guard isEnum(type) else { return nil }
    // TargetEnumMetadata: kind, then the nominal type descriptor, whose
    // NumPayloadCasesAndPayloadSizeOffset (low 24 bits) and NumEmptyCases follow 5 Int32s.
    let descriptor = metadata(type).load(fromByteOffset: MemoryLayout<UInt>.size,
                                         as: UnsafeRawPointer.self)
    let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF
    let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
    guard payloadCases == 0 else { return nil }
    return Int(emptyCases)
  }
}

/// The case names of a synthesized `CodingKeys` enum, for "did you mean" messages.
enum CodingKeyCases {
  /// Every key of `Key`, when `Key` is a payload-free enum of at most 256 cases; else `nil`.
  static func names<Key: CodingKey>(_ keyType: Key.Type) -> [String]? {
    guard let count = RuntimeType.caseCount(of: keyType), count > 0 else { return nil }
    switch MemoryLayout<Key>.size {
    case 0:
      // A single-case enum has no bits: any bit pattern of size 0 is that case.
      return [withUnsafeBytes(of: ()) { $0.loadUnaligned(as: Key.self) }.stringValue]
    case 1 where count <= 256:
      // Payload-free enum cases are numbered 0..<count in declaration order.
      return (0..<count).map { tag in
        withUnsafeBytes(of: UInt8(tag)) { $0.loadUnaligned(as: Key.self) }.stringValue
      }
    default:
      return nil
    }
  }

  /// `unknown case "x"` plus `; did you mean "y"?` (close matches) or `; expected one of …`.
  static func unknownCaseMessage(_ name: String, path: String, known: [String]?) -> String {
    var message = "unknown case \(Value.string(name).json())\(ValueError.at(path))"
    guard let known, !known.isEmpty else { return message }
    let quoted = { (names: [String]) in names.map { Value.string($0).json() } }
    let close = DepsCore.closeMatches(for: name, in: known)
    if close.isEmpty {
      message += "; expected one of " + quoted(known).joined(separator: ", ")
    } else {
      message += "; did you mean " + quoted(close).joined(separator: " or ") + "?"
    }
    return message
  }
}

// MARK: - Decode plans for enum cases with one unlabeled payload

/// How one case with a single unlabeled payload decodes from `{"case": payload}`, learned the
/// first time the type's `init(from:)` decodes that case: the case's tag, and the payload's
/// type. Later decodings decode the payload directly and build the enum with the runtime's
/// tag injection, without the synthesized code's containers (each costs generic-metadata
/// lookups: ~20,000 instructions for `{"numberFactResponse":{"success":"…"}}`).
final class EnumCasePlan: Sendable {
  let tag: UInt32
  /// The enum's `destructiveInjectEnumTag` witness.
  let inject: EnumWitnesses.InjectTag
  let payload: any EnumPayloadPlan

  init(tag: UInt32, inject: EnumWitnesses.InjectTag, payload: any EnumPayloadPlan) {
    self.tag = tag
    self.inject = inject
    self.payload = payload
  }
}

/// Decodes one payload type (captured as a generic parameter when it was learned).
protocol EnumPayloadPlan: AnyObject, Sendable {
  /// Decodes the payload from `value` at `node` and initializes `destination` with it.
  func decode(_ node: ValueDecodingNode, _ value: Value, into destination: UnsafeMutableRawPointer)
    throws
  /// Whether `payload` (an enum case's payload, as `Mirror` sees it) has exactly this type.
  func matches(_ payload: Any) -> Bool
}

/// The plan of a payload of type `Payload`: what `decode(Payload.self, forKey: ._0)` on the
/// synthesized payload container does.
final class TypedPayloadPlan<Payload: Decodable>: EnumPayloadPlan {
  func decode(
    _ node: ValueDecodingNode, _ value: Value, into destination: UnsafeMutableRawPointer
  ) throws {
    let payload = try node.unbox(Payload.self, from: value, component: nil)
    destination.initializeMemory(as: Payload.self, to: payload)
  }

  func matches(_ payload: Any) -> Bool { type(of: payload) == Payload.self }
}

/// What one `init(from:)` did with its decoder, while a plan is being learned. A plan is kept
/// only for exactly the synthesized pattern of a case with one unlabeled payload: the enum's
/// keyed container (any `allKeys`), one `nestedContainer` for the case whose payload key type
/// is `_0` only, and one decoding of `_0` in it; any other call spoils the recording.
final class EnumPlanRecorder {
  /// The enum's decoder node.
  let enumNode: ValueDecodingNode
  /// The payload container's node, once opened.
  var payloadNode: ValueDecodingNode?
  var caseName: String?
  var payload: (any EnumPayloadPlan)?
  var containers = 0
  var isSpoiled = false

  init(enumNode: ValueDecodingNode) { self.enumNode = enumNode }

  /// The enum's keyed container was asked for.
  func openedContainer() {
    containers += 1
    if containers > 1 { isSpoiled = true }
  }

  /// The case's payload container was opened.
  func openedPayload(_ name: String, shape: EnumPayloadShape, node: ValueDecodingNode) {
    guard payloadNode == nil, caseName == nil, shape == .single else {
      isSpoiled = true
      return
    }
    caseName = name
    payloadNode = node
  }

  /// The payload `_0` was decoded as `Payload`.
  func decodedPayload<Payload: Decodable>(_ type: Payload.Type, key: String) {
    guard payload == nil, key == "_0" else {
      isSpoiled = true
      return
    }
    payload = TypedPayloadPlan<Payload>()
  }

  /// A call outside the pattern.
  func spoil() { isSpoiled = true }
}

/// The learned plans, per enum type and case name (`nil`: that case has no plan).
final class EnumPlanCache: @unchecked Sendable {
  static let shared = EnumPlanCache()

  private final class TypePlans {
    var cases: [(name: String, plan: EnumCasePlan?)] = []
  }

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  // Guarded by `mutex`.
  @exclusivity(unchecked) private var types: [ObjectIdentifier: TypePlans] = [:]
  @exclusivity(unchecked) private var count = 0

  private init() { pthread_mutex_init(mutex, nil) }

  /// `.some(plan)` when `name` of `type` was learned (`plan` nil: it has none), else `nil`.
  func lookup(_ type: Any.Type, _ name: String) -> EnumCasePlan?? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard let plans = types[ObjectIdentifier(type)] else { return nil }
    for entry in plans.cases where entry.name == name { return .some(entry.plan) }
    return nil
  }

  /// Keeps what was learned for `name` of `type` (at most 4096 cases in all).
  func remember(_ type: Any.Type, _ name: String, _ plan: EnumCasePlan?) {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard count < 4096 else { return }
    let plans: TypePlans
    if let existing = types[ObjectIdentifier(type)] {
      plans = existing
    } else {
      plans = TypePlans()
      types[ObjectIdentifier(type)] = plans
    }
    guard !plans.cases.contains(where: { $0.name == name }) else { return }
    plans.cases.append((name, plan))
    count += 1
  }
}

/// An enum's value witnesses for reading and setting its case tag (Swift runtime ABI: the
/// enum witnesses follow the value witness table's size, stride, flags and extra-inhabitant
/// count, when its flags announce them).
enum EnumWitnesses {
  typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  typealias InjectTag = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  private static let hasEnumWitnesses: UInt32 = 0x0020_0000
  private static let word = MemoryLayout<UnsafeRawPointer>.size

  /// The value witness table of `type`, when it has the enum witnesses.
  private static func table(_ type: Any.Type) -> UnsafeRawPointer? {
    guard RuntimeType.isEnum(type) else { return nil }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let table = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    let flags = table.load(fromByteOffset: 10 * word, as: UInt32.self)
    return flags & hasEnumWitnesses != 0 ? table : nil
  }

  /// The tag (case index: payload cases first, in declaration order) of `value`.
  static func tag<T>(of value: T) -> UInt32? {
    guard let table = table(T.self) else { return nil }
    let getTag = unsafeBitCast(
      table.load(fromByteOffset: 10 * word + 8, as: UnsafeRawPointer.self), to: GetTag.self)
    let metadata = unsafeBitCast(T.self, to: UnsafeRawPointer.self)
    return withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), metadata) }
  }

  /// The `destructiveInjectEnumTag` witness of `type`, when it is an enum that has one.
  static func injector(_ type: Any.Type) -> InjectTag? {
    guard let table = table(type) else { return nil }
    return unsafeBitCast(
      table.load(fromByteOffset: 12 * word + 8, as: UnsafeRawPointer.self), to: InjectTag.self)
  }

  /// Builds a `T` of case `tag` (`inject` is `T`'s injector) whose payload `fill` initializes
  /// at the start of the value.
  static func make<T>(
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

  /// Whether the payload case numbered `tag` of enum `type` is stored inline (not `indirect`),
  /// read from its reflection field records; `false` when they are unavailable.
  static func isInlinePayloadCase(_ type: Any.Type, tag: UInt32) -> Bool {
    guard RuntimeType.isEnum(type) else { return false }
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF
    let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
    guard tag < payloadCases else { return false }
    // TypeContextDescriptor.Fields: a relative pointer to the FieldDescriptor.
    let fieldsOffset = descriptor.load(fromByteOffset: 16, as: Int32.self)
    guard fieldsOffset != 0 else { return false }
    let fields = descriptor.advanced(by: 16 + Int(fieldsOffset))
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let recordCount = fields.load(fromByteOffset: 12, as: UInt32.self)
    guard recordSize >= 12, recordCount == payloadCases + emptyCases else { return false }
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
}
