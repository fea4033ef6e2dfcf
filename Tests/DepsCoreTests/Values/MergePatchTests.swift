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

/// RFC 7386, Appendix A: every example, verbatim.
@Suite struct MergePatchTests {
  static let appendix: [(target: String, patch: String, result: String)] = [
    (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
    (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
    (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
    (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
    (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
    (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
    (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
    (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
    (#"{"a":"foo"}"#, #"null"#, #"null"#),
    (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
    (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
    (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
    (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
  ]

  @Test(arguments: 0..<appendix.count)
  func rfc7386AppendixA(_ index: Int) throws {
    let example = Self.appendix[index]
    let patch = try JSONValue(json: example.patch)
    let result = MergePatch.apply(patch, to: try JSONValue(json: example.target))
    #expect(result == (try JSONValue(json: example.result)))
    #expect(result.json() == example.result)
  }

  @Test func rfcSection3Example() throws {
    let target = try JSONValue(
      json: """
        {"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},
         "tags":["example","sample"],"content":"This will be unchanged"}
        """)
    let patch = try JSONValue(
      json: """
        {"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},
         "tags":["example"]}
        """)
    #expect(
      MergePatch.apply(patch, to: target).json() == """
        {"title":"Hello!","author":{"givenName":"John"},"tags":["example"],\
        "content":"This will be unchanged","phoneNumber":"+01-123-456-7890"}
        """)
  }

  @Test func settingAnOptionalToNilRemovesTheKey() {
    let state: JSONValue = ["count": 0, "errorMessage": "offline"]
    #expect(MergePatch.apply(["count": 1, "errorMessage": nil], to: state) == ["count": 1])
  }
}

/// `MergePatch.diff`: the smallest merge patch between two values, such that applying it to the
/// old value gives the new one.
@Suite struct MergePatchDiffTests {
  @Test func equalValuesHaveNoPatch() {
    let state: JSONValue = ["count": 1, "todos": [["title": "a"]], "user": ["name": "x"]]
    #expect(MergePatch.diff(from: state, to: state) == nil)
    #expect(MergePatch.diff(from: ["n": 1], to: ["n": 1.0]) == nil)
  }

  @Test func changedAddedAndRemovedMembers() {
    let old: JSONValue = [
      "count": 0, "isLoading": false, "note": "x", "user": ["name": "a", "age": 3],
    ]
    let new: JSONValue = [
      "count": 1, "isLoading": false, "user": ["name": "b", "age": 3], "fact": "f",
    ]
    let patch = MergePatch.diff(from: old, to: new)
    #expect(patch?.json() == #"{"count":1,"user":{"name":"b"},"fact":"f","note":null}"#)
    #expect(patch.map { MergePatch.apply($0, to: old) } == new)
  }

  @Test func arraysAndScalarsAreReplacedWhole() {
    #expect(
      MergePatch.diff(from: ["todos": [1, 2, 3]], to: ["todos": [1, 2, 4]])?.json()
        == #"{"todos":[1,2,4]}"#)
    #expect(MergePatch.diff(from: ["a": ["b": 1]], to: ["a": 2])?.json() == #"{"a":2}"#)
    #expect(MergePatch.diff(from: 1, to: "x")?.json() == #""x""#)
    #expect(MergePatch.diff(from: [1], to: ["a": 1])?.json() == #"{"a":1}"#)
  }

  /// Random object trees (no null members): applying the diff to the old tree gives the new.
  @Test func appliedDiffGivesTheNewValue() {
    var generator = SplitMix(seed: 14)
    for _ in 0..<500 {
      let old = Self.randomValue(&generator, depth: 0)
      let new = Self.randomValue(&generator, depth: 0)
      let patch = MergePatch.diff(from: old, to: new)
      #expect((patch.map { MergePatch.apply($0, to: old) } ?? old) == new)
      #expect(MergePatch.diff(from: new, to: new) == nil)
    }
  }

  static let keys = ["a", "b", "c", "d"]

  static func randomValue(_ generator: inout SplitMix, depth: Int) -> JSONValue {
    switch generator.next() % (depth > 2 ? 3 : 5) {
    case 0: return .int(Int(generator.next() % 3))
    case 1: return .string(["x", "y"][Int(generator.next() % 2)])
    case 2: return .bool(generator.next() % 2 == 0)
    case 3:
      return .array(
        (0..<Int(generator.next() % 3)).map { _ in randomValue(&generator, depth: depth + 1) })
    default:
      var object = ValueObject()
      for key in keys where generator.next() % 2 == 0 {
        object.updateValue(randomValue(&generator, depth: depth + 1), forKey: key)
      }
      return .object(object)
    }
  }
}

/// A small deterministic generator for the property tests.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
