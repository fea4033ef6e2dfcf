// The Swift entry point of the explorer: a planted bug found and shrunk, a race found through
// the effect order, a property that holds, the Swift generators' shrinking, and the same report
// under the same seed.
import ComposableArchitecture
import Testing

@Reducer
struct ExploreLock {
  struct State: Equatable {
    var code: [Int] = []
    var isOpen = false
  }
  enum Action: Equatable {
    case digit(Int)
    case enter
    case clear
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .digit(let digit):
        state.code.append(digit)
      case .enter:
        // The planted bug: two digits, the second larger, open the lock.
        state.isOpen =
          state.code == [1, 2, 3, 4] || (state.code.count == 2 && state.code[1] > state.code[0])
        state.code = []
      case .clear:
        state.code = []
        state.isOpen = false
      }
      return .none
    }
  }
}

@Reducer
struct ExploreSearch {
  struct State: Equatable {
    var query = 0
    var results = 0
    var searching = 0
  }
  enum Action: Equatable {
    case query(Int)
    case results(Int)
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .query(let query):
        state.query = query
        state.searching += 1
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.results(query))
        }
      case .results(let results):
        state.results = results
        state.searching -= 1
        return .none
      }
    }
  }
}

private var lockActions: [Gen<ExploreLock.Action>] {
  [
    Gen.integer(in: 0...9).map(ExploreLock.Action.digit), .constant(.enter), .constant(.clear),
  ]
}

@Suite struct ExploreTests {
  @Test func findsAndShrinksThePlantedBug() async throws {
    do {
      try await explore(
        initialState: ExploreLock.State(), reducer: { ExploreLock() }, actions: lockActions,
        invariant: { state, action in !(action == .enter && state.isOpen) },
        steps: 12, runs: 200, seed: 7)
      Issue.record("the planted bug was not found")
    } catch {
      #expect(error.steps == 3)
      #expect(
        error.report == """
          falsified after 8 runs (seed 7): shrunk to 3 steps
            1. .digit(0)
               state: ExploreLock.State(
                        code: [
                          [0]: 0
                        ],
                        isOpen: false
                      )
            2. .digit(1)
               state: ExploreLock.State(
                        code: [
                          [0]: 0,
                          [1]: 1
                        ],
                        isOpen: false
                      )
            3. .enter
               state: ExploreLock.State(
                        code: [],
                        isOpen: true
                      )
            invariant failed
          """)
    }
  }

  @Test func theSameSeedGivesTheSameReport() async throws {
    func report() async -> String {
      do {
        try await explore(
          initialState: ExploreLock.State(), reducer: { ExploreLock() }, actions: lockActions,
          invariant: { state, action in !(action == .enter && state.isOpen) }, seed: 42)
        return "held"
      } catch {
        return error.report
      }
    }
    let first = await report()
    #expect(first.hasPrefix("falsified after "))
    #expect(first.contains("(seed 42): shrunk to 3 steps"))
    #expect(await report() == first)
  }

  @Test func findsARaceThroughTheEffectOrder() async throws {
    do {
      try await explore(
        initialState: ExploreSearch.State(), reducer: { ExploreSearch() },
        actions: [Gen.integer(in: 0...9).map(ExploreSearch.Action.query)],
        invariant: { state, _ in state.searching > 0 || state.results == state.query },
        withDependencies: { $0.continuousClock = TestClock() },
        steps: 6, runs: 300, seed: 3)
      Issue.record("the race was not found")
    } catch {
      #expect(error.steps == 2)
      #expect(
        error.report.contains(
          "     clock +1 s\n     received .results(1)\n     received .results(0)\n"))
    }
  }

  @Test func aPropertyThatHoldsReportsItsCounts() async throws {
    let summary = try await explore(
      initialState: ExploreLock.State(), reducer: { ExploreLock() },
      actions: [Gen.integer(in: 0...9).map(ExploreLock.Action.digit), .constant(.clear)],
      invariant: { state, _ in !state.isOpen }, steps: 8, runs: 25, seed: 1)
    #expect(summary == ExploreSummary(runs: 25, steps: 200, seed: 1))
    #expect(summary.report == "passed 25 runs, 200 steps (seed 1)")
  }

  @Test func generatorsShrinkToTheirSimplestFailingValue() async throws {
    /// The first step of the shrunk run of "no value sent fails".
    func shrunk<Value: Equatable & Sendable>(
      _ generator: Gen<Value>, failsWhen: @escaping (Value) -> Bool
    ) async -> String {
      do {
        try await explore(
          initialState: ExploreEcho<Value>.State(), reducer: { ExploreEcho<Value>() },
          actions: [generator.map(ExploreEcho<Value>.Action.value)],
          invariant: { state, _ in !(state.last.map(failsWhen) ?? false) },
          steps: 3, runs: 200, seed: 1)
        return "held"
      } catch {
        // The step's action: from "  1." to the line before "     state:".
        let lines = error.report.split(separator: "\n").dropFirst()
        return lines.prefix { !$0.hasPrefix("     state:") }.joined(separator: "\n")
      }
    }
    #expect(await shrunk(Gen.integer(in: 0...1000)) { $0 >= 5 } == "  1. .value(5)")
    #expect(await shrunk(Gen.integer(in: -1000...1000)) { $0 <= -7 } == "  1. .value(-7)")
    #expect(await shrunk(Gen.number(in: 0...100)) { $0 >= 2.5 } == "  1. .value(2.5)")
    #expect(await shrunk(Gen.string(maxLength: 10)) { $0.count >= 3 } == "  1. .value(\"aaa\")")
    #expect(await shrunk(Gen.boolean) { $0 } == "  1. .value(true)")
    #expect(await shrunk(Gen.element(of: ["a", "b", "c"])) { $0 != "a" } == "  1. .value(\"b\")")
    #expect(
      await shrunk(Gen.oneOf([.constant(1), Gen.integer(in: 10...20)])) { $0 > 15 }
        == "  1. .value(16)")
    #expect(
      await shrunk(Gen.list(of: Gen.integer(in: 0...9), maxLength: 8)) { $0.reduce(0, +) >= 10 }
        == """
          1. .value(
               [
                 [0]: 1,
                 [1]: 9
               ]
             )
        """)
  }
}

/// A feature keeping the last value it was sent (what the generator tests shrink).
struct ExploreEcho<Value: Equatable & Sendable>: Reducer {
  struct State: Equatable {
    var last: Value?
  }
  enum Action {
    case value(Value)
  }
  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .value(let value): state.last = value
      }
      return .none
    }
  }
}
