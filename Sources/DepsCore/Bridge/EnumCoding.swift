// `EnumCoding`: how the action convention (API.md §1) comes out of Swift's synthesized enum
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
    let close = closeMatches(name, in: known)
    if close.isEmpty {
      message += "; expected one of " + quoted(known).joined(separator: ", ")
    } else {
      message += "; did you mean " + quoted(close).joined(separator: " or ") + "?"
    }
    return message
  }

  /// Up to 3 names at the smallest edit distance from `name`, if that distance is small.
  static func closeMatches(_ name: String, in names: [String]) -> [String] {
    let target = Array(name.lowercased().utf8)
    let limit = max(2, target.count / 4)
    let scored = names.map { ($0, editDistance(target, Array($0.lowercased().utf8))) }
    guard let best = scored.map(\.1).min(), best <= limit else { return [] }
    return scored.filter { $0.1 == best }.prefix(3).map(\.0)
  }

  /// Levenshtein distance.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
