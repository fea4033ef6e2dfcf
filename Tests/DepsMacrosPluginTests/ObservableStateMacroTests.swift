// `@ObservableState` and the property macros it attaches (`@ObservationStateTracked`,
// `@ObservationStateIgnored`), on structs and enums, with TCA's diagnostics.
import DepsMacrosPlugin
import Testing

@Suite struct ObservableStateMacroTests {
  @Test func structMembersAndTrackedProperties() {
    // The expansion engine shows the attributes @ObservableState adds to the macros they
    // invoke, so it makes no `_count` storage; `ObservationStateTrackedMacroTests.storage`
    // calls the peer role as the compiler does.
    assertExpansion(
      #"""
      @ObservableState
      struct State: Equatable {
        var count = 0
        let id: Int
        var doubled: Int { count * 2 }
        static var shared = 1
        @ObservationStateIgnored var scratch = ""
        @Shared var settings: Settings
        @Presents var destination: Destination.State?
      }
      """#,
      macros: ["ObservableState", "ObservationStateTracked", "ObservationStateIgnored"],
      expandsTo: #"""

        struct State: Equatable {
          var count {
            @storageRestrictions(initializes: _count)
            init(initialValue) {
              _count = initialValue
            }
            get {
              _$observationRegistrar.access(self, keyPath: \.count)
              return _count
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, \#
        ComposableArchitecture._$isIdentityEqual, shouldNotifyObservers)
            }
            _modify {
              let oldValue = _$observationRegistrar.willModify(self, keyPath: \.count, &_count)
              defer {
                _$observationRegistrar.didModify(self, keyPath: \.count, &_count, oldValue, \#
        ComposableArchitecture._$isIdentityEqual)
              }
              yield &_count
            }
          }
          let id: Int
          var doubled: Int { count * 2 }
          static var shared = 1
          var scratch = ""
          @Shared
          var settings: Settings
          @Presents
          var destination: Destination.State?

          var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

          public var _$id: ComposableArchitecture.ObservableStateID {
            _$observationRegistrar.id
          }

          public mutating func _$willModify() {
            _$observationRegistrar._$willModify()
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu_>(_ lhs: \#
        __macro_local_6MemberfMu_, _ rhs: __macro_local_6MemberfMu_) -> Bool {
            true
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ \#
        lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
            lhs != rhs
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ \#
        lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
            lhs !== rhs
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & \#
        AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
            lhs != rhs
          }
        }

        extension State: ComposableArchitecture.ObservableState, Observation.Observable {
        }
        """#)
  }

  @Test func attributesAndConformances() {
    assertExpansion(
      #"""
      @available(macOS 14, *)
      @ObservableState
      public struct State {
        var name = ""
        @FetchAll var rows: [Row]
      }
      """#,
      macros: ["ObservableState"],
      expandsTo: #"""
        @available(macOS 14, *)
        public struct State {
          @ObservationStateTracked
          var name = ""
          @FetchAll
          @ObservationStateIgnored var rows: [Row]

          @ObservationStateIgnored var _$observationRegistrar = \#
        ComposableArchitecture.ObservationStateRegistrar()

          public var _$id: ComposableArchitecture.ObservableStateID {
            _$observationRegistrar.id
          }

          public mutating func _$willModify() {
            _$observationRegistrar._$willModify()
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu_>(_ lhs: \#
        __macro_local_6MemberfMu_, _ rhs: __macro_local_6MemberfMu_) -> Bool {
            true
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ \#
        lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
            lhs != rhs
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ \#
        lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
            lhs !== rhs
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & \#
        AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
            lhs != rhs
          }
        }

        @available(macOS 14, *) extension State: ComposableArchitecture.ObservableState, \#
        Observation.Observable {
        }
        """#)
  }

  @Test func membersAlreadyDeclaredAreNotRepeated() {
    assertExpansion(
      #"""
      @ObservableState
      struct State {
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()
        public mutating func _$willModify() {}
        private nonisolated func shouldNotifyObservers<T>(_ lhs: T, _ rhs: T) -> Bool { true }
      }
      """#,
      macros: ["ObservableState"],
      expandsTo: #"""

        struct State {
          @ObservationStateTracked
          var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()
          public mutating func _$willModify() {}
          private nonisolated func shouldNotifyObservers<T>(_ lhs: T, _ rhs: T) -> Bool { true }

          public var _$id: ComposableArchitecture.ObservableStateID {
            _$observationRegistrar.id
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ \#
        lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
            lhs != rhs
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ \#
        lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
            lhs !== rhs
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & \#
        AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
            lhs != rhs
          }
        }

        extension State: ComposableArchitecture.ObservableState, Observation.Observable {
        }
        """#)
  }

  @Test func enumState() {
    assertExpansion(
      #"""
      @ObservableState
      public enum Path {
        case detail(Detail.State)
        case edit(state: Edit.State)
        case pair(Int, String)
        case empty
        #if DEBUG
          case debug(Debug.State)
        #endif
      }
      """#,
      macros: ["ObservableState"],
      expandsTo: #"""

        public enum Path {
          case detail(Detail.State)
          case edit(state: Edit.State)
          case pair(Int, String)
          case empty
          #if DEBUG
            case debug(Debug.State)
          #endif

          public var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
            case let .detail(state):
              return ._$id(for: state)._$tag(0)
            case let .edit(state):
              return ._$id(for: state)._$tag(1)
            case .pair:
              return ComposableArchitecture.ObservableStateID()._$tag(2)
            case .empty:
              return ComposableArchitecture.ObservableStateID()._$tag(3)
            #if DEBUG
            case let .debug(state):
              return ._$id(for: state)._$tag(4)
            #endif
            }
          }

          public mutating func _$willModify() {
            switch self {
            case var .detail(state):
              ComposableArchitecture._$willModify(&state)
              self = .detail(state)
            case var .edit(state):
              ComposableArchitecture._$willModify(&state)
              self = .edit(state: state)
            case .pair:
              break
            case .empty:
              break
            #if DEBUG
            case var .debug(state):
              ComposableArchitecture._$willModify(&state)
              self = .debug(state)
            #endif
            }
          }
        }

        extension Path: ComposableArchitecture.ObservableState, Observation.Observable {
        }
        """#)
  }

  @Test func classesAndActorsAreRejected() {
    assertExpansion(
      #"""
      @ObservableState
      final class Model {}
      @ObservableState
      actor Worker {}
      """#,
      macros: ["ObservableState"],
      expandsTo: #"""

        final class Model {}
        actor Worker {}
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: "'@ObservableState' cannot be applied to class type 'Model'", line: 1,
          column: 1),
        ExpectedDiagnostic(
          message: "'@ObservableState' cannot be applied to actor type 'Worker'", line: 3,
          column: 1),
      ])
  }

  @Test func attributesOfOtherObservationMechanisms() {
    assertExpansion(
      #"""
      @ObservableState
      struct State {
        @ObservationIgnored var a = 0
        @ObservationTracked var b = 0
        @PresentationState var c: Child.State?
      }
      """#,
      macros: ["ObservableState"],
      expandsTo: #"""

        struct State {
          @ObservationIgnored
          @ObservationStateTracked var a = 0
          @ObservationTracked
          @ObservationStateTracked var b = 0
          @PresentationState
          @ObservationStateTracked var c: Child.State?

          @ObservationStateIgnored var _$observationRegistrar = \#
        ComposableArchitecture.ObservationStateRegistrar()

          public var _$id: ComposableArchitecture.ObservableStateID {
            _$observationRegistrar.id
          }

          public mutating func _$willModify() {
            _$observationRegistrar._$willModify()
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu_>(_ lhs: \#
        __macro_local_6MemberfMu_, _ rhs: __macro_local_6MemberfMu_) -> Bool {
            true
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu0_: Equatable>(_ \#
        lhs: __macro_local_6MemberfMu0_, _ rhs: __macro_local_6MemberfMu0_) -> Bool {
            lhs != rhs
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu1_: AnyObject>(_ \#
        lhs: __macro_local_6MemberfMu1_, _ rhs: __macro_local_6MemberfMu1_) -> Bool {
            lhs !== rhs
          }

          private nonisolated func shouldNotifyObservers<__macro_local_6MemberfMu2_: Equatable & \#
        AnyObject>(_ lhs: __macro_local_6MemberfMu2_, _ rhs: __macro_local_6MemberfMu2_) -> Bool {
            lhs != rhs
          }
        }

        extension State: ComposableArchitecture.ObservableState, Observation.Observable {
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: "'@ObservationIgnored' cannot be used in '@ObservableState'", line: 3,
          column: 3, fixIts: ["Use '@ObservationStateIgnored' instead"]),
        ExpectedDiagnostic(
          message: "'@ObservationTracked' cannot be used in '@ObservableState'", line: 4,
          column: 3, fixIts: ["Use '@ObservationStateTracked' instead"]),
        ExpectedDiagnostic(
          message: "'@PresentationState' cannot be used in '@ObservableState'", line: 5,
          column: 3, fixIts: ["Use '@Presents' instead"]),
      ],
      fixed: #"""
        @ObservableState
        struct State {
          @ObservationStateIgnored var a = 0
          @ObservationStateTracked var b = 0
          @Presents var c: Child.State?
        }
        """#)
  }
}

@Suite struct ObservationStateTrackedMacroTests {
  @Test func accessors() {
    assertExpansion(
      #"""
      struct State {
        @ObservationStateTracked public var count: Int = 0
      }
      """#,
      macros: ["ObservationStateTracked"],
      expandsTo: #"""
        struct State {
          public var count: Int {
            @storageRestrictions(initializes: _count)
            init(initialValue) {
              _count = initialValue
            }
            get {
              _$observationRegistrar.access(self, keyPath: \.count)
              return _count
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, \#
        ComposableArchitecture._$isIdentityEqual, shouldNotifyObservers)
            }
            _modify {
              let oldValue = _$observationRegistrar.willModify(self, keyPath: \.count, &_count)
              defer {
                _$observationRegistrar.didModify(self, keyPath: \.count, &_count, oldValue, \#
        ComposableArchitecture._$isIdentityEqual)
              }
              yield &_count
            }
          }
        }
        """#)
  }

  @Test func storage() throws {
    let storage = try peers(
      of: ObservationStateTrackedMacro.self, attribute: "@ObservationStateTracked",
      on: "public var count: Int = 0")
    #expect(storage == "@ObservationStateIgnored private var _count: Int = 0")
    let wrapped = try peers(
      of: ObservationStateTrackedMacro.self, attribute: "@ObservationStateTracked",
      on: "@MainActor lazy var `default` = Value()")
    #expect(wrapped == "@MainActor @ObservationStateIgnored private lazy var _default = Value()")
  }

  @Test func noStorageWhenWrittenByHand() throws {
    // A hand-written @ObservationStateTracked makes no storage, as in TCA.
    let storage = try peers(
      of: ObservationStateTrackedMacro.self, attribute: "@ObservationStateTracked",
      on: "@ObservationStateTracked var count = 0")
    #expect(storage == "")
  }

  @Test func propertiesItLeavesAlone() {
    assertExpansion(
      #"""
      struct State {
        @ObservationStateTracked let id = 0
        @ObservationStateTracked var total: Int { 1 }
        @ObservationStateTracked static var shared = 0
        @ObservationStateTracked @ObservationStateIgnored var ignored = 0
      }
      """#,
      macros: ["ObservationStateTracked"],
      expandsTo: #"""
        struct State {
          let id = 0
          var total: Int { 1 }
          static var shared = 0
          @ObservationStateIgnored var ignored = 0
        }
        """#)
  }

  @Test func ignoredExpandsToNothing() {
    assertExpansion(
      #"""
      struct State {
        @ObservationStateIgnored var scratch = 0
      }
      """#,
      macros: ["ObservationStateIgnored"],
      expandsTo: #"""
        struct State {
          var scratch = 0
        }
        """#)
  }
}
