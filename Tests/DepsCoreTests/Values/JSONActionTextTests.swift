import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import IssueReporting
@testable import DepsRuntime

// Decoding an action straight from its JSON text (`ValueDecoder.decode(_:fromJSON:)`,
// `JSONActionText`) must give exactly what parsing the text and decoding the tree gives:
// the same value, or the same error (kind, message, byte offset).

private enum TextResult: Codable, Equatable {
  case success(String)
  case failure(String)
}

private enum TextInnermost: Codable, Equatable {
  case value(Int)
  case label(String)
}

private enum TextInner: Codable, Equatable {
  case deeper(TextInnermost)
  case flag(Bool)
}

private enum TextAction: Codable, Equatable {
  case inc
  case dec
  case response(TextResult)
  case count(Int)
  case flag(Bool)
  case ratio(Double)
  case nested(TextInner)
  case labeled(id: Int)
  case pair(Int, Int)
  case small(UInt8)
  case optional(Int?)
  case list([Int])
}

/// Payload-free: a plain (POD) enum, whose bare cases the text path reads from the cache.
private enum TextCounter: Codable, Equatable {
  case incrementButtonTapped
  case decrementButtonTapped
}

/// A deterministic generator (TextRandom64), so a failing input can be reproduced.
private struct TextRandom: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite struct JSONActionTextTests {
  /// Every case with a plan, decoded once the usual way so that the plans are learned.
  static let learned: Bool = {
    let texts = [
      #"{"response":{"success":"a"}}"#, #"{"response":{"failure":"a"}}"#, #"{"count":1}"#,
      #"{"flag":true}"#, #"{"ratio":1.5}"#, #"{"nested":{"deeper":{"value":1}}}"#,
      #"{"nested":{"deeper":{"label":"x"}}}"#, #"{"nested":{"flag":false}}"#,
      #"{"labeled":{"id":1}}"#, #"{"pair":[1,2]}"#, #"{"small":1}"#, #"{"optional":1}"#,
      #"{"list":[1]}"#, #""inc""#, #""dec""#,
    ]
    for text in texts {
      _ = try? ValueDecoder().decode(TextAction.self, from: JSONValue(json: text))
    }
    for text in [#""incrementButtonTapped""#, #""decrementButtonTapped""#] {
      _ = try? ValueDecoder().decode(TextCounter.self, from: JSONValue(json: text))
    }
    return true
  }()

  /// The tree path's outcome: parse, then decode the `JSONValue`.
  private func tree<T: Decodable & Equatable>(_ type: T.Type, _ text: String) -> Result<
    T, ValueError
  > {
    Result { () throws(ValueError) in try ValueDecoder().decode(T.self, from: JSONValue(json: text))
    }
  }

  private func treeBytes<T: Decodable & Equatable>(_ type: T.Type, _ utf8: [UInt8]) -> Result<
    T, ValueError
  > {
    Result { () throws(ValueError) in
      try ValueDecoder().decode(T.self, from: JSONValue(jsonBytes: utf8))
    }
  }

  /// Expects the text path (from a `String` and from its bytes) to give what the tree gives.
  private func expectSame<T: Decodable & Equatable>(
    _ type: T.Type, _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let expected = tree(T.self, text)
    let fromString = Result { () throws(ValueError) in
      try ValueDecoder().decode(T.self, fromJSON: text)
    }
    let fromBytes = Array(text.utf8).withUnsafeBytes { utf8 in
      Result { () throws(ValueError) in try ValueDecoder().decode(T.self, fromJSONBytes: utf8) }
    }
    #expect(fromString == expected, "\(text)", sourceLocation: sourceLocation)
    #expect(fromBytes == expected, "\(text)", sourceLocation: sourceLocation)
  }

  private func expectSame<T: Decodable & Equatable>(
    _ type: T.Type, bytes utf8: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let expected = treeBytes(T.self, utf8)
    let fromBytes = utf8.withUnsafeBytes { raw in
      Result { () throws(ValueError) in try ValueDecoder().decode(T.self, fromJSONBytes: raw) }
    }
    #expect(fromBytes == expected, "\(utf8)", sourceLocation: sourceLocation)
  }

  /// Whether the text is read without a tree (`JSONActionText.fill` succeeds).
  private func readsStraight<T>(_ type: T.Type, _ text: String) -> Bool {
    var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
      (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutablePointer(to: &scratch) { pointer in
      let raw = UnsafeMutableRawPointer(pointer)
      let filled = Array(text.utf8).withUnsafeBytes {
        JSONActionText.fill(T.self, $0, into: raw) != nil
      }
      if filled { raw.assumingMemoryBound(to: T.self).deinitialize(count: 1) }
      return filled
    }
  }

  // MARK: - What is read straight from the text

  @Test func plannedCasesAreReadWithoutATree() throws {
    #expect(Self.learned)
    let straight = [
      #"{"response":{"success":"0 is a good number."}}"#,
      #"{"response":{"failure":""}}"#,
      " \t\r\n{ \"response\" :\n{\"success\"\t:\"x\" } }\n ",
      #"{"response":{"success":"a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00"}}"#,
      #"{"response":{"success":"é 😀 ∑"}}"#,
      #"{"count":-12}"#, #"{"count":9223372036854775807}"#, #"{"count":-9223372036854775808}"#,
      #"{"flag":true}"#, #"{"flag":false}"#, #"{"ratio":1}"#, #"{"ratio":-1.5e-3}"#,
      #"{"nested":{"deeper":{"value":3}}}"#, #"{"nested":{"deeper":{"label":"x"}}}"#,
      #"{"nested":{"flag":true}}"#,
    ]
    for text in straight {
      // Under DEPS_SAFE_RUNTIME=1 no case plan is learned, so every text takes the tree.
      #expect(readsStraight(TextAction.self, text) == EnumWitnesses.usable, "\(text)")
      expectSame(TextAction.self, text)
    }
    #expect(
      try ValueDecoder().decode(TextAction.self, fromJSON: straight[3])
        == .response(.success("a\"b\\c/d\u{8}\u{c}\n\r\té😀")))
    #expect(
      try ValueDecoder().decode(TextAction.self, fromJSON: straight[2])
        == .response(.success("x")))
    #expect(try ValueDecoder().decode(TextAction.self, fromJSON: #"{"ratio":1}"#) == .ratio(1))
    #expect(
      try ValueDecoder().decode(TextAction.self, fromJSON: #"{"nested":{"deeper":{"value":3}}}"#)
        == .nested(.deeper(.value(3))))
    // Bare cases are cached only when the enum layout reads are used (their safe path decodes
    // every text through the tree).
    #expect(readsStraight(TextCounter.self, #""incrementButtonTapped""#) == RuntimeType.readsLayout)
    #expect(
      readsStraight(TextCounter.self, " \"decrementButtonTapped\"\n") == RuntimeType.readsLayout)
    #expect(
      try ValueDecoder().decode(TextCounter.self, fromJSON: #""decrementButtonTapped""#)
        == .decrementButtonTapped)
  }

  @Test func everythingElseTakesTheTree() throws {
    #expect(Self.learned)
    let others = [
      // Unknown and unplanned cases, shapes the plans do not cover.
      #"{"unknown":1}"#, #"{"labeled":{"id":1}}"#, #"{"pair":[1,2]}"#, #"{"small":1}"#,
      #"{"optional":1}"#, #"{"list":[1]}"#, #""inc""#, #"{"inc":{}}"#,
      // Keys with escapes, wrong kinds, second members, duplicates.
      #"{"respons\u0065":{"success":"x"}}"#, #"{"response":{"success":1}}"#,
      #"{"count":1.0}"#, #"{"count":"1"}"#, #"{"flag":null}"#, #"{"ratio":"x"}"#,
      #"{"response":{"success":"a","success":"b"}}"#,
      #"{"count":1,"count":2}"#, #"{"count":1,"flag":true}"#,
      // Malformed text after a payload that filled: the value is dropped.
      #"{"response":{"success":"a long payload that lives on the heap"}} x"#,
      #"{"response":{"success":"a long payload that lives on the heap"}"#,
      #"{"response":{"success":"a long payload that lives on the heap"}]"#,
      #"{"count":1}}"#, #""incrementButtonTapped"x"#,
    ]
    for text in others {
      #expect(!readsStraight(TextAction.self, text), "\(text)")
      expectSame(TextAction.self, text)
    }
    #expect(!readsStraight(TextCounter.self, #""incrementButtonTappe""#))
    #expect(!readsStraight(TextCounter.self, #""increment\u0042uttonTapped""#))
    expectSame(TextCounter.self, #""increment\u0042uttonTapped""#)
    #expect(
      try ValueDecoder().decode(TextCounter.self, fromJSON: #""increment\u0042uttonTapped""#)
        == .incrementButtonTapped)
  }

  // MARK: - Same value, same error

  @Test func errorsAreTheTreesErrorsVerbatim() throws {
    #expect(Self.learned)
    let cases: [(String, String)] = [
      (#"{"response":{"success":1}}"#, "expected a string at response.success, got 1"),
      (#"{"count":1.5}"#, "expected an integer at count, got 1.5"),
      (
        #"{"response":{"sucess":"x"}}"#,
        #"unknown case "sucess" at response; did you mean "success"?"#
      ),
      (
        #"{"response":{"success":"x"}"#,
        "malformed JSON at byte 27: expected ',' or '}', got end of input"
      ),
      (
        #"{"response":{"success":"x"}} x"#,
        "malformed JSON at byte 29: expected end of input, got 'x'"
      ),
      (#"{"count":01}"#, "malformed JSON at byte 9: a number cannot start with a leading zero"),
      (
        #"{"count":1e400}"#,
        "JSON exceeds a limit at byte 9: number 1e400 does not fit in a Double"
      ),
      (
        #"{"response":{"success":"a\qb"}}"#,
        #"malformed JSON at byte 25: invalid escape '\q' in a string"#
      ),
      ("", "malformed JSON at byte 0: expected a value, got end of input"),
    ]
    for (text, message) in cases {
      expectSame(TextAction.self, text)
      do {
        _ = try ValueDecoder().decode(TextAction.self, fromJSON: text)
        Issue.record("\(text) decoded")
      } catch {
        #expect(error.message == message)
      }
    }
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    expectSame(TextAction.self, deep)
    let deepCase = String(repeating: #"{"nested":"#, count: 600)
    expectSame(TextAction.self, deepCase)
  }

  @Test func invalidUTF8IsTheTreesError() {
    #expect(Self.learned)
    let prefix = Array(#"{"response":{"success":"a"#.utf8)
    let suffix = Array(#""}}"#.utf8)
    for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90]] {
      expectSame(TextAction.self, bytes: prefix + bad + suffix)
    }
    expectSame(TextCounter.self, bytes: [0x22, 0xFF, 0x22])
    expectSame(TextAction.self, bytes: Array(#"{"count":1}"#.utf8) + [0])
  }

  @Test func everyPrefixAndEveryByteChange() {
    #expect(Self.learned)
    let texts = [
      #"{"response":{"success":"0 is a good number."}}"#,
      #"{ "nested" : { "deeper" : { "value" : -3 } } }"#,
      #"{"ratio":-1.5e+3}"#, #"{"flag":false}"#, #""incrementButtonTapped""#,
    ]
    let replacements = Array(#" {}[]":,\"0a-.eE+tfnu"#.utf8) + [0x00, 0x0A, 0x80, 0xC3]
    for text in texts {
      let utf8 = Array(text.utf8)
      for end in 0...utf8.count {
        expectSame(TextAction.self, bytes: Array(utf8[..<end]))
        expectSame(TextCounter.self, bytes: Array(utf8[..<end]))
      }
      for index in utf8.indices {
        for replacement in replacements {
          var changed = utf8
          changed[index] = replacement
          expectSame(TextAction.self, bytes: changed)
          expectSame(TextCounter.self, bytes: changed)
        }
        var dropped = utf8
        dropped.remove(at: index)
        expectSame(TextAction.self, bytes: dropped)
      }
    }
  }

  // MARK: - Random actions

  @Test func randomActionsDecodeAlikeBothWays() throws {
    #expect(Self.learned)
    var random = TextRandom(state: 0xDEC0DE)
    let strings = [
      "", "x", "0 is a good number.", "é😀", "a\"b\\c", "line\nbreak", "\u{1}",
      "a long payload that lives on the heap, far beyond fifteen bytes",
    ]
    func randomAction() -> TextAction {
      switch random.next() % 9 {
      case 0: return .inc
      case 1: return .response(.success(strings.randomElement(using: &random) ?? ""))
      case 2: return .response(.failure(strings.randomElement(using: &random) ?? ""))
      case 3: return .count(Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64))
      case 4: return .flag(random.next() % 2 == 0)
      case 5: return .ratio(Double(Int64(truncatingIfNeeded: random.next() % 100_000)) / 64)
      case 6: return .nested(.deeper(.value(Int(random.next() % 1000))))
      case 7: return .nested(.deeper(.label(strings.randomElement(using: &random) ?? "")))
      default: return .nested(.flag(random.next() % 2 == 0))
      }
    }
    let whitespace = [" ", "\n", "\t", "\r", "  "]
    var straight = 0
    var planned = 0
    for _ in 0..<400 {
      let action = randomAction()
      var text = try ValueEncoder().encode(action).json()
      // JSON whitespace between tokens (outside strings), sometimes.
      if random.next() % 2 == 0 {
        var spaced = ""
        var inString = false
        var escaped = false
        for character in text {
          if inString {
            spaced.append(character)
            if escaped {
              escaped = false
            } else if character == "\\" {
              escaped = true
            } else if character == "\"" {
              inString = false
            }
            continue
          }
          if "{}:,\"".contains(character), random.next() % 2 == 0 {
            spaced += whitespace.randomElement(using: &random) ?? ""
          }
          spaced.append(character)
          if character == "\"" { inString = true }
        }
        text = spaced + (whitespace.randomElement(using: &random) ?? "")
      }
      #expect(try ValueDecoder().decode(TextAction.self, fromJSON: text) == action, "\(text)")
      expectSame(TextAction.self, text)
      // A bare case of an enum with a payload somewhere is not plain: it takes the tree.
      if action != .inc { planned += 1 }
      if readsStraight(TextAction.self, text) { straight += 1 }
      // A random change of one byte: whatever it makes, both paths agree.
      var utf8 = Array(text.utf8)
      let index = Int(random.next() % UInt64(utf8.count))
      utf8[index] = UInt8(truncatingIfNeeded: random.next())
      expectSame(TextAction.self, bytes: utf8)
    }
    // Every planned action is read without a tree.
    #expect(planned > 300)
    #expect(straight == (EnumWitnesses.usable ? planned : 0))
  }
}
