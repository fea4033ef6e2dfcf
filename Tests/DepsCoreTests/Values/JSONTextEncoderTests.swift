import Foundation
import Testing
@testable import DepsCatalogue
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting

// The text encoder against the tree encoder: for every shape, the text it writes (or, when it
// gives up, the tree's) must be the bytes of `ValueEncoder().encode(value).json()`.

private struct Flat: Codable, Equatable {
  var count = 0
  var isLoading = false
}

private struct Escapes: Codable {
  var text: String
  var keyed: [String: Int]
}

private enum Plain: String, Codable { case one, two }

private enum Kind: Codable, Equatable {
  case idle
  case loading(Int)
  case loaded(id: UUID, title: String?)
  case pair(Int, String)
}

private struct Item: Codable, Equatable {
  var id: UUID
  var createdAt: Date
  var title: String
  var tags: [String]
  var score: Double
  var ratio: Float
  var note: String?
  var kind: Kind
  var plain: Plain
}

private struct Nested: Encodable, Equatable {
  var flat = Flat()
  var items: [Item] = []
  var child: Flat?
  var matrix: [[Int]] = []
  var optionals: [Int?] = []
  var byName: [String: Flat] = [:]
  var byNumber: [Int: String] = [:]
  var small: Int8 = -3
  var unsigned: UInt64 = .max
  var word: UInt32 = 7
  var json: JSONValue = ["a": [1, nil, "x"]]
  var empty = Empty()
  var nothing: [Int] = []
}

private struct Empty: Codable, Equatable {}

/// A custom `encode(to:)` writing a single value.
private struct Celsius: Encodable {
  var degrees: Double
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode("\(degrees) °C")
  }
}

/// A custom `encode(to:)` with keys of its own, a nested container and a computed member.
private struct Custom: Encodable {
  var first: String
  var last: String
  enum Keys: String, CodingKey { case name, parts, initials, meta, extra }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode("\(first) \(last)", forKey: .name)
    var parts = container.nestedUnkeyedContainer(forKey: .parts)
    try parts.encode(first)
    try parts.encode(last)
    var meta = container.nestedContainer(keyedBy: Keys.self, forKey: .meta)
    try meta.encode(first.count + last.count, forKey: .initials)
    try meta.encodeNil(forKey: .extra)
  }
}

/// Writes a key twice (the tree keeps the first position and the last value).
private struct DuplicateKey: Encodable {
  enum Keys: String, CodingKey { case a, b, longerThanEightBytes }
  var long: Bool
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    let key: Keys = long ? .longerThanEightBytes : .a
    try container.encode(1, forKey: key)
    try container.encode(2, forKey: .b)
    try container.encode(3, forKey: key)
  }
}

/// Two keyed containers of one encoder with different key types (one object).
private struct TwoContainers: Encodable {
  enum A: String, CodingKey { case a }
  enum B: String, CodingKey { case b }
  func encode(to encoder: any Encoder) throws {
    var first = encoder.container(keyedBy: A.self)
    try first.encode(1, forKey: .a)
    var second = encoder.container(keyedBy: B.self)
    try second.encode(2, forKey: .b)
    try first.encode(3, forKey: .a)
  }
}

/// Writes into a nested container after its parent moved on (interleaved containers).
private struct Interleaved: Encodable {
  enum Keys: String, CodingKey { case x, y, z }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    var x = container.nestedContainer(keyedBy: Keys.self, forKey: .x)
    var y = container.nestedUnkeyedContainer(forKey: .y)
    try x.encode(1, forKey: .z)
    try y.encode(2)
    try container.encode(3, forKey: .z)
  }
}

/// Reads `codingPath` and writes it (only the tree knows it).
private struct PathReader: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "."))
  }
}

private struct HoldsPathReader: Encodable {
  var inner = [PathReader()]
}

/// Writes a keyed container and then a single value (the tree keeps the single value).
private struct KeyedThenSingle: Encodable {
  enum Keys: String, CodingKey { case a }
  func encode(to encoder: any Encoder) throws {
    var keyed = encoder.container(keyedBy: Keys.self)
    try keyed.encode(1, forKey: .a)
    var single = encoder.singleValueContainer()
    try single.encode("single")
  }
}

/// Writes nothing at all (`{}`).
private struct Silent: Encodable {
  func encode(to encoder: any Encoder) throws {}
}

/// Uses super encoders, keyed and unkeyed.
private struct Supers: Encodable {
  enum Keys: String, CodingKey { case base, list }
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try Flat(count: 2).encode(to: container.superEncoder(forKey: .base))
    try Silent().encode(to: container.superEncoder())
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try Celsius(degrees: 1).encode(to: list.superEncoder())
    var inner = list.nestedContainer(keyedBy: Keys.self)
    try inner.encode(list.count, forKey: .base)
  }
}

/// Throws from `encode(to:)`.
private struct Failing: Encodable {
  struct Failure: Error {}
  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(1)
    throw EncodingError.invalidValue(
      1, EncodingError.Context(codingPath: [], debugDescription: "refused"))
  }
}

private struct HoldsFailing: Encodable {
  var ok = 1
  var bad = Failing()
}

/// Keys that are equal as `String`s with other bytes (canonical equivalence).
private struct EquivalentKeys: Encodable {
  var keys: [String]
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ValueCodingKey.self)
    for (position, key) in keys.enumerated() {
      try container.encode(position, forKey: ValueCodingKey(stringValue: key))
    }
  }
}

/// Keeps its container and writes into it during a later encode.
private final class Leak: @unchecked Sendable {
  nonisolated(unsafe) static var kept: KeyedEncodingContainer<ValueCodingKey>?
}

private struct Leaking: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ValueCodingKey.self)
    try container.encode(1, forKey: ValueCodingKey(stringValue: "a"))
    Leak.kept = container
  }
}

private struct WritesLeaked: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ValueCodingKey.self)
    try container.encode(1, forKey: ValueCodingKey(stringValue: "mine"))
    try Leak.kept?.encode(2, forKey: ValueCodingKey(stringValue: "late"))
  }
}

@Suite struct JSONTextEncoderTests {
  static let id = UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef") ?? UUID()

  /// What a store's read gives: the text encoder's bytes, or the tree's when it gave up.
  private func read<T: Encodable>(_ value: T, with encoder: JSONTextEncoder = JSONTextEncoder())
    -> (text: String, direct: Bool)
  {
    if encoder.encode(value) {
      return (String(decoding: encoder.output, as: UTF8.self), true)
    }
    let tree = (try? ValueEncoder().encode(value)) ?? JSONValue(reflecting: value)
    return (tree.json(), false)
  }

  private func tree<T: Encodable>(_ value: T) -> String {
    ((try? ValueEncoder().encode(value)) ?? JSONValue(reflecting: value)).json()
  }

  /// The text path is taken and gives the tree's bytes.
  private func expectDirect<T: Encodable>(
    _ value: T, _ expected: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let (text, direct) = read(value)
    #expect(direct, sourceLocation: sourceLocation)
    #expect(text == tree(value), sourceLocation: sourceLocation)
    if let expected { #expect(text == expected, sourceLocation: sourceLocation) }
  }

  /// The text path gives up, and the read is the tree's.
  private func expectTree<T: Encodable>(
    _ value: T, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let (text, direct) = read(value)
    #expect(!direct, sourceLocation: sourceLocation)
    #expect(text == tree(value), sourceLocation: sourceLocation)
    #expect(text == expected, sourceLocation: sourceLocation)
  }

  private func item(_ n: Int) -> Item {
    Item(
      id: Self.id, createdAt: Date(timeIntervalSince1970: Double(n) * 1.5),
      title: "item \"\(n)\"\n\\\t\u{1}é😀", tags: n % 2 == 0 ? [] : ["a", "b\u{7f}"],
      score: [
        0.1, -0.0, 1e300, .leastNonzeroMagnitude, 1.0, .nan, -.infinity, 9_007_199_254_740_994,
        123.456, 1e21,
      ][n % 10],
      ratio: Float(n) / 3, note: n % 3 == 0 ? nil : "note",
      kind: [.idle, .loading(n), .loaded(id: Self.id, title: nil), .pair(n, "p")][n % 4],
      plain: n % 2 == 0 ? .one : .two)
  }

  @Test func theSeedStatesAreWrittenDirectly() {
    expectDirect(Counter.State(count: 3, isLoading: true), #"{"count":3,"isLoading":true}"#)
    expectDirect(Flat(count: -42), #"{"count":-42,"isLoading":false}"#)
    expectDirect(Empty(), "{}")
    expectDirect(
      Escapes(text: "q\"b\\n\n\r\t\u{8}\u{c}\u{0}\u{1f}é", keyed: ["a\"b": 1, "\n": 2]))
  }

  @Test func nestedOptionalEnumArrayAndDictionaryStates() {
    var state = Nested()
    expectDirect(state)
    state.items = (0..<16).map(item)
    state.child = Flat(count: 1, isLoading: true)
    state.matrix = [[], [1], [2, 3]]
    state.optionals = [1, nil, 3]
    state.byName = ["x": Flat(), "y": Flat(count: 9)]
    state.byNumber = [1: "one", 2: "two"]
    expectDirect(state)
    expectDirect([state, Nested()])
    expectDirect(["top": state])
    expectDirect(Optional(state))
    expectDirect(Optional<Nested>.none, "null")
    expectDirect(Kind.loaded(id: Self.id, title: "t"))
    expectDirect(Kind.idle, #""idle""#)
    expectDirect([Kind.pair(1, "a"), .loading(2)], #"[{"pair":[1,"a"]},{"loading":2}]"#)
    expectDirect(42, "42")
    expectDirect("text", #""text""#)
    expectDirect(Date(timeIntervalSince1970: 0.5), "0.5")
    expectDirect(Self.id, #""DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF""#)
  }

  @Test func customEncodingIsHonoured() {
    expectDirect(Celsius(degrees: 21.5), #""21.5 °C""#)
    expectDirect(
      Custom(first: "Ada", last: "Lovelace"),
      #"{"name":"Ada Lovelace","parts":["Ada","Lovelace"],"meta":{"initials":11,"extra":null}}"#
    )
    expectDirect(Silent(), "{}")
    expectDirect([Silent(), Silent()], "[{},{}]")
    expectDirect(
      Supers(), #"{"base":{"count":2,"isLoading":false},"super":{},"list":["1.0 °C",{"base":2}]}"#)
  }

  @Test func whatTheTextCannotFollowTakesTheTree() {
    expectTree(DuplicateKey(long: false), #"{"a":3,"b":2}"#)
    expectTree(DuplicateKey(long: true), #"{"longerThanEightBytes":3,"b":2}"#)
    expectTree(Interleaved(), #"{"x":{"z":1},"y":[2],"z":3}"#)
    expectTree(HoldsPathReader(), #"{"inner":["inner.0"]}"#)
    expectTree(KeyedThenSingle(), #""single""#)
    expectTree(TwoContainers(), #"{"a":3,"b":2}"#)
    // A value whose encoding throws is read by reflection, as the tree path does.
    expectTree(HoldsFailing(), #"{"ok":1,"bad":{}}"#)
    // "é" precomposed and decomposed, and the Kelvin sign and "K", are equal `String`s.
    expectTree(EquivalentKeys(keys: ["\u{e9}", "e\u{301}"]), #"{"é":1}"#)
    expectTree(EquivalentKeys(keys: ["K", "\u{212a}"]), #"{"K":1}"#)
    // Distinct keys that only share their first 8 bytes are written directly.
    expectDirect(
      EquivalentKeys(keys: ["abcdefgh1", "abcdefgh2", "abcdefgh"]),
      #"{"abcdefgh1":0,"abcdefgh2":1,"abcdefgh":2}"#)
  }

  @Test func keysSeenBeforeAreWrittenFromTheirRememberedText() {
    let encoder = JSONTextEncoder()
    for round in 0..<40 {
      // Small and heap strings (built at run time, so each round has new buffers), keys that
      // need escapes, one longer than the 24 bytes remembered, and contents that change
      // under the same length.
      let keys = [
        "id", "title", "k\(round % 3)", String(repeating: "x", count: 16 + round % 4),
        "key \"\(round % 2)\"\n", "a-key-longer-than-twenty-four-bytes-\(round)",
        "abcdefghijklmnopqrs\(round % 10)",
      ]
      let value = EquivalentKeys(keys: keys)
      let (text, direct) = read(value, with: encoder)
      #expect(direct)
      #expect(text == tree(value))
      var dictionary: [String: Int] = [:]
      for (position, key) in keys.enumerated() { dictionary[key + "\(round)"] = position }
      #expect(read(dictionary, with: encoder) == (tree(dictionary), true))
    }
  }

  @Test func aContainerKeptPastItsValueIsHarmless() {
    let encoder = JSONTextEncoder()
    #expect(read(Leaking(), with: encoder) == (#"{"a":1}"#, true))
    // Written during a later value: that value takes the tree (which ignores the stray write).
    #expect(read(WritesLeaked(), with: encoder) == (#"{"mine":1}"#, false))
    // Written between values: the next value is unaffected.
    try? Leak.kept?.encode(3, forKey: ValueCodingKey(stringValue: "after"))
    #expect(read(Flat(count: 1), with: encoder) == (#"{"count":1,"isLoading":false}"#, true))
    Leak.kept = nil
  }

  @Test func oneEncoderFollowsValuesThatChangeBetweenCalls() {
    let encoder = JSONTextEncoder()
    var generator = SystemRandomNumberGenerator()
    var state = Nested()
    for step in 0..<200 {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: state.items.append(item(step))
      case 1: if !state.items.isEmpty { state.items.removeLast() }
      case 2: state.child = state.child == nil ? Flat(count: step) : nil
      case 3: state.byName["k\(step % 5)"] = Flat(count: step, isLoading: step % 2 == 0)
      case 4: state.optionals.append(step % 3 == 0 ? nil : step)
      default: state.flat.count = Int.random(in: .min ... .max, using: &generator)
      }
      let (text, direct) = read(state, with: encoder)
      #expect(direct)
      #expect(text == tree(state))
      if step % 50 == 0 {
        // An abandoned value in between leaves the encoder usable.
        #expect(read(DuplicateKey(long: false), with: encoder).direct == false)
      }
    }
  }

  @Test func theSlotHandsAFreshEncoderToANestedUse() {
    let slot = JSONTextEncoderSlot()
    let outer = slot.withEncoder { first in
      slot.withEncoder { second in first !== second }
    }
    #expect(outer)
    let reused = slot.withEncoder { first in ObjectIdentifier(first) }
    #expect(slot.withEncoder { ObjectIdentifier($0) } == reused)
  }
}
