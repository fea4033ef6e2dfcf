// swift-custom-dump's `customDump` and `String(customDumping:)`, and its rule that a struct's or a
// class's members a macro adds for itself (named with `_$`, as `@ObservableState`'s registrar)
// are left out of dumps and diffs unless the type draws its own mirror.
import ComposableArchitecture
import CustomDump
import DependenciesTestSupport
import Testing

private struct Registrar: Equatable {}

private struct Tracked: Equatable {
  var name: String
  let _$observationRegistrar = Registrar()
}

private final class TrackedObject {
  let name = "Blob Sr."
  let _$observationRegistrar = Registrar()
}

private final class ReflectedObject: CustomDumpReflectable {
  let name = "Blob Sr."
  let _$observationRegistrar = Registrar()
  var customDumpMirror: Mirror {
    Mirror(
      self, children: ["name": name, "_$observationRegistrar": _$observationRegistrar],
      displayStyle: .class)
  }
}

@Reducer
private struct ObservedTally {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var label = ""
  }
  enum Action { case add }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

struct CustomDumpDumpTests {
  @Test func customDumpWritesToAStreamAndReturnsTheValue() {
    var out = ""
    let value = customDump([1, 2], to: &out, name: "pair")
    #expect(value == [1, 2])
    #expect(out == "pair: [\n  [0]: 1,\n  [1]: 2\n]")
    #expect(String(customDumping: [1, 2]) == "[\n  [0]: 1,\n  [1]: 2\n]")
  }

  @Test func macroMembersAreLeftOutOfStructAndClassDumps() {
    #expect(
      String(customDumping: Tracked(name: "Blob Jr.")) == """
        Tracked(
          name: "Blob Jr."
        )
        """)
    #expect(
      String(customDumping: TrackedObject()) == """
        TrackedObject(
          name: "Blob Sr."
        )
        """)
  }

  @Test func aTypeThatDrawsItsOwnMirrorKeepsThem() {
    #expect(
      String(customDumping: ReflectedObject()) == """
        ReflectedObject(
          name: "Blob Sr.",
          _$observationRegistrar: Registrar()
        )
        """)
  }

  @Test func macroMembersAreLeftOutOfDiffs() {
    #expect(
      diff(Tracked(name: "Blob Sr."), Tracked(name: "Blob Jr.")) == """
          Tracked(
        -   name: "Blob Sr."
        +   name: "Blob Jr."
          )
        """)
  }

  @Test func aTestStoreFailureOnObservableStateShowsNoRegistrar() async {
    let store = TestStore(initialState: ObservedTally.State()) { ObservedTally() }
    let issues = await recordIssues {
      await store.send(.add) { $0.count = 2 }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

            \u{2007} ObservedTally.State(
            \u{2212}   _count: 2,
            +   _count: 1,
            \u{2007}   _label: ""
            \u{2007} )

        (Expected: \u{2212}, Actual: +)
        """
      ])
  }
}
