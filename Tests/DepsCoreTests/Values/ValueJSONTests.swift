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
@testable import DepsRuntime
@testable import IssueReporting

@Suite struct ValueJSONTests {
  // MARK: - Round trips

  @Test(arguments: [
    #"null"#, #"true"#, #"false"#, #"0"#, #"-1"#, #"123456789"#, #"1.5"#, #"-0.25"#,
    #""""#, #""héllo ✓""#, #"[]"#, #"{}"#, #"[1,[2,[3]],{"a":null}]"#,
    #"{"count":0,"isLoading":false}"#, #"{"b":1,"a":2}"#,
    #"9223372036854775807"#, #"-9223372036854775808"#, #"1e+20"#, #"5e-324"#,
    #""\"\\\n\r\t\b\f\u0001\u001f""#, #""😀 𝄞""#,
  ])
  func compactRoundTrip(_ text: String) throws {
    #expect(try JSONValue(json: text).json() == text)
  }

  @Test func parsesEveryKind() throws {
    let value = try JSONValue(
      json: #" { "a" : [ 1 , 2.5 , "x" , true , false , null ] , "b" : {} } "#)
    #expect(value == ["a": [1, 2.5, "x", true, false, nil], "b": [:]])
    #expect(value["a"]?[1] == .double(2.5))
    #expect(value["a"]?[0] == .int(1))
  }

  @Test func keysKeepInsertionOrder() throws {
    let value = try JSONValue(json: #"{"z":1,"a":2,"m":3}"#)
    #expect(value.objectValue?.keys == ["z", "a", "m"])
    #expect(value.json(sortedKeys: true) == #"{"a":2,"m":3,"z":1}"#)
  }

  @Test func duplicateKeysKeepTheLastValueAtTheFirstPosition() throws {
    #expect(try JSONValue(json: #"{"a":1,"b":2,"a":3}"#).json() == #"{"a":3,"b":2}"#)
  }

  @Test func intAndDoubleAreEqualAndHashEqual() {
    #expect(JSONValue.int(1) == JSONValue.double(1.0))
    #expect(Set<JSONValue>([.int(1), .double(1.0)]).count == 1)
    #expect(JSONValue.int(1) != JSONValue.double(1.5))
    #expect((["a": 1] as JSONValue) == (["a": 1.0] as JSONValue))
    #expect(Set<JSONValue>([["a": 1, "b": 2], ["b": 2.0, "a": 1]]).count == 1)
  }

  @Test func numbers() throws {
    #expect(try JSONValue(json: "1.0") == .double(1))
    #expect(try JSONValue(json: "1.0").json() == "1")
    #expect(JSONValue.double(3).json() == "3")
    #expect(JSONValue.double(0.1).json() == "0.1")
    #expect(try JSONValue(json: "1E2") == .double(100))
    #expect(try JSONValue(json: "-0") == .int(0))
    // Beyond Int: a Double.
    #expect(try JSONValue(json: "9223372036854775808") == .double(9_223_372_036_854_775_808))
    #expect(
      try JSONValue(json: "123456789012345678901234567890").doubleValue == 1.2345678901234568e29)
    #expect(JSONValue.double(.infinity).json() == "null")
    let third = 1.0 / 3.0
    #expect(try JSONValue(json: JSONValue.double(third).json()) == .double(third))
  }

  @Test func strings() throws {
    #expect(try JSONValue(json: #""\u00e9\u20AC\/""#) == "é€/")
    #expect(try JSONValue(json: #""\ud83d\ude00""#) == "😀")
    // Lone surrogates (RFC 8259 §8.2) become U+FFFD.
    #expect(try JSONValue(json: #""a\ud800b""#) == "a\u{FFFD}b")
    #expect(try JSONValue(json: #""\udc00""#) == "\u{FFFD}")
    #expect(try JSONValue(json: #""\ud800\u0041""#) == "\u{FFFD}A")
    #expect(JSONValue.string("a\u{7}\"").json() == #""a\u0007\"""#)
  }

  @Test func pretty() throws {
    let value: JSONValue = ["b": [1, ["c": true]], "a": [:], "e": []]
    #expect(
      value.json(pretty: true) == """
        {
          "b": [
            1,
            {
              "c": true
            }
          ],
          "a": {},
          "e": []
        }
        """)
    #expect(value.json(pretty: true, sortedKeys: true).hasPrefix("{\n  \"a\": {},"))
  }

  @Test func bytesInput() throws {
    #expect(try JSONValue(jsonBytes: Array("[1]".utf8)) == [1])
    let value = try Array(#"{"a":"é"}"#.utf8).withUnsafeBytes { bytes throws(ValueError) in
      try JSONValue(jsonBytes: bytes)
    }
    #expect(value == ["a": "é"])
  }

  // MARK: - Errors, verbatim, with offsets

  static func failure(_ text: String) -> ValueError? {
    do {
      _ = try JSONValue(json: text)
      return nil
    } catch {
      return error
    }
  }

  static func failure(bytes: [UInt8]) -> ValueError? {
    do {
      _ = try JSONValue(jsonBytes: bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    ("", 0, "expected a value, got end of input"),
    ("   ", 3, "expected a value, got end of input"),
    (#"{"a":1]"#, 6, "expected ',' or '}', got ']'"),
    (#"{"count": 1 "isLoading": true}"#, 12, "expected ',' or '}', got '\"'"),
    ("[1,", 3, "expected a value, got end of input"),
    ("[1 2]", 3, "expected ',' or ']', got '2'"),
    ("[1,]", 3, "expected a value, got ']'"),
    (#"{"a":1,}"#, 7, "expected a string key, got '}'"),
    ("{a:1}", 1, "expected a string key or '}', got 'a'"),
    (#"{"a" 1}"#, 5, "expected ':', got '1'"),
    (#"{"a":"#, 5, "expected a value, got end of input"),
    ("tru", 3, "expected 'true', got end of input"),
    ("nul}", 3, "expected 'null', got '}'"),
    ("[1] x", 4, "expected end of input, got 'x'"),
    ("01", 0, "a number cannot start with a leading zero"),
    ("-", 1, "expected a digit, got end of input"),
    ("-a", 1, "expected a digit, got 'a'"),
    ("1.", 2, "expected a digit after '.', got end of input"),
    ("1e+", 3, "expected a digit in the exponent, got end of input"),
    (".5", 0, "expected a value, got '.'"),
    (#""abc"#, 4, "expected '\"' to end the string started at byte 0, got end of input"),
    ("\"a\nb\"", 2, "unescaped control character U+000A in a string"),
    (#""\x""#, 1, "invalid escape '\\x' in a string"),
    (#""\u12g4""#, 5, "expected 4 hex digits after '\\u', got 'g'"),
    ("é", 0, "expected a value, got 'é'"),
    ("[NaN]", 1, "expected a value, got 'N'"),
    ("\u{1}", 0, "expected a value, got U+0001"),
    // Past the first 8-byte words of a string (scanned a word at a time).
    ("\"abcdefghijklmnopq\u{1F}rs\"", 18, "unescaped control character U+001F in a string"),
    ("\"abcdefghijklmnop\u{7F}\u{0}\"", 18, "unescaped control character U+0000 in a string"),
    (
      #""abcdefghijklmnopqrstuvwx"#, 25,
      "expected '\"' to end the string started at byte 0, got end of input"
    ),
    (#"{"abcdefghijklmnop\q":1}"#, 18, "invalid escape '\\q' in a string"),
    (#"{"abcdefghijklmnopqrstuvwxyz":1 "#, 32, "expected ',' or '}', got end of input"),
    (#"{"abcdefghijklmnopqrstuvwxyz":1 ]"#, 32, "expected ',' or '}', got ']'"),
  ])
  func malformed(_ text: String, _ offset: Int, _ detail: String) {
    let error = Self.failure(text)
    #expect(error?.kind == .malformed)
    #expect(error?.offset == offset)
    #expect(error?.message == "malformed JSON at byte \(offset): \(detail)")
  }

  /// Strings longer than a word, with a quote, an escape, a control-free high byte or a
  /// character beyond ASCII at every offset around the word boundaries, and one-member
  /// objects, parse to what they hold.
  @Test func longStringsAndOneMemberObjects() throws {
    for offset in 0..<20 {
      let prefix = String(repeating: "x", count: offset)
      for (inner, text) in [
        (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), ("é", "é"), ("\u{7F}", "\u{7F}"),
        ("😀", "😀"), (#"\u00e9"#, "é"),
      ] {
        let json = "\"" + prefix + inner + "tail of the string\""
        #expect(try JSONValue(json: json) == .string(prefix + text + "tail of the string"))
        let object = try JSONValue(json: #"{"\#(prefix)\#(inner)k" : [\#(json)] }"#)
        let member: JSONValue = [.string(prefix + text + "tail of the string")]
        #expect(object == .object(ValueObject([(prefix + text + "k", member)])))
      }
    }
    #expect(try JSONValue(json: #"{"a":1,"b":2}"#) == ["a": 1, "b": 2])
    #expect(try JSONValue(json: #"{"a":1,"a":2}"#) == ["a": 2])
    #expect(try JSONValue(json: #"{"only":{}}"#) == ["only": .object(ValueObject())])
  }

  @Test func invalidUTF8() {
    let inString = Self.failure(bytes: [0x22, 0x61, 0xFF, 0x22])
    #expect(
      inString
        == ValueError(
          kind: .malformed,
          message: "malformed JSON at byte 2: invalid UTF-8 sequence starting with byte 0xFF",
          offset: 2))
    // An overlong encoding of "/" and a UTF-16 surrogate encoded in UTF-8 are both invalid.
    #expect(
      Self.failure(bytes: [0x22, 0xC0, 0xAF, 0x22])?.message
        == "malformed JSON at byte 1: invalid UTF-8 sequence starting with byte 0xC0")
    #expect(Self.failure(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22])?.offset == 1)
    // Cut off by the end of input.
    #expect(
      Self.failure(bytes: [0x22, 0xE2, 0x82])?.message
        == "malformed JSON at byte 1: invalid UTF-8 sequence starting with byte 0xE2")
    #expect(
      Self.failure(bytes: [0xFE])?.message
        == "malformed JSON at byte 0: expected a value, got byte 0xFE")
  }

  @Test func nestingLimit() throws {
    let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try JSONValue(json: ok).json() == ok)
    let deep = String(repeating: "[", count: 100_000)
    #expect(
      Self.failure(deep)
        == ValueError(
          kind: .limit,
          message: "JSON exceeds a limit at byte 512: nesting deeper than 512 levels",
          offset: 512))
    let objects = String(repeating: #"{"a":"#, count: 600)
    #expect(
      Self.failure(objects)?.message
        == "JSON exceeds a limit at byte 2560: nesting deeper than 512 levels")
  }

  @Test func hugeNumbers() {
    #expect(
      Self.failure("[1e400]")
        == ValueError(
          kind: .limit,
          message: "JSON exceeds a limit at byte 1: number 1e400 does not fit in a Double",
          offset: 1))
    let long = "-" + String(repeating: "9", count: 400)
    #expect(
      Self.failure(long)?.message == "JSON exceeds a limit at byte 0: number -"
        + String(repeating: "9", count: 38) + "… does not fit in a Double")
  }

  @Test func errorDescriptionIsTheMessage() {
    let error = Self.failure("[")
    #expect(error.map { "\($0)" } == "malformed JSON at byte 1: expected a value, got end of input")
  }
}
