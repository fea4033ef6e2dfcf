// `@Presents`: a presented child's state as observed accessors over `PresentationState`
// storage, with its `$` projection.
import Testing

@Suite struct PresentsMacroTests {
  @Test func presentedChild() {
    assertExpansion(
      #"""
      struct State {
        @Presents var destination: Destination.State?
      }
      """#,
      macros: ["Presents"],
      expandsTo: #"""
        struct State {
          var destination: Destination.State? {
            @storageRestrictions(initializes: _destination)
            init(initialValue) {
              _destination = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
            }
            get {
              _$observationRegistrar.access(self, keyPath: \.destination)
              return _destination.wrappedValue
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.destination, \#
        &_destination.wrappedValue, newValue, ComposableArchitecture._$isIdentityEqual)
            }
          }

          var $destination: ComposableArchitecture.PresentationState<Destination.State> {
            get {
              _$observationRegistrar.access(self, keyPath: \.destination)
              return _destination.projectedValue
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.destination, \#
        &_destination.projectedValue, newValue, ComposableArchitecture._$isIdentityEqual)
            }
          }

          @ObservationStateIgnored private var _destination = \#
        ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: nil)
        }
        """#)
  }

  @Test func accessAndInitialValue() {
    assertExpansion(
      #"""
      public struct State {
        @Presents public var alert: AlertState<Action.Alert>? = AlertState { TextState("Hi") }
        @Presents package var sheet: Optional<Sheet.State>
      }
      """#,
      macros: ["Presents"],
      expandsTo: #"""
        public struct State {
          public var alert: AlertState<Action.Alert>? {
            @storageRestrictions(initializes: _alert)
            init(initialValue) {
              _alert = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
            }
            get {
              _$observationRegistrar.access(self, keyPath: \.alert)
              return _alert.wrappedValue
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.alert, &_alert.wrappedValue, newValue, \#
        ComposableArchitecture._$isIdentityEqual)
            }
          }

          public var $alert: ComposableArchitecture.PresentationState<AlertState<Action.Alert>> {
            get {
              _$observationRegistrar.access(self, keyPath: \.alert)
              return _alert.projectedValue
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.alert, &_alert.projectedValue, \#
        newValue, ComposableArchitecture._$isIdentityEqual)
            }
          }

          @ObservationStateIgnored private var _alert = \#
        ComposableArchitecture.PresentationState<AlertState<Action.Alert>>(wrappedValue: AlertState \#
        {
              TextState("Hi")
            })
          package var sheet: Optional<Sheet.State> {
            @storageRestrictions(initializes: _sheet)
            init(initialValue) {
              _sheet = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
            }
            get {
              _$observationRegistrar.access(self, keyPath: \.sheet)
              return _sheet.wrappedValue
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.sheet, &_sheet.wrappedValue, newValue, \#
        ComposableArchitecture._$isIdentityEqual)
            }
          }

          package var $sheet: ComposableArchitecture.PresentationState<Sheet.State> {
            get {
              _$observationRegistrar.access(self, keyPath: \.sheet)
              return _sheet.projectedValue
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.sheet, &_sheet.projectedValue, \#
        newValue, ComposableArchitecture._$isIdentityEqual)
            }
          }

          @ObservationStateIgnored private var _sheet = \#
        ComposableArchitecture.PresentationState<Sheet.State>(wrappedValue: nil)
        }
        """#)
  }

  @Test func insideObservableState() {
    assertExpansion(
      #"""
      @ObservableState
      struct State {
        @Presents var destination: Destination.State?
      }
      """#,
      macros: ["ObservableState", "ObservationStateIgnored", "Presents"],
      expandsTo: #"""

        struct State {
          var destination: Destination.State? {
            @storageRestrictions(initializes: _destination)
            init(initialValue) {
              _destination = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
            }
            get {
              _$observationRegistrar.access(self, keyPath: \.destination)
              return _destination.wrappedValue
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.destination, \#
        &_destination.wrappedValue, newValue, ComposableArchitecture._$isIdentityEqual)
            }
          }

          var $destination: ComposableArchitecture.PresentationState<Destination.State> {
            get {
              _$observationRegistrar.access(self, keyPath: \.destination)
              return _destination.projectedValue
            }
            set {
              _$observationRegistrar.mutate(self, keyPath: \.destination, \#
        &_destination.projectedValue, newValue, ComposableArchitecture._$isIdentityEqual)
            }
          }

          private var _destination = \#
        ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: nil)

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
}
