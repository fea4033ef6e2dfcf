// A bridged store sends an action given as JSON text without parsing it into a `JSONValue`
// once its case is learned (`BridgedStore.send(actionText:)`, what `deps_store_send` calls),
// with the same name check, payload refusal and errors as `send(_:)`; `nil` means it did not
// take the text (nothing happened).
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

private struct TextyFeature: Reducer {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var note = ""
  }
  enum Action: Codable, Equatable, Sendable {
    case add(Int)
    case setNote(String)
    case reset
    case bump(Int)
    case hidden(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let amount), .bump(let amount), .hidden(let amount): state.count += amount
      case .setNote(let note): state.note = note
      case .reset: state = State()
      }
      return .none
    }
  }
}

@Suite struct BridgedActionTextTests {
  private func openStore() throws -> any BridgedStore {
    let features = FeatureRegistry()
    // `bump` is listed without a payload (so one is refused); `hidden` is not listed.
    features.register(
      name: "Texty", summary: "Counts.",
      actions: [
        ActionDescriptor("add", payload: "integer"), ActionDescriptor("setNote", payload: "string"),
        ActionDescriptor("reset"), ActionDescriptor("bump"),
      ],
      dependencies: [], initialState: TextyFeature.State(), codec: .codable,
      reducer: { TextyFeature() })
    return try features.descriptor("Texty").open(context: .live, overrides: DependencyOverrides())
  }

  private func sendText(_ store: any BridgedStore, _ text: String) throws(BridgeError)
    -> [String]?
  {
    var result: Result<[String]?, BridgeError> = .success(nil)
    Array(text.utf8).withUnsafeBytes { utf8 in
      result = Result { () throws(BridgeError) in try store.send(actionText: utf8) }
    }
    return try result.get()
  }

  @Test func aLearnedActionIsSentFromItsText() throws {
    let store = try openStore()
    defer { store.close() }
    _ = try ValueDecoder().decode(TextyFeature.Action.self, fromJSON: #"{"add":1}"#)
    _ = try ValueDecoder().decode(TextyFeature.Action.self, fromJSON: #"{"setNote":"x"}"#)
    guard EnumWitnesses.usable else {
      // Under DEPS_SAFE_RUNTIME=1 no case plan is learned: the text is left to the tree.
      #expect(try sendText(store, #"{"add":2}"#) == nil)
      #expect(store.state == ["count": 0, "note": ""])
      return
    }
    #expect(try sendText(store, #"{"add":2}"#) == [])
    #expect(try sendText(store, #" { "add" : 3 } "#) == [])
    #expect(try sendText(store, #"{"setNote":"caf\u00e9"}"#) == [])
    #expect(store.state == ["count": 5, "note": "café"])
    // Not taken (nothing happens): a wrong kind, malformed text, a case not learned.
    #expect(try sendText(store, #"{"add":"2"}"#) == nil)
    #expect(try sendText(store, #"{"add":2} x"#) == nil)
    #expect(try sendText(store, #""reset""#) == nil)
    #expect(store.state == ["count": 5, "note": "café"])
  }

  @Test func aRefusedPayloadIsNotTakenFromTheText() throws {
    let store = try openStore()
    defer { store.close() }
    _ = try ValueDecoder().decode(TextyFeature.Action.self, fromJSON: #"{"bump":1}"#)
    #expect(try sendText(store, #"{"bump":1}"#) == nil)
    #expect(
      throws: BridgeError(
        .decode, #"action "bump" of Texty takes no payload: send "bump", got {"bump":1}"#)
    ) {
      try store.send(JSONValue(json: #"{"bump":1}"#))
    }
    #expect(store.state == ["count": 0, "note": ""])
  }

  @Test func anUnlistedActionIsTheSameError() throws {
    let store = try openStore()
    defer { store.close() }
    _ = try ValueDecoder().decode(TextyFeature.Action.self, fromJSON: #"{"hidden":1}"#)
    let message = #"unknown action "hidden" for Texty"#
    #expect(throws: BridgeError(.notFound, message)) {
      try store.send(JSONValue(json: #"{"hidden":1}"#))
    }
    if EnumWitnesses.usable {
      #expect(throws: BridgeError(.notFound, message)) { try sendText(store, #"{"hidden":1}"#) }
    } else {
      #expect(try sendText(store, #"{"hidden":1}"#) == nil)
    }
    #expect(store.state == ["count": 0, "note": ""])
  }
}
