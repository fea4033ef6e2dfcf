// `EnumCoding`: how the action convention (docs/values.md) comes out of Swift's synthesized enum
// Codable with no per-type code. Swift synthesizes `{"case": {"_0": v}}` etc.; the encoder and
// decoder recognise, for any enum type, the payload container it opens with
// `nestedContainer(keyedBy: <Case>CodingKeys.self, forKey: .case)` and reshape it:
//   no payload ⇄ "case", one unlabeled ⇄ {"case": v}, several ⇄ {"case": [v1, v2]},
//   labeled ⇄ {"case": {"label": v}}.
// Recognition: the type being coded is an enum (`RuntimeType` of DepsRuntime/EnumLayout.swift:
// its metadata kind, or on the safe path the value's mirror / the type's `init(from:)`), and the
// payload key type is probed with `K(stringValue: "_0")` / `"_1"`; an uninhabited key type (no
// cases) means no payload (on the safe path, a key type of size 0 is told from the value or the
// JSON: see `EnumPayloadShape.init`). Probing instead of comparing type names (`IncrementButtonTappedCodingKeys`)
// avoids a runtime demangle per action (≈ 200 ns), and works for any key type naming scheme.
// The same metadata lets an unknown case name come with the list of known ones.

import DepsRuntime
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

  /// The shape announced by a payload key type. `payloadFree` decides when `RuntimeType` cannot
  /// tell a key type of no cases from one of one case (the safe path, a key type of size 0):
  /// the encoder asks the value's mirror, the decoder whether the payload names a key.
  init<Key: CodingKey>(_ keyType: Key.Type, payloadFree: @autoclosure () -> Bool) {
    if Key(stringValue: "_0") != nil {
      guard Key(stringValue: "_1") != nil else {
        self = .single
        return
      }
      var arity = 2
      while arity < 256, Key(stringValue: "_\(arity)") != nil { arity += 1 }
      self = .multiple(arity)
    } else if RuntimeType.hasNoCases(keyType) ?? payloadFree() {
      self = .none
    } else {
      self = .labeled
    }
  }
}

/// The case names of a synthesized `CodingKeys` enum, for "did you mean" messages.
enum CodingKeyCases {
  /// Every key of `Key`, when `Key` is a payload-free enum of at most 256 cases; else `nil`.
  static func names<Key: CodingKey>(_ keyType: Key.Type) -> [String]? {
    RuntimeType.payloadFreeCases(of: keyType)?.map(\.stringValue)
  }

  /// `unknown case "x"` plus `; did you mean "y"?` (close matches) or `; expected one of …`.
  static func unknownCaseMessage(_ name: String, path: String, known: [String]?) -> String {
    var message = "unknown case \(JSONValue.string(name).json())\(ValueError.at(path))"
    guard let known, !known.isEmpty else { return message }
    let quoted = { (names: [String]) in names.map { JSONValue.string($0).json() } }
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

  /// Initializes `destination` with the case of `type` (the enum this plan is for) whose
  /// payload `EnumPayloadPlan.fill` decodes from `payload`; `false` when it does not.
  func fill(_ type: Any.Type, _ payload: JSONValue, into destination: UnsafeMutableRawPointer)
    -> Bool
  {
    // The case is inline (checked when learned): its payload sits at the start of the value.
    guard self.payload.fill(payload, into: destination) else { return false }
    EnumWitnesses.inject(inject, into: destination, tag: tag, type: type)
    return true
  }

  /// Initializes `destination` with the case of `type` whose payload `EnumPayloadPlan.fill`
  /// scans from `text` (positioned at the payload); `false` when it does not.
  @inline(__always)
  func fill(_ type: Any.Type, _ text: inout JSONParser, into destination: UnsafeMutableRawPointer)
    -> Bool
  {
    guard self.payload.fill(&text, into: destination) else { return false }
    EnumWitnesses.inject(inject, into: destination, tag: tag, type: type)
    return true
  }
}

/// Decodes one payload type (captured as a generic parameter when it was learned).
protocol EnumPayloadPlan: AnyObject, Sendable {
  /// Decodes the payload from `value` at `node` and initializes `destination` with it.
  func decode(
    _ node: ValueDecodingNode, _ value: JSONValue, into destination: UnsafeMutableRawPointer)
    throws
  /// Whether `payload` (an enum case's payload, as `Mirror` sees it) has exactly this type.
  func matches(_ payload: Any) -> Bool
  /// Initializes `destination` with the payload decoded from `value` when that takes no
  /// decoder node: a `String`, `Int`, `Bool` or `Double` of the matching JSON kind, or an
  /// enum case `{"case": payload}` with a learned plan whose own payload fills this way.
  /// Returns `false` (leaving `destination` uninitialized) in every other case, errors
  /// included: the caller then decodes the usual way, which gives the same value or error.
  func fill(_ value: JSONValue, into destination: UnsafeMutableRawPointer) -> Bool
  /// `fill(_:into:)` for the payload's JSON text at `text`'s position, moving past it: a
  /// string, number, `true`/`false` or `null` of the kind a leaf payload takes, or a case
  /// `{"case": payload}` with a learned plan (see `JSONActionText`). Returns `false`
  /// (leaving `destination` uninitialized, `text` anywhere) for anything else: the caller
  /// then decodes the whole text the usual way.
  func fill(_ text: inout JSONParser, into destination: UnsafeMutableRawPointer) -> Bool
}

/// The plan of a payload of type `Payload`: what `decode(Payload.self, forKey: ._0)` on the
/// synthesized payload container does.
final class TypedPayloadPlan<Payload: Decodable>: EnumPayloadPlan {
  func decode(
    _ node: ValueDecodingNode, _ value: JSONValue, into destination: UnsafeMutableRawPointer
  ) throws {
    let payload = try node.unbox(Payload.self, from: value, component: nil)
    destination.initializeMemory(as: Payload.self, to: payload)
  }

  func matches(_ payload: Any) -> Bool { type(of: payload) == Payload.self }

  /// Whether `Payload` is one of the leaf types `fillLeaf` writes.
  @inline(__always)
  private static var isLeaf: Bool {
    Payload.self == String.self || Payload.self == Int.self || Payload.self == Bool.self
      || Payload.self == Double.self
  }

  /// What `ValueDecodingNode.unbox` returns for the leaf types and their JSON kinds, without
  /// a node; `false` for any other kind.
  @inline(__always)
  private static func fillLeaf(_ value: JSONValue, into destination: UnsafeMutableRawPointer)
    -> Bool
  {
    if Payload.self == String.self {
      guard case let .string(text) = value else { return false }
      destination.initializeMemory(as: String.self, to: text)
      return true
    } else if Payload.self == Int.self {
      guard case let .int(integer) = value else { return false }
      destination.initializeMemory(as: Int.self, to: integer)
      return true
    } else if Payload.self == Bool.self {
      guard case let .bool(flag) = value else { return false }
      destination.initializeMemory(as: Bool.self, to: flag)
      return true
    } else {
      switch value {
      case let .double(double): destination.initializeMemory(as: Double.self, to: double)
      case let .int(integer): destination.initializeMemory(as: Double.self, to: Double(integer))
      default: return false
      }
      return true
    }
  }

  func fill(_ value: JSONValue, into destination: UnsafeMutableRawPointer) -> Bool {
    if Self.isLeaf { return Self.fillLeaf(value, into: destination) }
    guard case let .object(object) = value, object.count == 1, let only = object.entries.first,
      let plan = EnumPlanCache.shared.plan(Payload.self, only.key)
    else { return false }
    return plan.fill(Payload.self, only.value, into: destination)
  }

  func fill(_ text: inout JSONParser, into destination: UnsafeMutableRawPointer) -> Bool {
    if Self.isLeaf {
      guard let value = text.scanScalar() else { return false }
      return Self.fillLeaf(value, into: destination)
    }
    return text.scanCase(Payload.self, into: destination) != nil
  }
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
  /// The learned plans again, read without the lock on every decoding (few enums, few cases
  /// with a payload: comparing a type and a short name linearly is cheaper than hashing).
  /// Plans beyond its capacity are found by `lookup` only (the decoder's slower path).
  /// Unmanaged: `types` keeps every plan alive, and a reader takes no reference.
  private let plans = CaseNameTable<Unmanaged<EnumCasePlan>>(capacity: 1024)

  private init() { pthread_mutex_init(mutex, nil) }

  /// `.some(plan)` when `name` of `type` was learned (`plan` nil: it has none), else `nil`.
  func lookup(_ type: Any.Type, _ name: String) -> EnumCasePlan?? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard let plans = types[ObjectIdentifier(type)] else { return nil }
    for entry in plans.cases where entry.name == name { return .some(entry.plan) }
    return nil
  }

  /// The plan learned for `name` of `type`, if there is one (no lock taken).
  @inline(__always)
  func plan(_ type: Any.Type, _ name: String) -> EnumCasePlan? {
    plans.value(type, name)?.takeUnretainedValue()
  }

  /// The plan learned for the case of `type` whose name is the UTF-8 `name` (no lock taken),
  /// unretained: plans live as long as the process.
  @inline(__always)
  func plan(_ type: Any.Type, utf8 name: UnsafeRawBufferPointer) -> Unmanaged<EnumCasePlan>? {
    plans.value(type, name)
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
    if let plan { self.plans.append(type, name, Unmanaged.passUnretained(plan)) }
    count += 1
  }
}
