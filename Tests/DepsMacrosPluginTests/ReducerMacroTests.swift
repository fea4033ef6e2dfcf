// `@Reducer` on a struct: the conformance, the attributes it adds to `Action`, `State` and
// `body`, the members it makes up, and TCA's two misuse diagnostics.
import Testing

@Suite struct ReducerMacroTests {
  @Test func featureWithItsDomain() {
    assertExpansion(
      #"""
      @Reducer
      struct Counter {
        struct State: Equatable {
          var count = 0
        }
        enum Action {
          case incrementTapped
        }
        var body: some ReducerOf<Self> {
          Reduce { state, action in .none }
        }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        struct Counter {
          struct State: Equatable {
            var count = 0
          }
          @CasePathable
          enum Action {
            case incrementTapped
          }
          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          var body: some ReducerOf<Self> {
            Reduce { state, action in .none }
          }
        }

        extension Counter: ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func enumStateAndExistingAttributes() {
    assertExpansion(
      #"""
      @Reducer
      struct App {
        @dynamicMemberLookup
        enum State {
          case loggedIn(Int)
        }
        @CasePaths.CasePathable
        enum Action {
          case logOut
        }
        enum Other {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        struct App {
          @dynamicMemberLookup
          @CasePathable
          enum State {
            case loggedIn(Int)
          }
          @CasePaths.CasePathable
          enum Action {
            case logOut
          }
          enum Other {}
          @ReducerBuilder<State, Action>
          var body: some ReducerOf<Self> {
            EmptyReducer()
          }
        }

        extension App: ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func existingCasePathableConformance() {
    assertExpansion(
      #"""
      @Reducer
      struct Feature: ComposableArchitecture.Reducer {
        enum State: CasePathable {}
        enum Action: CasePaths.CasePathable {}
        var body: some Reducer<State, Action> { EmptyReducer() }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        struct Feature: ComposableArchitecture.Reducer {
          @dynamicMemberLookup
          enum State: CasePathable {}
          enum Action: CasePaths.CasePathable {}
          @ComposableArchitecture.ReducerBuilder<State, Action>
          var body: some Reducer<State, Action> { EmptyReducer() }
        }
        """#)
  }

  @Test func madeUpDomain() {
    assertExpansion(
      #"""
      @Reducer
      public struct Placeholder {
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        public struct Placeholder {

          @ObservableState
          public struct State: Codable, Equatable, Hashable, Sendable {
            public init() {
            }
          }

          public enum Action: Equatable, Hashable, Sendable {
          }

          public let body = ComposableArchitecture.EmptyReducer<State, Action>()
        }

        extension Placeholder: ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func typealiasDomainAndOtherBodies() {
    assertExpansion(
      #"""
      @Reducer
      struct Aliased {
        typealias State = Int
        typealias Action = Bool
      }
      @Reducer
      struct Typed {
        var body: some Reducer<Int, Bool> { EmptyReducer() }
      }
      @Reducer
      struct Borrowed {
        var body: some ReducerOf<Base> { Base() }
      }
      @Reducer
      struct Stored {
        let body = EmptyReducer<State, Action>()
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        struct Aliased {
          typealias State = Int
          typealias Action = Bool

          let body = ComposableArchitecture.EmptyReducer<State, Action>()
        }
        struct Typed {
          @ComposableArchitecture.ReducerBuilder<Int, Bool>
          var body: some Reducer<Int, Bool> { EmptyReducer() }
        }
        struct Borrowed {
          @ComposableArchitecture.ReducerBuilder<Base.State, Base.Action>
          var body: some ReducerOf<Base> { Base() }
        }
        struct Stored {
          let body = EmptyReducer<State, Action>()
        }

        extension Aliased: ComposableArchitecture.Reducer {
        }

        extension Typed: ComposableArchitecture.Reducer {
        }

        extension Borrowed: ComposableArchitecture.Reducer {
        }

        extension Stored: ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func availability() {
    assertExpansion(
      #"""
      @available(macOS 14, *)
      @Reducer
      struct Modern {
        struct State {}
        enum Action {}
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""
        @available(macOS 14, *)
        struct Modern {
          struct State {}
          @CasePathable
          enum Action {}
          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          var body: some ReducerOf<Self> { EmptyReducer() }
        }

        @available(macOS 14, *) extension Modern: ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func classIsExpandedLikeAStruct() {
    // TCA has no diagnostic for a class reducer: it gets the struct's expansion.
    assertExpansion(
      #"""
      @Reducer
      final class Legacy {
        struct State {}
        enum Action {}
        var body: some ReducerOf<Legacy> { EmptyReducer() }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        final class Legacy {
          struct State {}
          @CasePathable
          enum Action {}
          @ComposableArchitecture.ReducerBuilder<Legacy.State, Legacy.Action>
          var body: some ReducerOf<Legacy> { EmptyReducer() }
        }

        extension Legacy: ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func reduceMethodIsDeprecated() {
    assertExpansion(
      #"""
      @Reducer
      struct Old {
        struct State {}
        enum Action {}
        func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
          .none
        }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        struct Old {
          struct State {}
          @CasePathable
          enum Action {}
          func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
            .none
          }
        }

        extension Old: ComposableArchitecture.Reducer {
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message:
            "'reduce(into:action:)' is deprecated: Reducers should be defined using the 'body' "
            + "property and a 'Reduce'.",
          line: 5, column: 8, severity: .warning, fixIts: ["Use 'body' instead"])
      ],
      fixed: #"""
        @Reducer
        struct Old {
          struct State {}
          enum Action {}
          var body: some Reducer<State, Action> {
        Reduce { state, action in
        .none
        }
        }
        }
        """#)
  }

  @Test func argumentsOnAStruct() {
    assertExpansion(
      #"""
      @Reducer(state: .equatable)
      struct Feature {
        struct State {}
        enum Action {}
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        struct Feature {
          struct State {}
          @CasePathable
          enum Action {}
          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          var body: some ReducerOf<Self> { EmptyReducer() }
        }

        extension Feature: ComposableArchitecture.Reducer {
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: "Argument passed to call that takes no arguments when applied to a struct",
          line: 1, column: 10, fixIts: ["Remove '(state: .equatable)'"])
      ],
      fixed: #"""
        @Reducer
        struct Feature {
          struct State {}
          enum Action {}
          var body: some ReducerOf<Self> { EmptyReducer() }
        }
        """#)
  }
}
