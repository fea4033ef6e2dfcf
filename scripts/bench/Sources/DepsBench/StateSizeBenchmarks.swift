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
    State(todos: IdentifiedArray(uniqueElements: (0..<count).map { Todo(id: $0, title: "todo \($0)") }))
  }

  private static let ten = make(10)
  private static let thousand = make(1_000)
  private static let hundredThousand = make(100_000)
}

enum StateSizeBenchmarks {
  static let sizes = [10, 1_000, 100_000]
  static let titles = ["first", "second"]

  static var all: [Benchmark] {
    stateOwnCost + sizes.map { size in
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
