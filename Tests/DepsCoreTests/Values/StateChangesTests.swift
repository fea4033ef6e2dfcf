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

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The typed state changes: only what changed is located and encoded, and the operations
/// applied to the previous encoding give the new one.
@Suite struct StateChangesTests {
  struct Todo: Codable, Equatable {
    var id: UUID
    var title: String
    var done = false
  }

  enum Mode: Codable, Equatable {
    case idle
    case editing(id: Int)
  }

  struct Child: Codable, Equatable {
    var count = 0
    var note: String?
  }

  /// A custom `encode(to:)` writing a nested container: diffed through its encodings.
  struct Nested: Equatable, Codable {
    var x = 0
    enum Keys: String, CodingKey { case inner, x }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
      try inner.encode(x, forKey: .x)
    }
    init() {}
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      x = try container.nestedContainer(keyedBy: Keys.self, forKey: .inner).decode(
        Int.self, forKey: .x)
    }
  }

  /// Equal by `==` only through its id: a change the `==` does not see is not reported.
  struct State: Codable, Equatable {
    var todos: [Todo] = []
    var mode: Mode = .idle
    var child: Child?
    var tags: [String] = []
    var nested = Nested()
    var counts: [String: Int] = [:]
  }

  static func todo(_ n: Int, _ title: String = "") -> Todo {
    Todo(
      id: UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012d", n))")!,
      title: title.isEmpty ? "todo \(n)" : title)
  }

  static func changes<T: Encodable>(_ old: T, _ new: T) throws -> String {
    var operations: [JSONValue] = []
    try StateChanges.diff(from: old, to: new, into: &operations)
    return JSONValue.array(operations).json()
  }

  /// A large dictionary: its members are found by an index (linear, not quadratic), and one
  /// changed, added or removed key is one operation.
  @Test func aLargeDictionaryChangesByKey() throws {
    var state = State()
    for n in 0..<5_000 { state.counts["k\(n)"] = n }
    let old = state
    state.counts["k2500"] = -1
    state.counts["new"] = 7
    state.counts["k10"] = nil
    let operations = try JSONValue(json: try Self.changes(old, state)).arrayValue ?? []
    #expect(
      Set(operations.map { $0.json() }) == [
        #"{"op":"replace","path":"/counts/k2500","value":-1}"#,
        #"{"op":"add","path":"/counts/new","value":7}"#,
        #"{"op":"remove","path":"/counts/k10"}"#,
      ])
    let applied = try JSONPatch.apply(.array(operations), to: try ValueEncoder().encode(old))
    #expect(applied == (try ValueEncoder().encode(state)))
  }

  @Test func oneChangedElementIsOneOperation() throws {
    var state = State(todos: (0..<1000).map { Self.todo($0) })
    let old = state
    state.todos[500].title = "milk"
    #expect(
      try Self.changes(old, state)
        == #"[{"op":"replace","path":"/todos/500/title","value":"milk"}]"#)
    #expect(try Self.changes(state, state) == "[]")
  }

  @Test func insertionsRemovalsAndMembers() throws {
    var state = State(todos: (0..<5).map { Self.todo($0) })
    let old = state
    state.todos.insert(Self.todo(9), at: 2)
    state.mode = .editing(id: 3)
    state.child = Child(count: 1)
    #expect(
      try Self.changes(old, state) == """
        [{"op":"add","path":"/todos/2","value":{"id":"00000000-0000-0000-0000-000000000009",\
        "title":"todo 9","done":false}},\
        {"op":"replace","path":"/mode","value":{"editing":{"id":3}}},\
        {"op":"add","path":"/child","value":{"count":1}}]
        """)
    let withChild = state
    state.child = nil
    state.todos.remove(at: 1)
    state.nested.x = 4
    state.counts["a/b"] = 1
    #expect(
      try Self.changes(withChild, state) == """
        [{"op":"remove","path":"/todos/1"},{"op":"replace","path":"/nested/inner/x","value":4},\
        {"op":"add","path":"/counts/a~1b","value":1},{"op":"remove","path":"/child"}]
        """)
  }

  /// Property: random edits; the changes applied to the old encoding give the new encoding,
  /// and nothing is reported when the states are equal.
  @Test func changesAppliedGiveTheNewState() throws {
    var generator = SplitMix(seed: 14)
    var state = State()
    var next = 0
    for _ in 0..<500 {
      let old = state
      for _ in 0..<Int(generator.next() % 3) {
        switch generator.next() % 9 {
        case 0, 1:
          next += 1
          state.todos.insert(
            Self.todo(next), at: Int(generator.next() % UInt64(state.todos.count + 1)))
        case 2 where !state.todos.isEmpty:
          state.todos.remove(at: Int(generator.next() % UInt64(state.todos.count)))
        case 3 where !state.todos.isEmpty:
          let position = Int(generator.next() % UInt64(state.todos.count))
          state.todos[position].title = ["a", "b", "c"][Int(generator.next() % 3)]
          state.todos[position].done.toggle()
        case 4: state.mode = generator.next() % 2 == 0 ? .idle : .editing(id: next)
        case 5: state.child = generator.next() % 2 == 0 ? nil : Child(count: next)
        case 6: state.child?.note = generator.next() % 2 == 0 ? nil : "n\(next)"
        case 7: state.tags = Array(state.tags.prefix(Int(generator.next() % 3))) + ["t\(next)"]
        default: state.counts["k\(generator.next() % 3)"] = Int(generator.next() % 4)
        }
      }
      var operations: [JSONValue] = []
      try StateChanges.diff(from: old, to: state, into: &operations)
      let applied = try JSONPatch.apply(.array(operations), to: try ValueEncoder().encode(old))
      #expect(applied == (try ValueEncoder().encode(state)))
      if old == state { #expect(operations.isEmpty) }
    }
  }

  /// Through a registered feature's store: the first read is the whole state, then the
  /// operations of each change.
  @Test func bridgedStoreChanges() throws {
    let registry = FeatureRegistry()
    registry.register(
      name: "List", summary: "", actions: [ActionDescriptor("add"), ActionDescriptor("rename")],
      dependencies: [], initialState: ListFeature.State(), codec: .codable
    ) { ListFeature() }
    let store = try registry.descriptor("List").open(context: .test, overrides: .init())
    #expect(
      store.stateChanges().json()
        == #"[{"op":"replace","path":"","value":{"items":[]}}]"#)
    #expect(store.stateChanges().json() == "[]")
    _ = try store.send("add")
    _ = try store.send("add")
    #expect(
      store.stateChanges().json()
        == #"[{"op":"add","path":"/items/0","value":"item 0"},{"op":"add","path":"/items/1","value":"item 1"}]"#
    )
    _ = try store.send("rename")
    #expect(
      store.stateChanges().json()
        == #"[{"op":"replace","path":"/items/0","value":"renamed"}]"#)
  }
}

struct ListFeature: Reducer {
  struct State: Codable, Equatable, Sendable {
    var items: [String] = []
  }
  enum Action: Codable, Equatable, Sendable {
    case add
    case rename
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add: state.items.append("item \(state.items.count)")
      case .rename: if !state.items.isEmpty { state.items[0] = "renamed" }
      }
      return .none
    }
  }
}
