// `@Reducer` on an enum of features: the State and Action enums, the body running each
// feature on its case, the case markers it adds, and `CaseScope` / `scope(_:)`.
import Testing

@Suite struct ReducerEnumMacroTests {
  @Test func featuresAlertsAndData() {
    assertExpansion(
      #"""
      @Reducer
      enum Destination {
        case add(AddContact)
        case edit(Contacts.Edit)
        case alert(AlertState<Alert>)
        case dialog(ConfirmationDialogState<Never>)
        @ReducerCaseIgnored
        case web(URL)
        case detail(Item, editing: Bool)
        case loading
        enum Alert { case confirm }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        enum Destination {
          case add(AddContact)
          case edit(Contacts.Edit)
          @ReducerCaseEphemeral
          case alert(AlertState<Alert>)
          @ReducerCaseEphemeral
          case dialog(ConfirmationDialogState<Never>)
          @ReducerCaseIgnored
          case web(URL)
          @ReducerCaseIgnored
          case detail(Item, editing: Bool)
          @ReducerCaseIgnored
          case loading
          enum Alert { case confirm
        }

          @CasePathable
          @dynamicMemberLookup
          @ObservableState
          enum State: ComposableArchitecture.CaseReducerState {
            typealias StateReducer = Destination
            case add(AddContact.State)
            case edit(Contacts.Edit.State)
            case alert(AlertState<Alert>)
            case dialog(ConfirmationDialogState<Never>)
            case web(URL)
            case detail(Item, editing: Bool)
            case loading
          }

          @CasePathable
          enum Action {
            case add(AddContact.Action)
            case edit(Contacts.Edit.Action)
            case alert(Alert)
            case dialog(Never)
            case web(Swift.Never)
            case detail(Swift.Never)
            case loading(Swift.Never)
          }

          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
            ComposableArchitecture.Reduce(
              ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
              .ifCaseLet(\Self.State.Cases.add, action: \Self.Action.Cases.add) {
                AddContact()
              }
              .ifCaseLet(\Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
                Contacts.Edit()
              }
            )
          }

          @dynamicMemberLookup
          enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
            case add(ComposableArchitecture.StoreOf<AddContact>)
            case edit(ComposableArchitecture.StoreOf<Contacts.Edit>)
            case alert(AlertState<Alert>)
            case dialog(ConfirmationDialogState<Never>)
            case web(URL)
            case detail(Item, editing: Bool)
            case loading
            struct AllCasePaths {
              var add: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<AddContact>> \#
        {
                CasePaths.AnyCasePath(
                  embed: CaseScope.add,
                  extract: {
                    guard case let .add(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
              var edit: CasePaths.AnyCasePath<CaseScope, \#
        ComposableArchitecture.StoreOf<Contacts.Edit>> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.edit,
                  extract: {
                    guard case let .edit(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
              var alert: CasePaths.AnyCasePath<CaseScope, AlertState<Alert>> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.alert,
                  extract: {
                    guard case let .alert(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
              var dialog: CasePaths.AnyCasePath<CaseScope, ConfirmationDialogState<Never>> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.dialog,
                  extract: {
                    guard case let .dialog(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
              var web: CasePaths.AnyCasePath<CaseScope, URL> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.web,
                  extract: {
                    guard case let .web(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
              var loading: CasePaths.AnyCasePath<CaseScope, Void> {
                CasePaths.AnyCasePath(
                  embed: {
                    CaseScope.loading
                  },
                  extract: {
                    guard case .loading = $0 else {
                      return nil
                    };
                    return ()
                  }
                )
              }
            }
            static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          @preconcurrency @MainActor
          static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> \#
        CaseScope {
            switch store.state {
            case .add:
              return .add(store.scope(\.add, action: \.add)!)
            case .edit:
              return .edit(store.scope(\.edit, action: \.edit)!)
            case let .alert(v0):
              return .alert(v0)
            case let .dialog(v0):
              return .dialog(v0)
            case let .web(v0):
              return .web(v0)
            case let .detail(v0, v1):
              return .detail(v0, editing: v1)
            case .loading:
              return .loading
            }
          }
        }

        extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func handWrittenActionAndDefaultReducer() {
    assertExpansion(
      #"""
      @Reducer
      enum Path {
        case settings(Settings = Settings(mode: .compact))
        @ReducerCaseIgnored
        case banner(Banner)
        enum Action {
          case settings(Settings.Action)
          case banner(Banner.Action)
        }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        enum Path {
          case settings(Settings = Settings(mode: .compact))
          @ReducerCaseIgnored
          case banner(Banner)
          @CasePathable
          enum Action {
            case settings(Settings.Action)
            case banner(Banner.Action)
          }

          @CasePathable
          @dynamicMemberLookup
          @ObservableState
          enum State: ComposableArchitecture.CaseReducerState {
            typealias StateReducer = Path
            case settings(Settings.State)
            case banner(Banner)
          }

          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
            ComposableArchitecture.Reduce(
              ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
              .ifCaseLet(\Self.State.Cases.settings, action: \Self.Action.Cases.settings) {
                Settings(mode: .compact)
              }
            )
          }

          @dynamicMemberLookup
          enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
            case settings(ComposableArchitecture.StoreOf<Settings>)
            case banner(ComposableArchitecture.Store<Banner, Banner.Action>)
            struct AllCasePaths {
              var settings: CasePaths.AnyCasePath<CaseScope, \#
        ComposableArchitecture.StoreOf<Settings>> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.settings,
                  extract: {
                    guard case let .settings(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
              var banner: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.Store<Banner, \#
        Banner.Action>> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.banner,
                  extract: {
                    guard case let .banner(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
            }
            static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          @preconcurrency @MainActor
          static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> \#
        CaseScope {
            switch store.state {
            case .settings:
              return .settings(store.scope(\.settings, action: \.settings)!)
            case .banner:
              return .banner(store.scope(\.banner, action: \.banner)!)
            }
          }
        }

        extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func synthesizedConformancesAndAccess() {
    assertExpansion(
      #"""
      @Reducer(state: .equatable, .hashable, action: .sendable)
      public enum Sheet {
        case counter(Counter)
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        public enum Sheet {
          case counter(Counter)

          @CasePathable
          @dynamicMemberLookup
          @ObservableState
          public enum State: ComposableArchitecture.CaseReducerState, Equatable, Hashable {
            public typealias StateReducer = Sheet
            case counter(Counter.State)
          }

          @CasePathable
          public enum Action: Sendable {
            case counter(Counter.Action)
          }

          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          public static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
            ComposableArchitecture.Reduce(
              ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
              .ifCaseLet(\Self.State.Cases.counter, action: \Self.Action.Cases.counter) {
                Counter()
              }
            )
          }

          @dynamicMemberLookup
          public enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
            case counter(ComposableArchitecture.StoreOf<Counter>)
            public struct AllCasePaths {
              public var counter: CasePaths.AnyCasePath<CaseScope, \#
        ComposableArchitecture.StoreOf<Counter>> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.counter,
                  extract: {
                    guard case let .counter(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
            }
            public static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          @preconcurrency @MainActor
          public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) \#
        -> CaseScope {
            switch store.state {
            case .counter:
              return .counter(store.scope(\.counter, action: \.counter)!)
            }
          }
        }

        extension Sheet: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func conditionalCases() {
    // A `#if` clause with no feature still needs an expression in the `.ifCaseLet` chain.
    assertExpansion(
      #"""
      @Reducer
      enum Screen {
        case main(Main)
        #if DEBUG
          case debug(DebugMenu)
        #else
          case note(String, Int)
        #endif
        #if os(Linux)
          case plain(Int, Int)
        #elseif os(macOS)
          case mac(MacOnly)
        #endif
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        enum Screen {
          case main(Main)
          #if DEBUG
            case debug(DebugMenu)
          #else
            case note(String, Int)
          #endif
          #if os(Linux)
            case plain(Int, Int)
          #elseif os(macOS)
            case mac(MacOnly)
          #endif

          @CasePathable
          @dynamicMemberLookup
          @ObservableState
          enum State: ComposableArchitecture.CaseReducerState {
            typealias StateReducer = Screen
            case main(Main.State)
            #if DEBUG
            case debug(DebugMenu.State)
            #else
            case note(String, Int)
            #endif
            #if os(Linux)
            case plain(Int, Int)
            #elseif os(macOS)
            case mac(MacOnly.State)
            #endif
          }

          @CasePathable
          enum Action {
            case main(Main.Action)
            #if DEBUG
            case debug(DebugMenu.Action)
            #else
            case note(Swift.Never)
            #endif
            #if os(Linux)
            case plain(Swift.Never)
            #elseif os(macOS)
            case mac(MacOnly.Action)
            #endif
          }

          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
            ComposableArchitecture.Reduce(
              ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
              .ifCaseLet(\Self.State.Cases.main, action: \Self.Action.Cases.main) {
                Main()
              }
              #if DEBUG
              .ifCaseLet(\Self.State.Cases.debug, action: \Self.Action.Cases.debug) {
                DebugMenu()
              }
              #else
              .self
              #endif
              #if os(Linux)
              .self
              #elseif os(macOS)
              .ifCaseLet(\Self.State.Cases.mac, action: \Self.Action.Cases.mac) {
                MacOnly()
              }
              #endif
            )
          }

          @dynamicMemberLookup
          enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable {
            case main(ComposableArchitecture.StoreOf<Main>)
            #if DEBUG
            case debug(ComposableArchitecture.StoreOf<DebugMenu>)
            #else
            case note(String, Int)
            #endif
            #if os(Linux)
            case plain(Int, Int)
            #elseif os(macOS)
            case mac(ComposableArchitecture.StoreOf<MacOnly>)
            #endif
            struct AllCasePaths {
              var main: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<Main>> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.main,
                  extract: {
                    guard case let .main(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
              #if DEBUG
              var debug: CasePaths.AnyCasePath<CaseScope, \#
        ComposableArchitecture.StoreOf<DebugMenu>> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.debug,
                  extract: {
                    guard case let .debug(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
              #else
              #endif
              #if os(Linux)
              #elseif os(macOS)
              var mac: CasePaths.AnyCasePath<CaseScope, ComposableArchitecture.StoreOf<MacOnly>> {
                CasePaths.AnyCasePath(
                  embed: CaseScope.mac,
                  extract: {
                    guard case let .mac(v0) = $0 else {
                      return nil
                    };
                    return v0
                  }
                )
              }
              #endif
            }
            static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          @preconcurrency @MainActor
          static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> \#
        CaseScope {
            switch store.state {
            case .main:
              return .main(store.scope(\.main, action: \.main)!)
            #if DEBUG
            case .debug:
              return .debug(store.scope(\.debug, action: \.debug)!)
            #else
            case let .note(v0, v1):
              return .note(v0, v1)
            #endif
            #if os(Linux)
            case let .plain(v0, v1):
              return .plain(v0, v1)
            #elseif os(macOS)
            case .mac:
              return .mac(store.scope(\.mac, action: \.mac)!)
            #endif
            }
          }
        }

        extension Screen: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func emptyEnum() {
    assertExpansion(
      #"""
      @Reducer
      package enum Nothing {}
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        package enum Nothing {

          @CasePathable
          @dynamicMemberLookup
          @ObservableState
          package enum State: ComposableArchitecture.CaseReducerState {
            package typealias StateReducer = Nothing

          }

          @CasePathable
          package enum Action {

          }

          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          package static var body: ComposableArchitecture.EmptyReducer<Self.State, Self.Action> {
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
          }

          @dynamicMemberLookup
          package enum CaseScope: ComposableArchitecture._CaseScopeProtocol, CasePaths.CasePathable \#
        {

            package struct AllCasePaths {

            }
            package static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          @preconcurrency @MainActor
          package static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) \#
        -> CaseScope {
            switch store.state {

            }
          }
        }

        extension Nothing: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
        }
        """#)
  }

  @Test func existingMembersAreKept() {
    assertExpansion(
      #"""
      @Reducer
      enum Tab {
        case home(Home)
        @CasePathable @dynamicMemberLookup @ObservableState
        enum State: CaseReducerState {
          typealias StateReducer = Tab
          case home(Home.State)
        }
        static var body: some ReducerOf<Self> { EmptyReducer() }
        enum CaseScope {}
        static func scope(_ store: Store<State, Action>) -> CaseScope { fatalError() }
      }
      """#,
      macros: ["Reducer"],
      expandsTo: #"""

        enum Tab {
          case home(Home)
          @CasePathable @dynamicMemberLookup @ObservableState
          enum State: CaseReducerState {
            typealias StateReducer = Tab
            case home(Home.State)
          }
          @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
          static var body: some ReducerOf<Self> { EmptyReducer() }
          enum CaseScope {}
          static func scope(_ store: Store<State, Action>) -> CaseScope { fatalError() }

          @CasePathable
          enum Action {
            case home(Home.Action)
          }
        }

        extension Tab: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
        }
        """#)
  }
}
