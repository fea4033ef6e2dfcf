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

/// RFC 6902 (JSON Patch), Appendix A: the examples, and the diff that produces patches.
@Suite struct JSONPatchTests {
  static let appendix: [(document: String, patch: String, result: String)] = [
    // A.1 – A.10
    (
      #"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz","value":"qux"}]"#,
      #"{"foo":"bar","baz":"qux"}"#
    ),
    (
      #"{"foo":["bar","baz"]}"#, #"[{"op":"add","path":"/foo/1","value":"qux"}]"#,
      #"{"foo":["bar","qux","baz"]}"#
    ),
    (#"{"baz":"qux","foo":"bar"}"#, #"[{"op":"remove","path":"/baz"}]"#, #"{"foo":"bar"}"#),
    (
      #"{"foo":["bar","qux","baz"]}"#, #"[{"op":"remove","path":"/foo/1"}]"#,
      #"{"foo":["bar","baz"]}"#
    ),
    (
      #"{"baz":"qux","foo":"bar"}"#, #"[{"op":"replace","path":"/baz","value":"boo"}]"#,
      #"{"baz":"boo","foo":"bar"}"#
    ),
    (
      #"{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}"#,
      #"[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]"#,
      #"{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}"#
    ),
    (
      #"{"foo":["all","grass","cows","eat"]}"#, #"[{"op":"move","from":"/foo/1","path":"/foo/3"}]"#,
      #"{"foo":["all","cows","eat","grass"]}"#
    ),
    (
      #"{"baz":"qux","foo":["a",2,"c"]}"#,
      #"[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]"#,
      #"{"baz":"qux","foo":["a",2,"c"]}"#
    ),
    (
      #"{"foo":"bar"}"#, #"[{"op":"add","path":"/child","value":{"grandchild":{}}}]"#,
      #"{"foo":"bar","child":{"grandchild":{}}}"#
    ),
    (
      #"{"foo":["bar"]}"#, #"[{"op":"add","path":"/foo/-","value":["abc","def"]}]"#,
      #"{"foo":["bar",["abc","def"]]}"#
    ),
    // A.14 (~ escapes), A.16 (an array value)
    (#"{"/":9,"~1":10}"#, #"[{"op":"test","path":"/~01","value":10}]"#, #"{"/":9,"~1":10}"#),
    (
      #"{"foo":"bar"}"#, #"[{"op":"copy","from":"/foo","path":"/baz"}]"#,
      #"{"foo":"bar","baz":"bar"}"#
    ),
    (#"{"a":1}"#, #"[{"op":"replace","path":"","value":[1,2]}]"#, #"[1,2]"#),
  ]

  @Test(arguments: 0..<appendix.count)
  func rfc6902AppendixA(_ index: Int) throws {
    let example = Self.appendix[index]
    let result = try JSONPatch.apply(
      try JSONValue(json: example.patch), to: try JSONValue(json: example.document))
    #expect(result == (try JSONValue(json: example.result)))
    #expect(result.json() == example.result)
  }

  /// What cannot apply fails with a message naming the operation and what was wrong.
  @Test(arguments: [
    (
      #"{"baz":"qux"}"#, #"[{"op":"test","path":"/baz","value":"bar"}]"#,
      #"JSON Patch operation 0: test failed at "/baz": expected "bar", got "qux""#
    ),
    (
      #"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz/bat","value":"qux"}]"#,
      #"JSON Patch operation 0: no member "baz""#
    ),
    (
      #"{"foo":[1]}"#, #"[{"op":"remove","path":"/foo/0"},{"op":"remove","path":"/foo/0"}]"#,
      #"JSON Patch operation 1: no element "0" in an array of 0"#
    ),
    (
      #"{"foo":[1]}"#, #"[{"op":"add","path":"/foo/01","value":2}]"#,
      #"JSON Patch operation 0: no element "01" in an array of 1"#
    ),
    (
      #"{}"#, #"[{"op":"frob","path":""}]"#,
      #"JSON Patch operation 0: unknown op "frob" (expected add, remove, replace, move, copy or test)"#
    ),
    (
      #"{}"#, #"[{"op":"add","path":"a","value":1}]"#,
      #"JSON Patch operation 0: "path" "a" is not a JSON Pointer (starts with /)"#
    ),
    (#"{}"#, #"[{"op":"add","path":"/a"}]"#, #"JSON Patch operation 0: "add" needs a "value""#),
    (
      #"{}"#, #"{"op":"add"}"#,
      #"expected a JSON Patch (an array of operations), got {"op":"add"}"#
    ),
    (
      #"{"a":{"b":1}}"#, #"[{"op":"move","from":"/a","path":"/a/b/c"}]"#,
      #"JSON Patch operation 0: cannot move a value into itself"#
    ),
    (
      #"{"a":1}"#, #"[{"op":"add","path":"/a/b","value":1}]"#,
      #"JSON Patch operation 0: cannot add "b" to a number"#
    ),
    (#"{}"#, #"[1]"#, #"JSON Patch operation 0: expected an object, got 1"#),
    (#"{}"#, #"[{"op":1,"path":""}]"#, #"JSON Patch operation 0: expected "op" as a string"#),
    (
      #"{}"#, #"[{"op":"remove","path":7}]"#,
      #"JSON Patch operation 0: expected "path" as a string (a JSON Pointer)"#
    ),
    (
      #"{}"#, #"[{"op":"move","from":null,"path":"/a"}]"#,
      #"JSON Patch operation 0: expected "from" as a string (a JSON Pointer)"#
    ),
    (
      #"{"a":1}"#, #"[{"op":"remove","path":"/a~2"}]"#,
      #"JSON Patch operation 0: "path" "/a~2" has a ~ not followed by 0 or 1"#
    ),
    (
      #"{"a":true}"#, #"[{"op":"replace","path":"/a/b","value":1}]"#,
      #"JSON Patch operation 0: cannot look up "b" in a boolean"#
    ),
    (
      #"{"a":"s"}"#, #"[{"op":"remove","path":"/a/b"}]"#,
      #"JSON Patch operation 0: cannot remove "b" from a string"#
    ),
  ])
  func failures(_ document: String, _ patch: String, _ message: String) throws {
    let error = #expect(throws: ValueError.self) {
      try JSONPatch.apply(try JSONValue(json: patch), to: try JSONValue(json: document))
    }
    #expect(error?.message == message)
  }

  /// A key starting with a combining mark: its path is split by scalar, as `escape` writes it.
  @Test func aKeyStartingWithACombiningMark() throws {
    let key = "\u{301}x"
    let document: JSONValue = .object(["k": .object([key: 1])])
    let path = "/k/" + JSONPatch.escape(key)
    let patched = try JSONPatch.apply(
      [["op": "replace", "path": .string(path), "value": 2]], to: document)
    #expect(patched == .object(["k": .object([key: 2])]))
    let top = try JSONPatch.apply(
      [["op": "add", "path": .string("/" + key), "value": 3]], to: .object([:]))
    #expect(top.objectValue?.keys.map { $0 } == [key])
  }

  @Test func escapedTokens() {
    #expect(JSONPatch.escape("a/b~c") == "a~1b~0c")
    #expect(JSONPatch.escape("plain") == "plain")
  }

  @Test func diffAddressesOneElementOfAnArray() throws {
    var operations: [JSONValue] = []
    let old = try JSONValue(json: #"{"todos":[{"t":"a"},{"t":"b"},{"t":"c"}],"n":1}"#)
    let new = try JSONValue(json: #"{"todos":[{"t":"a"},{"t":"B"},{"t":"c"}],"n":1}"#)
    JSONPatch.diff(from: old, to: new, into: &operations)
    #expect(
      JSONValue.array(operations).json() == #"[{"op":"replace","path":"/todos/1/t","value":"B"}]"#)
  }

  @Test func diffOfInsertionsAndRemovalsInTheMiddle() throws {
    var operations: [JSONValue] = []
    JSONPatch.diff(
      from: try JSONValue(json: "[1,2,3,4,5]"), to: try JSONValue(json: "[1,2,9,9,4,5]"),
      into: &operations)
    #expect(
      JSONValue.array(operations).json()
        == #"[{"op":"replace","path":"/2","value":9},{"op":"add","path":"/3","value":9}]"#)
    operations = []
    JSONPatch.diff(
      from: try JSONValue(json: "[1,2,3,4,5]"), to: try JSONValue(json: "[1,5]"), into: &operations)
    #expect(
      JSONValue.array(operations).json()
        == #"[{"op":"remove","path":"/3"},{"op":"remove","path":"/2"},{"op":"remove","path":"/1"}]"#
    )
  }

  /// Property: for random pairs of documents, applying diff(a, b) to a gives b.
  @Test func diffAppliedGivesTheNewDocument() throws {
    var generator = SplitMix(seed: 6902)
    for _ in 0..<400 {
      let old = randomValue(&generator, depth: 0)
      var new = old
      for _ in 0..<Int(generator.next() % 4) { mutate(&new, &generator, depth: 0) }
      var operations: [JSONValue] = []
      JSONPatch.diff(from: old, to: new, into: &operations)
      #expect(try JSONPatch.apply(.array(operations), to: old) == new)
      if old == new { #expect(operations.isEmpty) }
    }
  }
}

private func randomValue(_ generator: inout SplitMix, depth: Int) -> JSONValue {
  switch generator.next() % (depth > 2 ? 4 : 6) {
  case 0: return .int(Int(generator.next() % 5))
  case 1: return .string(["a", "b", "x/y", "~"][Int(generator.next() % 4)])
  case 2: return .bool(generator.next() % 2 == 0)
  case 3: return .null
  case 4:
    return .array(
      (0..<Int(generator.next() % 5)).map { _ in
        randomValue(&generator, depth: depth + 1)
      })
  default:
    var object = ValueObject()
    for _ in 0..<Int(generator.next() % 4) {
      object[["k", "l", "m/n", "o~p"][Int(generator.next() % 4)]] =
        randomValue(&generator, depth: depth + 1)
    }
    return .object(object)
  }
}

private func mutate(_ value: inout JSONValue, _ generator: inout SplitMix, depth: Int) {
  switch value {
  case .array(var elements):
    switch generator.next() % 4 {
    case 0:
      elements.insert(
        randomValue(&generator, depth: depth + 1),
        at: Int(generator.next() % UInt64(elements.count + 1)))
    case 1 where !elements.isEmpty:
      elements.remove(at: Int(generator.next() % UInt64(elements.count)))
    case 2 where !elements.isEmpty:
      let position = Int(generator.next() % UInt64(elements.count))
      mutate(&elements[position], &generator, depth: depth + 1)
    default: elements.append(randomValue(&generator, depth: depth + 1))
    }
    value = .array(elements)
  case .object(var members):
    let key = ["k", "l", "m/n", "o~p"][Int(generator.next() % 4)]
    switch generator.next() % 3 {
    case 0: members[key] = nil
    case 1 where members[key] != nil:
      var member = members[key] ?? .null
      mutate(&member, &generator, depth: depth + 1)
      members[key] = member
    default: members[key] = randomValue(&generator, depth: depth + 1)
    }
    value = .object(members)
  default:
    value = randomValue(&generator, depth: depth)
  }
}
