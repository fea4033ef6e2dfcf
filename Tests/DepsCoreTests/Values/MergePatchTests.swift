import Testing
@testable import DepsCore

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
    let patch = try Value(json: example.patch)
    let result = MergePatch.apply(patch, to: try Value(json: example.target))
    #expect(result == (try Value(json: example.result)))
    #expect(result.json() == example.result)
  }

  @Test func rfcSection3Example() throws {
    let target = try Value(json: """
      {"title":"Goodbye!","author":{"givenName":"John","familyName":"Doe"},
       "tags":["example","sample"],"content":"This will be unchanged"}
      """)
    let patch = try Value(json: """
      {"title":"Hello!","phoneNumber":"+01-123-456-7890","author":{"familyName":null},
       "tags":["example"]}
      """)
    #expect(MergePatch.apply(patch, to: target).json() == """
      {"title":"Hello!","author":{"givenName":"John"},"tags":["example"],\
      "content":"This will be unchanged","phoneNumber":"+01-123-456-7890"}
      """)
  }

  @Test func settingAnOptionalToNilRemovesTheKey() {
    let state: Value = ["count": 0, "errorMessage": "offline"]
    #expect(MergePatch.apply(["count": 1, "errorMessage": nil], to: state) == ["count": 1])
  }
}
