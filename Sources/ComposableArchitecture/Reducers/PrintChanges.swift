// `_printChanges`: reports every action a reducer receives and the state change it made, to a
// printer the caller chooses. Nothing is printed unless the user applies `_printChanges()`;
// its default printer, `.customDump`, writes to standard output as TCA's does.

@_spi(SharedChangeTracking) import Sharing

extension Reducer {
  /// Reports each action this reducer receives and the change it makes to `printer` (nil:
  /// nothing is reported).
  ///
  /// ```swift
  /// Store(initialState: Feature.State()) {
  ///   Feature()._printChanges()                       // stdout
  /// }
  /// Feature()._printChanges(_ReducerPrinter { action, old, new in log.append(…) })
  /// ```
  public func _printChanges(_ printer: _ReducerPrinter<State, Action>? = .customDump)
    -> _PrintChangesReducer<Self>
  {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// Where `_printChanges` reports: a closure given the action, the state before and after.
///
/// ```swift
/// let printer = _ReducerPrinter<Feature.State, Feature.Action> { action, oldState, newState in
///   lines.append("\(action)")
/// }
/// ```
public struct _ReducerPrinter<State, Action>: Sendable {
  private let printChange:
    @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void

  /// A printer calling `printChange` for every action.
  public init(
    printChange:
      @escaping @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) ->
      Void
  ) {
    self.printChange = printChange
  }

  /// Reports one action.
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    printChange(receivedAction, oldState, newState)
  }

  /// Writes `text` for each action: "received action:", the action, then the state diff or
  /// "(No state changes)" — what `.customDump` prints.
  ///
  /// ```swift
  /// _ReducerPrinter<Feature.State, Feature.Action>.text { lines.append($0) }
  /// ```
  public static func text(_ write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, newState in
      write(PrintChangesFormat.change(action: action, oldState: oldState, newState: newState))
    }
  }

  /// Prints each action and the state diff to standard output.
  public static var customDump: Self { text { print($0) } }

  /// Prints only each action's case to standard output.
  public static var actionLabels: Self {
    Self { action, _, _ in print(PrintChangesFormat.label(action: action)) }
  }
}

enum PrintChangesFormat {
  /// TCA's text: the action dumped at indent 2, then the state's diff in swift-custom-dump's
  /// markers (or "(No state changes)").
  static func change(action: Any, oldState: Any, newState: Any) -> String {
    let dumped = SwiftDump.dump(action).replacing("\n", with: "\n  ")
    return """
      received action:
        \(dumped)
      \(SwiftDiff.diff(oldState, newState) ?? "  (No state changes)")
      """
  }

  static func label(action: Any) -> String {
    let label = CaseReflection.case(of: action)?.label ?? "\(action)"
    return "received action: \(shortTypeName(type(of: action))).\(label)"
  }
}

/// A reducer that reports its changes (see `Reducer._printChanges`).
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  /// Runs `base` and reports the action and change. Shared values changed by `base` show
  /// their value before and after, as TCA's (a change tracker around the reducer, its
  /// assertion scope around the printer).
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer else { return base.reduce(into: &state, action: action) }
    let oldState = state
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    let effects = tracker.track { base.reduce(into: &state, action: action) }
    tracker.assert {
      printer.printChange(receivedAction: action, oldState: oldState, newState: state)
    }
    return effects
  }
}
