// Fidelity: values printed in Swift syntax the way swift-custom-dump prints them (its DumpTests
// and DiffTests shapes), as the Swift TestStore shows them in failures.
import Foundation
import Testing
@testable import CustomDump
@testable import Clocks
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting

private struct Feature {
  struct State: Equatable {
    var count = 0
  }
  struct Form: Equatable {
    var name = "Blob"
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var nickname: String?
    var mode: Mode = .idle
    var child: State?
  }
  enum Mode: Equatable {
    case idle
    case loading(progress: Double, label: String)
  }
  enum Action: Equatable {
    case first
    case second
    case response1(Int)
    case response2(State)
    case pair(Int, String)
  }
}

private final class Node {
  var value = 1
  var next: Node?
}

@Suite struct SwiftDumpFidelityTests {
  @Test func aStructWithOneFieldStaysOnOneLine() {
    #expect(SwiftDump.dump(Feature.State(count: 0)) == "Feature.State(count: 0)")
  }

  @Test func aStructWithManyFieldsOpensOnePerLine() {
    var form = Feature.Form()
    form.tags = ["a", "b"]
    form.scores = ["z": 1, "a": 2]
    form.nickname = "B"
    form.mode = .loading(progress: 0.5, label: "half")
    form.child = Feature.State(count: 3)
    #expect(
      SwiftDump.dump(form) == """
        Feature.Form(
          name: "Blob",
          tags: [
            [0]: "a",
            [1]: "b"
          ],
          scores: [
            "a": 2,
            "z": 1
          ],
          nickname: "B",
          mode: .loading(
            progress: 0.5,
            label: "half"
          ),
          child: Feature.State(count: 3)
        )
        """)
  }

  @Test func emptyContainersAndNil() {
    #expect(
      SwiftDump.dump(Feature.Form()) == """
        Feature.Form(
          name: "Blob",
          tags: [],
          scores: [:],
          nickname: nil,
          mode: .idle,
          child: nil
        )
        """)
  }

  @Test func enumsNameTheirTypeOnlyAtTheRoot() {
    #expect(SwiftDump.dump(Feature.Action.second) == "Feature.Action.second")
    #expect(SwiftDump.dump(Feature.Action.response1(42)) == "Feature.Action.response1(42)")
    // A payload with children of its own opens on its own line.
    #expect(
      SwiftDump.dump(Feature.Action.response2(Feature.State(count: 1))) == """
        Feature.Action.response2(
          Feature.State(count: 1)
        )
        """)
    #expect(
      SwiftDump.dump(Feature.Action.pair(1, "a")) == """
        Feature.Action.pair(
          1,
          "a"
        )
        """)
    #expect(
      SwiftDump.dump([Feature.Action.first, .response1(2)]) == """
        [
          [0]: .first,
          [1]: .response1(2)
        ]
        """)
  }

  @Test func stringsAreSwiftLiterals() {
    #expect(SwiftDump.dump("Blob") == #""Blob""#)
    #expect(SwiftDump.dump(#"say "hi""#) == ##"#"say "hi""#"##)
    #expect(SwiftDump.dump("a\nb") == "\"\"\"\na\nb\n\"\"\"")
    #expect(SwiftDump.dump(Optional("x") as Any) == #""x""#)
  }

  @Test func foundationValuesPrintAsTCADoes() {
    #expect(
      SwiftDump.dump(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF") as Any)
        == "UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF)")
    #expect(
      SwiftDump.dump(Date(timeIntervalSince1970: 1_234_567_890))
        == "Date(2009-02-13T23:31:30.000Z)")
    #expect(SwiftDump.iso8601(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
    #expect(
      SwiftDump.iso8601(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
    #expect(
      SwiftDump.iso8601(Date(timeIntervalSince1970: 4_102_444_800.125))
        == "2100-01-01T00:00:00.125Z")
    #expect(
      SwiftDump.iso8601(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00.000Z")
    #expect(SwiftDump.dump(URL(string: "https://example.com") as Any) == "URL(https://example.com)")
    #expect(SwiftDump.dump(Int.self) == "Int.self")
    #expect(SwiftDump.dump(Set([3, 1, 2])) == "Set([\n  1,\n  2,\n  3\n])")
  }

  @Test func classesAreFollowedOnce() {
    let node = Node()
    node.next = node
    #expect(SwiftDump.dump(node) == "Node(\n  value: 1,\n  next: Node(↩︎)\n)")
  }

  @Test func foldedAtDepthZero() {
    #expect(SwiftDump.dump(Feature.Form(), maxDepth: 0) == "Feature.Form(…)")
    #expect(SwiftDump.dump(Feature.State(count: 2), maxDepth: 0) == "Feature.State(count: 2)")
    #expect(SwiftDump.dump(["a", "b"], maxDepth: 0) == "[…]")
  }

  @Test func caseOutputAbbreviatesActions() {
    #expect(ReducerMessages.debugCaseOutput(Feature.Action.first, abbreviated: true) == ".first")
    #expect(
      ReducerMessages.debugCaseOutput(Feature.Action.response1(3), abbreviated: true)
        == ".response1")
    #expect(
      ReducerMessages.debugCaseOutput(Feature.Action.pair(1, "a"), abbreviated: true)
        == ".pair(_:, _:)")
  }

  struct Secret: CustomDumpStringConvertible {
    var value = "hunter2"
    var customDumpDescription: String { "Secret(•••)" }
  }

  struct Box: CustomDumpRepresentable {
    var wrapped = 7
    var customDumpValue: Any { wrapped }
  }

  @Test func typesChooseTheirDumpThroughCustomDumpProtocols() {
    #expect(SwiftDump.dump(Secret()) == "Secret(•••)")
    #expect(SwiftDump.dump(Box()) == "7")
    #expect(SwiftDump.dump(EndpointError("fetch broke"), indent: 4) == "    fetch broke")
  }
}

@Suite struct SwiftDiffFidelityTests {
  @Test func equalValuesHaveNoDiff() {
    #expect(SwiftDiff.diff(Feature.State(count: 1), Feature.State(count: 1)) == nil)
  }

  @Test func aSingleFieldStructShowsBothSidesWhole() {
    #expect(
      SwiftDiff.diff(Feature.State(count: 0), Feature.State(count: 1)) == """
        − Feature.State(count: 0)
        + Feature.State(count: 1)
        """)
  }

  @Test func structFieldsShowWhatChangedAndFoldTheRest() {
    var expected = Feature.Form()
    expected.child = Feature.State(count: 1)
    expected.tags = ["a", "b", "c", "d"]
    var actual = expected
    actual.name = "Blobby"
    actual.tags = ["a", "b", "x", "c", "d"]
    #expect(
      SwiftDiff.diff(expected, actual) == """
        \u{2007} Feature.Form(
        −   name: "Blob",
        +   name: "Blobby",
        \u{2007}   tags: [
        \u{2007}     … (2 unchanged),
        +     [2]: "x",
        \u{2007}     … (2 unchanged)
        \u{2007}   ],
        \u{2007}   scores: [:],
        \u{2007}   nickname: nil,
        \u{2007}   mode: .idle,
        \u{2007}   child: Feature.State(count: 1)
        \u{2007} )
        """)
  }

  @Test func enumPayloadsAndOptionalsDiffInside() {
    var expected = Feature.Form()
    expected.mode = .loading(progress: 0.5, label: "half")
    expected.nickname = "B"
    var actual = expected
    actual.mode = .loading(progress: 0.75, label: "half")
    actual.nickname = nil
    #expect(
      SwiftDiff.diff(expected, actual) == """
        \u{2007} Feature.Form(
        \u{2007}   name: "Blob",
        \u{2007}   tags: [],
        \u{2007}   scores: [:],
        −   nickname: "B",
        +   nickname: nil,
        \u{2007}   mode: .loading(
        −     progress: 0.5,
        +     progress: 0.75,
        \u{2007}     label: "half"
        \u{2007}   ),
        \u{2007}   child: nil
        \u{2007} )
        """)
  }

  @Test func differentCasesShowBothWhole() {
    #expect(
      SwiftDiff.diff(Feature.Action.first, Feature.Action.response1(2)) == """
        − Feature.Action.first
        + Feature.Action.response1(2)
        """)
  }

  // Sorted containers gather their unchanged entries into one fold at the end.
  @Test func dictionariesDiffByKey() {
    #expect(
      SwiftDiff.diff(["a": 1, "b": 2, "c": 3], ["a": 1, "b": 5, "c": 3]) == """
        \u{2007} [
        −   "b": 2,
        +   "b": 5,
        \u{2007}   … (2 unchanged)
        \u{2007} ]
        """)
  }

  @Test func multiLineStringsDiffByLine() {
    #expect(
      SwiftDiff.diff("one\ntwo\nthree", "one\n2\nthree") == """
        \u{2007} \"\"\"
        \u{2007} one
        − two
        + 2
        \u{2007} three
        \u{2007} \"\"\"
        """)
  }
}
