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
    sizes.map { size in
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
}
