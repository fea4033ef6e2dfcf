// The trace of a NumberFact run: each step, the layer of each endpoint call, the timeline as
// text and as a Mermaid sequenceDiagram (parsed, not compared by eye), and a store without a
// recorder recording nothing.
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
import DepsTestSupport

@Suite struct TraceTests {
  /// The endpoints a trace wraps are the registered ones: the seeds registered, as a host does.
  init() { registerSeedCatalogue() }

  private func tracedStore(_ trace: DependencyTrace) -> TestStore<
    NumberFact.State, NumberFact.Action
  > {
    TestStore(initialState: NumberFact.State(count: 1)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a number" }
      $0.dependencyTrace = trace
    }
  }

  @Test func numberFactTimelineText() async {
    let trace = DependencyTrace()
    let store = tracedStore(trace)
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.success("1 is a number"))) {
      $0.numberFact = "1 is a number"
    }
    await store.finish()
    let kinds = trace.events.map(\.kind)
    #expect(kinds == [.send, .effectStarted, .call, .receive, .effectFinished])
    let text = trace.timelineText()
    #expect(
      text == """
        1. send NumberFact.Action.numberFactButtonTapped
        2. effect 1 started (by 1)
        3. numberFact.fetch(1) → "1 is a number" [test value] (effect 1)
        4. receive NumberFact.Action.numberFactResponse(.success("1 is a number")) (from effect 1)
        5. effect 1 finished
        """)
    #expect(trace.timelineText(last: 2).split(separator: "\n").count == 2)
    let call = trace.events[2]
    #expect(call.cause == 2)
    #expect(trace.events[3].cause == 2)
    #expect(trace.events[1].cause == 1)
  }

  @Test func numberFactTimelineMermaidParses() async {
    let trace = DependencyTrace()
    let store = tracedStore(trace)
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.success("1 is a number"))) {
      $0.numberFact = "1 is a number"
    }
    let diagram = MermaidSequence(parsing: trace.timelineMermaid())
    #expect(diagram.header == "sequenceDiagram")
    #expect(diagram.participants["User"] == "User")
    #expect(diagram.participants["E1"] == "effect 1")
    #expect(diagram.participants["D1"] == "numberFact.fetch")
    #expect(
      diagram.messages.map { "\($0.from) \($0.arrow) \($0.to)" } == [
        "User ->> Store", "Store ->> E1", "E1 ->> D1", "D1 -->> E1", "E1 ->> Store",
        "E1 -->> Store",
      ])
    #expect(diagram.messages[0].text == "NumberFact.Action.numberFactButtonTapped")
    #expect(
      diagram.messages[4].text
        == "NumberFact.Action.numberFactResponse(.success(\"1 is a number\"))")
    #expect(diagram.messages[2].text == "(1) [test value]")
    #expect(diagram.messages[3].text == "\"1 is a number\"")
    #expect(diagram.unparsed.isEmpty)
  }

  @Test func declaredSwiftOverrideNamesItsLayerAndSite() async {
    let trace = DependencyTrace()
    let line = #line + 5
    let store = TestStore(initialState: NumberFact.State(count: 5)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is odd" }
      $0.dependencyTrace = trace.overriding("numberFact.fetch")
    }
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.success("5 is odd"))) { $0.numberFact = "5 is odd" }
    #expect(
      trace.accessText()
        == "numberFact.fetch(5) → \"5 is odd\" [override at DepsCatalogueTests/TraceTests.swift:\(line)] "
        + "during effect 1 of NumberFact.Action.numberFactButtonTapped")
    #expect(trace.unusedOverrides.isEmpty)
  }

  @Test func unusedOverrideIsReported() async {
    let trace = DependencyTrace()
    let store = TestStore(initialState: NumberFact.State()) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0)" }
      $0.dependencyTrace = trace.overriding("numberFact.fetch", fileID: "t.swift", line: 3)
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    #expect(
      trace.unusedOverrideMessages == ["override of numberFact.fetch (t.swift:3) was never used"])
  }

  @Test func strictTraceFailsFinishWithTheUnusedOverride() async {
    let trace = DependencyTrace(strictOverrides: true)
    let store = TestStore(initialState: NumberFact.State()) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0)" }
      $0.dependencyTrace = trace.overriding("numberFact.fetch", fileID: "strict.swift", line: 9)
    }
    let issues = await recordIssues {
      await store.send(.incrementButtonTapped) { $0.count = 1 }
      await store.finish()
      await store.finish()
    }
    #expect(
      issues.map(\.message) == ["override of numberFact.fetch (strict.swift:9) was never used"])
  }

  @Test func unusedOverrideIsANoteAtFinishByDefault() async {
    let trace = DependencyTrace()
    let store = TestStore(initialState: NumberFact.State()) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0)" }
      $0.dependencyTrace = trace.overriding("numberFact.fetch", fileID: "note.swift", line: 11)
    }
    let issues = await recordIssues {
      await store.send(.incrementButtonTapped) { $0.count = 1 }
      await store.finish()
    }
    #expect(issues.isEmpty)
    #expect(
      UnusedOverrides.takeNotes().contains(
        "override of numberFact.fetch (note.swift:11) was never used"))
  }

  @Test func failingSwiftTestEndsWithTheLastSteps() async {
    let trace = DependencyTrace()
    let store = tracedStore(trace)
    let issues = await recordIssues {
      await store.send(.numberFactButtonTapped)
      await store.receive(.numberFactResponse(.success("1 is a number"))) {
        $0.numberFact = "2 is a number"
      }
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasSuffix(
        """


        Last steps:
        1. send NumberFact.Action.numberFactButtonTapped
        2. effect 1 started (by 1)
        3. numberFact.fetch(1) → "1 is a number" [test value] (effect 1)
        4. receive NumberFact.Action.numberFactResponse(.success("1 is a number")) (from effect 1)
        5. effect 1 finished
        """) == true, "\(issues.first?.message ?? "")")
  }

  @Test func withoutARecorderNothingIsTraced() async {
    let store = TestStore(initialState: NumberFact.State(count: 1)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a number" }
    }
    #expect(store.dependencyTrace == nil)
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.success("1 is a number"))) {
      $0.numberFact = "1 is a number"
    }
  }

  @Test func swiftActionsReadAsTheDumperPrintsThemOnOneLine() {
    #expect(
      DependencyTrace.describe(MultiLineAction.set(.init(count: 2, names: ["a", "b"])))
        == #"MultiLineAction.set(MultiLineAction.Payload(count: 2, names: [[0]: "a", [1]: "b"]))"#)
    #expect(
      DependencyTrace.describe(JSONValue.string("incrementButtonTapped")) == "incrementButtonTapped"
    )
  }

  @Test func upfrontCheckFollowsDeclaredChildrenAndNamesUnknownOnes() throws {
    var counter = try FeatureRegistry.shared.descriptor("Counter")
    let own: Set<String> = ["delayClient.wait", "continuousClock"]
    #expect(counter.dependencyCoverage(overridden: own) == DependencyCoverage())
    counter.children = ["NumberFact", "Ghost"]
    let coverage = counter.dependencyCoverage(overridden: own)
    #expect(coverage.uncovered == ["numberFact.fetch"])
    #expect(coverage.unknownChildren == ["Ghost (child of Counter)"])
    #expect(
      counter.checkMessage(coverage)
        == "Counter may reach dependencies with neither a test value nor an override: "
        + "numberFact.fetch; Counter declares child features that are not registered, so their "
        + "dependencies cannot be checked: Ghost (child of Counter)")
    #expect(
      counter.dependencyCoverage(overridden: own.union(["numberFact.fetch"])).uncovered.isEmpty)
    let app = try FeatureRegistry.shared.descriptor("App")
    #expect(app.children == ["Todos"])
    #expect(app.dependencyCoverage(overridden: []).uncovered == ["uuid", "date.now"])
  }

  @Test func failedCallIsTracedWithItsError() async {
    let trace = DependencyTrace()
    let store = TestStore(initialState: NumberFact.State(count: 2)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact.fetch = { _ in throw NumberFactError("offline") }
      $0.dependencyTrace = trace
    }
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.failure("offline"))) {
      $0.errorMessage = "offline"
    }
    #expect(
      trace.accessText().hasPrefix(
        "numberFact.fetch(2) → error: offline [test value] during effect 1 of NumberFact.Action.numberFactButtonTapped"
      ))
  }
}

/// An action whose payload dumps on several lines.
enum MultiLineAction: Equatable {
  struct Payload: Equatable {
    var count: Int
    var names: [String]
  }
  case set(Payload)
}

/// A small parser of the Mermaid sequenceDiagram subset the timeline uses.
struct MermaidSequence {
  struct Message { let from, arrow, to, text: String }
  var header = ""
  var participants: [String: String] = [:]
  var messages: [Message] = []
  var unparsed: [String] = []

  init(parsing text: String) {
    var lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    header = lines.isEmpty ? "" : lines.removeFirst()
    for line in lines {
      if line.hasPrefix("participant ") {
        let rest = line.dropFirst("participant ".count)
        if let range = rest.range(of: " as ") {
          participants[String(rest[..<range.lowerBound])] = String(rest[range.upperBound...])
        } else {
          participants[String(rest)] = String(rest)
        }
        continue
      }
      guard let colon = line.firstIndex(of: ":") else {
        unparsed.append(line)
        continue
      }
      let head = line[..<colon]
      let body = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      var parsed: Message?
      for arrow in ["-->>", "->>"] {
        if let range = head.range(of: arrow) {
          let from = String(head[..<range.lowerBound])
          let to = String(head[range.upperBound...])
          if participants[from] != nil || from == "Store",
            participants[to] != nil || to == "Store"
          {
            parsed = Message(from: from, arrow: arrow, to: to, text: body)
          }
          break
        }
      }
      if let parsed { messages.append(parsed) } else { unparsed.append(line) }
    }
  }
}
