// The case-path forms TCA still compiles, deprecated as there: operators and `receive` taking
// an `AnyCasePath` (what the `/Action.child` operator of swift-case-paths builds).
import CasePaths

#if canImport(Darwin)
import Combine
#else
/// Something that can be cancelled: what `Store.ifLet(then:else:)` returns. On Apple
/// platforms it is Combine's `Cancellable`; Combine is Apple-only, so elsewhere Deps declares
/// it (a module named Combine elsewhere, such as a stand-in, does not change that).
public protocol Cancellable {
  /// Stops the work.
  func cancel()
}
#endif

extension Scope {
  /// Scopes `child` to one case of an enum state and the actions of a case path.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      enumState: toChildState, action: toChildAction, child: child,
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Reducer {
  /// `ifLet` over a case path.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: AnyCasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
      location: (fileID, filePath, line, column))
  }

  /// The `ifLet` for optional alert or dialog state over a case path.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    _IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toWrappedState,
      toChildAction: toWrappedAction, location: (fileID, filePath, line, column))
  }

  /// The presentation `ifLet` over a case path.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      base: self, toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction, destination: destination(),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The presentation `ifLet` of an alert or dialog over a case path.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    _PresentationReducer(
      base: self, toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction, destination: EmptyReducer(),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `ifCaseLet` over case paths.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: AnyCasePath<State, ChildState>,
    action toChildAction: AnyCasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    _IfCaseLetReducer(
      parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// `forEach` over a case path of `(id, action)` pairs.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self, toElements: toElements,
      toElementAction: AnyCasePath(
        embed: { action in
          switch action {
          case .element(let id, let elementAction): toElementAction.embed((id, elementAction))
          }
        },
        extract: { action in
          toElementAction.extract(from: action).map { .element(id: $0.0, action: $0.1) }
        }),
      element: element(),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The stack `forEach` over a case path.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _StackReducer(
      base: self, toStackState: toStackState, toStackAction: toStackAction,
      destination: destination(),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension TestStore {
  /// `receive` of a case path's case (any payload).
  @_disfavoredOverload
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  nonisolated(nonsending) public func receive<Value>(
    _ actionCase: AnyCasePath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      casePath: actionCase, timeout: duration, assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension Store {
  /// A child store whose state `toChildState` computes from this store's state and whose
  /// actions `fromChildAction` embeds in this store's actions. As in TCA, such a store keeps no
  /// children: a key-path scope of it (an optional child, an identified array) reports TCA's
  /// "Scoping from uncached …" warning. Its observers are not told actions (a closure cannot
  /// tell a child action out of the parent's).
  ///
  /// ```swift
  /// let counter = store.scope(state: { $0.counter }, action: { .counter($0) })
  /// ```
  @available(
    *, deprecated,
    message:
      "Pass 'state' a key path to child state and 'action' a case key path to child action, instead. For more information see the following migration guide: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.5#Store-scoping-with-key-paths"
  )
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (_ state: State) -> ChildState,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scoped: ScopedStoreLink(
        parent: self,
        casePath: AnyCasePath(embed: fromChildAction, extract: { _ in nil }),
        uncached: true, toState: toChildState))
  }
}

extension Store {
  /// Calls `unwrap` with a store of the wrapped state whenever the state becomes non-nil (and
  /// now, if it is), and `else` whenever it becomes nil. Cancelling the result, or letting it
  /// go, stops it. The child store shows the last non-nil state once the state goes nil.
  ///
  /// ```swift
  /// let cancellable = store.scope(\.child, action: \.child).ifLet { child in
  ///   child.send(.onAppear)
  /// }
  /// ```
  @available(*, deprecated, message: "Use 'observe' and 'if let store.scope', instead.")
  public func ifLet<Wrapped>(
    then unwrap: @escaping (_ store: Store<Wrapped, Action>) -> Void,
    else: @escaping () -> Void = {}
  ) -> any Cancellable where State == Wrapped? {
    var wasPresent: Bool?
    let update: (Store) -> Void = { store in
      let state = store.state
      guard wasPresent != (state != nil) else { return }
      wasPresent = state != nil
      if let state {
        unwrap(
          store.scope(
            optionalState: \.self, showing: state,
            action: AnyCasePath(embed: { $0 }, extract: { $0 })))
      } else {
        `else`()
      }
    }
    update(self)
    let observation = observeChanges { [weak self] in
      if let self { update(self) }
    }
    return StoreIfLetCancellable(store: self, observation: observation)
  }
}

/// What `Store.ifLet(then:else:)` returns: cancelling it (or letting it go) removes its
/// observer.
private final class StoreIfLetCancellable<State, Action>: Cancellable {
  private weak var store: Store<State, Action>?
  private let observation: StoreObservation

  init(store: Store<State, Action>, observation: StoreObservation) {
    self.store = store
    self.observation = observation
  }

  func cancel() {
    store?.removeObserver(observation)
    store = nil
  }

  deinit { cancel() }
}
