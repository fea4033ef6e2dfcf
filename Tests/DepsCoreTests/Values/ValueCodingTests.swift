import Foundation
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
@testable import DepsCatalogue

// Test types mirroring docs/values.md, "The seed catalogue", declared here so the test owns them.
private enum CounterAction: Codable, Equatable {
  case incrementButtonTapped, decrementButtonTapped
  case delayedIncrementButtonTapped, delayedIncrementFinished
}

private enum FactResult: Codable, Equatable {
  case success(String)
  case failure(String)
}

private enum NumberFactAction: Codable, Equatable {
  case incrementButtonTapped, decrementButtonTapped, numberFactButtonTapped
  case numberFactResponse(FactResult)
}

private enum CountResult: Codable, Equatable {
  case success(Int)
  case failure(String)
}

private enum CountAction: Codable, Equatable {
  case numberFactResponse(CountResult)
}

private struct Todo: Codable, Equatable {
  var id: UUID
  var createdAt: Date
  var title: String
}

private struct TodosState: Codable, Equatable {
  var todos: [Todo] = []
}

private enum TodosAction: Codable, Equatable {
  case addButtonTapped
  case titleChanged(id: UUID, title: String)
  case deleteButtonTapped(id: UUID)
}

private struct AppState: Codable, Equatable {
  var todos = TodosState()
  var tutorial: TodosState?
}

private enum AppAction: Codable, Equatable {
  case todos(TodosAction)
  case tutorialButtonTapped
  case tutorial(TodosAction)
  case tutorialDismissed
}

private enum ShapeAction: Codable, Equatable {
  case move(Int, Int)
  case pair(String, Int?)
  case optional(Int?)
  case note(text: String?)
  case small(UInt8)
}

private struct NumberFactState: Codable, Equatable {
  var count = 0
  var numberFact: String?
  var errorMessage: String?
}

private struct Counter: Codable, Equatable {
  var count: Int
}

@Suite struct ValueCodingTests {
  static let id = UUID(uuidString: "deadbeef-dead-beef-dead-beefdeadbeef") ?? UUID()
  static let idString = "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"

  private func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    try ValueEncoder().encode(value)
  }

  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try ValueDecoder().decode(type, fromJSON: json)
  }

  private func roundTrip<T: Codable & Equatable>(_ value: T, _ json: String) throws {
    let encoded = try encode(value)
    #expect(encoded.json() == json)
    #expect(JSONValue(reflecting: value) == encoded)
    #expect(try decode(T.self, json) == value)
  }

  private func failure<T: Decodable>(_ type: T.Type, _ json: String) -> ValueError? {
    do {
      _ = try decode(type, json)
      return nil
    } catch let error as ValueError {
      return error
    } catch {
      return ValueError(kind: .malformed, message: "unexpected \(error)")
    }
  }

  // MARK: - The action convention, both ways

  @Test func noPayloadIsABareString() throws {
    try roundTrip(CounterAction.incrementButtonTapped, #""incrementButtonTapped""#)
    try roundTrip(CounterAction.delayedIncrementFinished, #""delayedIncrementFinished""#)
    // Swift's own synthesized form is accepted too.
    #expect(
      try decode(CounterAction.self, #"{"decrementButtonTapped":{}}"#)
        == .decrementButtonTapped)
  }

  @Test func oneUnlabeledPayload() throws {
    try roundTrip(
      NumberFactAction.numberFactResponse(.success("0 is a number")),
      #"{"numberFactResponse":{"success":"0 is a number"}}"#)
    try roundTrip(
      NumberFactAction.numberFactResponse(.failure("offline")),
      #"{"numberFactResponse":{"failure":"offline"}}"#)
    try roundTrip(FactResult.success("x"), #"{"success":"x"}"#)
    try roundTrip(NumberFactAction.numberFactButtonTapped, #""numberFactButtonTapped""#)
  }

  @Test func labeledPayloads() throws {
    try roundTrip(
      TodosAction.titleChanged(id: Self.id, title: "Milk"),
      #"{"titleChanged":{"id":"\#(Self.idString)","title":"Milk"}}"#)
    try roundTrip(
      TodosAction.deleteButtonTapped(id: Self.id),
      #"{"deleteButtonTapped":{"id":"\#(Self.idString)"}}"#)
    // Lowercase UUIDs from C are accepted.
    let lowercase = #"{"deleteButtonTapped":{"id":"\#(Self.idString.lowercased())"}}"#
    #expect(try decode(TodosAction.self, lowercase) == .deleteButtonTapped(id: Self.id))
  }

  @Test func severalUnlabeledPayloads() throws {
    try roundTrip(ShapeAction.move(1, 2), #"{"move":[1,2]}"#)
    try roundTrip(ShapeAction.pair("a", nil), #"{"pair":["a",null]}"#)
    try roundTrip(ShapeAction.pair("a", 3), #"{"pair":["a",3]}"#)
  }

  @Test func optionalPayloads() throws {
    try roundTrip(ShapeAction.optional(4), #"{"optional":4}"#)
    try roundTrip(ShapeAction.optional(nil), #"{"optional":null}"#)
    try roundTrip(ShapeAction.note(text: nil), #"{"note":{}}"#)
    try roundTrip(ShapeAction.note(text: "hi"), #"{"note":{"text":"hi"}}"#)
  }

  @Test func childActionsNest() throws {
    try roundTrip(AppAction.todos(.addButtonTapped), #"{"todos":"addButtonTapped"}"#)
    try roundTrip(AppAction.tutorialDismissed, #""tutorialDismissed""#)
    try roundTrip(
      AppAction.tutorial(.deleteButtonTapped(id: Self.id)),
      #"{"tutorial":{"deleteButtonTapped":{"id":"\#(Self.idString)"}}}"#)
    try roundTrip(
      [AppAction.tutorialButtonTapped, .todos(.addButtonTapped)],
      #"["tutorialButtonTapped",{"todos":"addButtonTapped"}]"#)
  }

  @Test func statesDatesAndUUIDs() throws {
    let todo = Todo(id: Self.id, createdAt: Date(timeIntervalSince1970: 1_234_567_890), title: "")
    try roundTrip(todo, #"{"id":"\#(Self.idString)","createdAt":1234567890,"title":""}"#)
    try roundTrip(
      Todo(id: Self.id, createdAt: Date(timeIntervalSince1970: 0.5), title: "a"),
      #"{"id":"\#(Self.idString)","createdAt":0.5,"title":"a"}"#)
    try roundTrip(NumberFactState(), #"{"count":0}"#)
    try roundTrip(NumberFactState(count: 1, numberFact: "f"), #"{"count":1,"numberFact":"f"}"#)
    try roundTrip(AppState(), #"{"todos":{"todos":[]}}"#)
    try roundTrip(
      AppState(todos: TodosState(todos: [todo]), tutorial: TodosState()),
      #"{"todos":{"todos":[{"id":"\#(Self.idString)","createdAt":1234567890,"title":""}]},"#
        + #""tutorial":{"todos":[]}}"#)
    // C and Lua send 1 where Swift encodes 1.0.
    #expect(try decode(Counter.self, #"{"count":1.0}"#) == Counter(count: 1))
    #expect(try decode(Double.self, "1") == 1.0)
  }

  @Test func valuesAndCollections() throws {
    #expect(try encode(["b": 1, "a": 2]) == ["a": 2, "b": 1])
    #expect(try encode([1, 2, 3]).json() == "[1,2,3]")
    #expect(try encode([Int?.none, 1]).json() == "[null,1]")
    #expect(try encode(["x": [true]] as JSONValue).json() == #"{"x":[true]}"#)
    #expect(try decode([String: Int].self, #"{"a":1}"#) == ["a": 1])
    #expect(try decode(JSONValue.self, #"{"a":[1]}"#) == ["a": [1]])
    #expect(try encode(UInt64.max) == .double(18_446_744_073_709_551_616))
    #expect(try encode(Float(0.1)).json() == "0.1")
  }

  // MARK: - Errors, verbatim

  @Test func wrongPayloadType() {
    #expect(
      failure(CountAction.self, #"{"numberFactResponse":{"success":"abc"}}"#)
        == ValueError(
          kind: .shape,
          message: #"expected an integer at numberFactResponse.success, got "abc""#))
    #expect(
      failure(Counter.self, #"{"count":1.5}"#)?.message
        == "expected an integer at count, got 1.5")
    #expect(
      failure(ShapeAction.self, #"{"small":300}"#)?.message
        == "expected an integer that fits in UInt8 at small, got 300")
    #expect(
      failure(Counter.self, #"{"count":null}"#)?.message
        == "expected an integer at count, got null")
    #expect(
      failure(NumberFactAction.self, #"{"numberFactResponse":{"failure":false}}"#)?.message
        == "expected a string at numberFactResponse.failure, got false")
  }

  @Test func wrongContainers() {
    #expect(failure(Counter.self, #""count""#)?.message == #"expected an object, got "count""#)
    #expect(failure(CounterAction.self, "3")?.message == "expected an enum case, got 3")
    #expect(failure([Int].self, #"{"a":1}"#)?.message == #"expected an array, got {"a":1}"#)
    #expect(
      failure(ShapeAction.self, #"{"move":1}"#)?.message
        == "expected an array at move, got 1")
    #expect(
      failure(TodosAction.self, #"{"titleChanged":"Milk"}"#)?.message
        == #"expected an object at titleChanged, got "Milk""#)
  }

  @Test func missingParts() {
    #expect(
      failure(TodosAction.self, #"{"titleChanged":{"id":"\#(Self.idString)"}}"#)
        == ValueError(kind: .shape, message: #"missing key "title" at titleChanged"#))
    #expect(failure(Counter.self, "{}")?.message == #"missing key "count""#)
    #expect(
      failure(TodosAction.self, #""titleChanged""#)?.message
        == #"missing key "id" at titleChanged"#)
    #expect(
      failure(NumberFactAction.self, #""numberFactResponse""#)?.message
        == "missing payload at numberFactResponse")
    #expect(
      failure(ShapeAction.self, #"{"move":[1]}"#)?.message
        == "missing element [1] at move")
  }

  @Test func pathsThroughArraysAndObjects() {
    let json =
      #"{"todos":[{"id":"\#(Self.idString)","createdAt":0,"title":""},"#
      + #"{"id":"\#(Self.idString)","createdAt":0,"title":5}]}"#
    #expect(
      failure(TodosState.self, json)?.message
        == "expected a string at todos[1].title, got 5")
    #expect(
      failure(TodosAction.self, #"{"deleteButtonTapped":{"id":"nope"}}"#)?.message
        == #"expected a UUID at deleteButtonTapped.id, got "nope""#)
    #expect(
      failure(Todo.self, #"{"id":"\#(Self.idString)","createdAt":"now","title":""}"#)?
        .message == #"expected a date at createdAt, got "now""#)
    #expect(
      failure(AppAction.self, #"{"tutorial":{"titleChanged":{"id":1,"title":""}}}"#)?
        .message == "expected a UUID at tutorial.titleChanged.id, got 1")
  }

  @Test func longValuesAreCutInMessages() {
    let long = String(repeating: "x", count: 100)
    #expect(
      failure(Counter.self, #"{"count":"\#(long)"}"#)?.message
        == "expected an integer at count, got \"" + String(repeating: "x", count: 58) + "…")
  }

  @Test func unknownCases() {
    #expect(
      failure(CounterAction.self, #""incrementButonTapped""#)
        == ValueError(
          kind: .notFound,
          message: #"unknown case "incrementButonTapped"; did you mean "incrementButtonTapped"?"#))
    #expect(
      failure(AppAction.self, #"{"todos":"addButtonTaped"}"#)?.message
        == #"unknown case "addButtonTaped" at todos; did you mean "addButtonTapped"?"#)
    #expect(
      failure(AppAction.self, #"{"todo":"addButtonTapped"}"#)?.message
        == #"unknown case "todo"; did you mean "todos"?"#)
    #expect(
      failure(CounterAction.self, #""reset""#)?.message
        == #"unknown case "reset"; expected one of "incrementButtonTapped", "#
        + #""decrementButtonTapped", "delayedIncrementButtonTapped", "delayedIncrementFinished""#)
    #expect(failure(FactResult.self, #"{"sucess":"x"}"#)?.kind == .notFound)
    #expect(
      failure(FactResult.self, #"{"sucess":"x"}"#)?.message
        == #"unknown case "sucess"; did you mean "success"?"#)
  }

  @Test func moreThanOneCase() {
    #expect(
      failure(FactResult.self, #"{"a":1,"b":2}"#)?.message
        == #"expected exactly one case, got {"a":1,"b":2}"#)
    #expect(failure(FactResult.self, "{}")?.message == "expected exactly one case, got {}")
  }

  @Test func caseNamesComeFromTheRuntime() {
    enum One: CodingKey { case only }
    enum Three: CodingKey { case a, b, c }
    enum None: CodingKey {}
    // A one-case key type has size 0: only the layout reads list its case.
    #expect(CodingKeyCases.names(One.self) == (RuntimeType.readsLayout ? ["only"] : nil))
    #expect(CodingKeyCases.names(Three.self) == ["a", "b", "c"])
    #expect(CodingKeyCases.names(None.self) == nil)
    #expect(CodingKeyCases.names(ValueCodingKey.self) == nil)
    #expect(RuntimeType.isEnum(decodable: CounterAction.self))
    #expect(!RuntimeType.isEnum(decodable: Counter.self))
    #expect(!RuntimeType.isEnum(decodable: Int?.self))
  }

  // MARK: - Reflection

  @Test func reflectionMatchesTheConvention() {
    final class Box { var value = 1; var next: Box? }
    #expect(
      JSONValue(reflecting: NumberFactAction.numberFactResponse(.success("s")))
        == ["numberFactResponse": ["success": "s"]])
    #expect(JSONValue(reflecting: ShapeAction.move(1, 2)) == ["move": [1, 2]])
    #expect(JSONValue(reflecting: CounterAction.incrementButtonTapped) == "incrementButtonTapped")
    #expect(JSONValue(reflecting: ["k": 1]) == ["k": 1])
    #expect(JSONValue(reflecting: (1, "a")) == [1, "a"])
    #expect(JSONValue(reflecting: Int?.none as Any) == .null)
    let box = Box()
    box.next = box
    #expect(JSONValue(reflecting: box) == ["value": 1, "next": "<cycle>"])
    #expect(JSONValue(reflecting: NumberFactState(count: 2)).json() == #"{"count":2}"#)
  }
}
