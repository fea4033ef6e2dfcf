// swift-custom-dump's `diff(_:_:format:)` and `expectNoDifference`: the markers of each format,
// nil for equal values, and the failure text word for word.
import CustomDump
import DependenciesTestSupport
import Testing

private struct User: Equatable {
  var id: Int
  var name: String
}

private struct Unreadable: Error, CustomStringConvertible {
  var description: String { "the file is gone" }
}

struct CustomDumpDiffTests {
  @Test func theDefaultFormatMarksLinesInASCII() {
    let text = diff(User(id: 42, name: "Blob"), User(id: 42, name: "Blob, Esq."))
    #expect(
      text == """
          User(
            id: 42,
        -   name: "Blob"
        +   name: "Blob, Esq."
          )
        """)
  }

  @Test func theProportionalFormatUsesTheMinusSignAndFigureSpaces() {
    let text = diff(
      User(id: 42, name: "Blob"), User(id: 42, name: "Blob, Esq."), format: .proportional)
    #expect(
      text == """
        \u{2007} User(
        \u{2007}   id: 42,
        \u{2212}   name: "Blob"
        +   name: "Blob, Esq."
        \u{2007} )
        """)
  }

  @Test func equalValuesHaveNoDiff() {
    #expect(diff(User(id: 1, name: "A"), User(id: 1, name: "A")) == nil)
  }

  @Test func expectNoDifferenceReportsTheDiff() {
    let issues = recordIssues {
      expectNoDifference(User(id: 42, name: "Blob"), User(id: 42, name: "Blob, Esq."), "Renamed")
      expectNoDifference(User(id: 1, name: "A"), User(id: 1, name: "A"))
    }
    #expect(
      issues.map(\.message) == [
        """
        Renamed - Difference: …

          \u{2007} User(
          \u{2007}   id: 42,
          \u{2212}   name: "Blob"
          +   name: "Blob, Esq."
          \u{2007} )

        (First: \u{2212}, Second: +)
        """
      ])
  }

  @Test func expectNoDifferenceReportsAThrownError() {
    func load() throws -> Int { throw Unreadable() }
    func check() { expectNoDifference(try load(), 1) }
    let issues = recordIssues { check() }
    #expect(issues.map(\.message) == ["Caught error: the file is gone"])
  }
}
