// How cost grows with the state: a todo list of N = 10, 1,000 and 100,000 items, one item's
// title changed per operation, through `Store.send` and a TestStore step asserting the change.
// The list is an `IdentifiedArray` (lookup by id is O(1)), so any growth with N is the store's.
import DepsCore

/// A todo list keyed by id.
struct SizedTodos: Reducer {
  struct Todo: Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
    var isComplete = false
  }

  struct State: Equatable, Sendable {
    var todos: IdentifiedArrayOf<Todo> = []
  }

  enum Action: Equatable, Sendable {
    case titleChanged(id: Int, title: String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .titleChanged(let id, let title):
        state.todos[id: id]?.title = title
        return .none
      }
    }
  }

  /// N todos; built once per N and shared (copy-on-write) by every run.
  static func state(_ count: Int) -> State {
    switch count {
    case 10: return ten
    case 1_000: return thousand
    default: return hundredThousand
    }
  }

  private static func make(_ count: Int) -> State {
    State(
      todos: IdentifiedArray(uniqueElements: (0..<count).map { Todo(id: $0, title: "todo \($0)") }))
  }

  private static let ten = make(10)
  private static let thousand = make(1_000)
  private static let hundredThousand = make(100_000)
}

/// The same list as a Codable feature in a registry, driven through the Bridge as C and Lua
/// drive a store (JSON action in; the whole state, or only the change, out), with a reducer
/// that finds the todo by position (its id), so the rows measure the Bridge, not a search.
struct BridgedTodos: Reducer {
  struct Todo: Equatable, Codable, Sendable {
    var id: Int
    var title: String
    var isComplete = false
  }

  struct State: Equatable, Codable, Sendable {
    var todos: [Todo] = []
  }

  enum Action: Equatable, Codable, Sendable {
    case titleChanged(id: Int, title: String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .titleChanged(let id, let title):
        if state.todos.indices.contains(id) { state.todos[id].title = title }
        return .none
      }
    }
  }

  static let registry: FeatureRegistry = {
    let registry = FeatureRegistry()
    registry.register(
      name: "BridgedTodos", summary: "", actions: [ActionDescriptor("titleChanged", payload: "")],
      dependencies: [], initialState: State(), codec: .codable
    ) { BridgedTodos() }
    return registry
  }()

  /// Stores already opened, by row (opening one decodes N todos: kept out of the timings).
  nonisolated(unsafe) static var opened: [String: any BridgedStore] = [:]

  /// The store of the row `name`, holding N todos, opened once (nil, with the error printed,
  /// when it cannot be opened).
  static func store(_ name: String, _ count: Int) -> (any BridgedStore)? {
    if let store = opened[name] { return store }
    guard let store = open(count) else { return nil }
    _ = store.stateChanges()
    opened[name] = store
    return store
  }

  private static func open(_ count: Int) -> (any BridgedStore)? {
    let state = JSONValue.object([
      "todos": .array(
        (0..<count).map { index in
          ["id": .int(index), "title": .string("todo \(index)"), "isComplete": false]
        })
    ])
    do {
      return try registry.descriptor("BridgedTodos").open(
        state: state, context: .test, overrides: DependencyOverrides())
    } catch {
      Harness.printError("BridgedTodos store failed to open: \(error)")
      return nil
    }
  }
}

enum StateSizeBenchmarks {
  static let sizes = [10, 1_000, 100_000]
  static let titles = ["first", "second"]

  static var all: [Benchmark] {
    stateOwnCost + bridged
      + sizes.map { size in
        var benchmark = Benchmark(
          name: "size.store.send.\(size)",
          summary: "Store.send changing one todo's title, \(size) todos",
          target: .none
        ) { n in
          let store = Store(initialState: SizedTodos.state(size)) { SizedTodos() }
          let id = size / 2
          for i in 0..<n { store.send(.titleChanged(id: id, title: titles[i & 1])) }
          blackHole(store.state.todos.count)
        }
        benchmark.warmup = 20
        return benchmark
      }
      + sizes.map { size in
        var benchmark = Benchmark(
          name: "size.teststore.step.\(size)",
          summary: "TestStore send + assertion of one todo's new title, \(size) todos",
          target: .none,
          async: { n in
            let store = TestStore(initialState: SizedTodos.state(size)) { SizedTodos() }
            let id = size / 2
            for i in 0..<n {
              let title = titles[i & 1]
              await store.send(.titleChanged(id: id, title: title)) {
                $0.todos[id: id]?.title = title
              }
            }
            blackHole(store.state.todos.count)
          })
        benchmark.warmup = 2
        return benchmark
      }
  }

  /// The Bridge: a JSON action sent, then nothing, the whole state, or only the change read.
  static var bridged: [Benchmark] {
    let reads: [(String, String, @Sendable (any BridgedStore) -> Void)] = [
      ("send", "send only", { _ in }),
      ("send+state", "+ the whole state as JSON text", { blackHole($0.state.json().utf8.count) }),
      (
        "send+changes", "+ the change as JSON Patch text",
        { blackHole($0.stateChanges().json().utf8.count) }
      ),
    ]
    return reads.flatMap { read in
      sizes.map { size in
        var benchmark = Benchmark(
          name: "size.bridge.\(read.0).\(size)",
          summary: "Bridge: JSON titleChanged sent, \(read.1), \(size) todos",
          target: .none
        ) { n in
          guard let store = BridgedTodos.store("\(read.0).\(size)", size) else { return }
          let actions: [JSONValue] = titles.map { title in
            ["titleChanged": ["id": .int(size / 2), "title": .string(title)]]
          }
          for i in 0..<n {
            do {
              _ = try store.send(actions[i & 1])
            } catch {
              Harness.printError("BridgedTodos send failed: \(error)")
              return
            }
            read.2(store)
          }
        }
        benchmark.warmup = 2
        return benchmark
      }
    }
  }

  /// What the state costs by itself, whoever holds it: a one-item change of a copy that shares
  /// its storage (copy-on-write copies the list) and `==` of two lists differing in one item.
  static var stateOwnCost: [Benchmark] {
    sizes.map { size in
      var benchmark = Benchmark(
        name: "size.state.cow.\(size)",
        summary: "the state's own copy-on-write: change one todo of a shared list, \(size) todos",
        target: .none
      ) { n in
        let shared = SizedTodos.state(size)
        let id = size / 2
        for i in 0..<n {
          var copy = shared
          copy.todos[id: id]?.title = titles[i & 1]
          blackHole(copy.todos.count)
        }
      }
      benchmark.warmup = 2
      return benchmark
    }
      + sizes.map { size in
        var benchmark = Benchmark(
          name: "size.state.eq.\(size)",
          summary: "the state's own ==: two lists differing in one todo, \(size) todos",
          target: .none
        ) { n in
          let before = SizedTodos.state(size)
          var after = before
          after.todos[id: size / 2]?.title = "changed"
          let pair = [before, after]
          for i in 0..<n { blackHole(pair[i & 1] == pair[1 - (i & 1)] ? 1 : 0) }
        }
        benchmark.warmup = 2
        return benchmark
      }
  }
}
