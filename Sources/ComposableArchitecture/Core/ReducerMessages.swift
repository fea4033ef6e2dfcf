// The texts the reducer operators (`Scope` on enum state, `ifLet`, `ifCaseLet`, `forEach`, the
// presentation `ifLet`, the stack `forEach`) report, in TCA's words, the way TCA prints the
// values in them (`debugCaseOutput`, `typeName`), and the source location they point at.

/// Where a reducer operator was applied (for its reports).
public struct ReducerLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

enum ReducerMessages {
  /// A value as swift-custom-dump prints it, its lines after the first indented by `indent`.
  static func dump(_ value: Any, indent: Int = 4) -> String {
    SwiftDump.dump(value).replacing("\n", with: "\n" + String(repeating: " ", count: indent))
  }

  /// A type's name as TCA's messages show it: no module prefixes, `Optional`, `Array` and
  /// `Dictionary` in their sugared forms, generic arguments dropped.
  static func typeName(_ type: Any.Type, genericsAbbreviated: Bool = true) -> String {
    var name = String(reflecting: type)
    while let open = name.firstRange(of: "(unknown context at "),
      let close = name[open.upperBound...].firstRange(of: ").")
    {
      name.removeSubrange(open.lowerBound..<close.upperBound)
    }
    name = sugared(name)
    name = withoutModules(name)
    return genericsAbbreviated ? name.replacing(/<.+>/, with: "") : name
  }

  /// TCA's warning for a binding action a store's setter sent that no `BindingReducer` applied.
  static func unhandledBinding(action: Any.Type, value: Any) -> String {
    """
    A binding action sent from a store was not handled.

      Action:
        \(typeName(action)).binding(.set(_, \(SwiftDump.dump(value, maxDepth: 0))))

    To fix this, invoke "BindingReducer()" from your feature reducer's "body".
    """
  }

  /// A store's type as TCA names it: `StoreOf<Feature>` when its state and action are a
  /// feature's `State` and `Action` (`StoreOf<Feature?>` for optional state), the
  /// `IdentifiedStoreOf`, `PresentationStoreOf` and `StackStoreOf` forms, and
  /// `Store<State, Action>` otherwise.
  static func storeTypeName(state: Any.Type, action: Any.Type) -> String {
    let state = typeName(state, genericsAbbreviated: false)
    let action = typeName(action, genericsAbbreviated: false)
    func between(_ name: String, _ prefix: String, _ suffix: String) -> Substring? {
      guard name.hasPrefix(prefix), name.hasSuffix(suffix),
        name.count >= prefix.count + suffix.count
      else { return nil }
      return name.dropFirst(prefix.count).dropLast(suffix.count)
    }
    if let feature = between(state, "", ".State"), between(action, "", ".Action") == feature {
      return "StoreOf<\(feature)>"
    }
    if let feature = between(state, "", ".State?"), between(action, "", ".Action") == feature {
      return "StoreOf<\(feature)?>"
    }
    if let elements = between(state, "IdentifiedArray<", ".State>"),
      between(action, "IdentifiedAction<", ".Action>") == elements,
      let comma = elements.firstRange(of: ", ")
    {
      return "IdentifiedStoreOf<\(elements[comma.upperBound...])>"
    }
    if let feature = between(state, "PresentationState<", ".State>"),
      between(action, "PresentationAction<", ".Action>") == feature
    {
      return "PresentationStoreOf<\(feature)>"
    }
    if let feature = between(state, "StackState<", ".State>"),
      let rest = between(action, "StackAction<", ">"),
      rest.prefix(while: { $0 != "," }) == feature + ".State"
    {
      return "StackStoreOf<\(feature)>"
    }
    return "Store<\(state), \(action)>"
  }

  /// TCA's warning for a key-path scope of a store scoped with closures (deprecated): such a
  /// store keeps no children, so what it hands out is rebuilt on every call.
  /// (After "2." TCA's text has a no-break space, U+00A0, where "1." has a plain one.)
  static func uncachedStore(_ storeName: String) -> String {
    """
    Scoping from uncached '\(storeName)' is not compatible with observation.

    This can happen for one of two reasons:

    1. A parent view scopes on a store using transform functions, which has been deprecated, \
    instead of with key paths and case paths. Read the migration guide for 1.5 to update these \
    scopes: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.5

    2.\u{A0}A parent feature is using deprecated navigation APIs, such as 'IfLetStore', \
    'SwitchStore', 'ForEachStore', or any navigation view modifiers taking stores instead of \
    bindings. Read the migration guide for 1.7 to update those APIs: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7
    """
  }

  /// `Swift.Optional<T>` → `T?`, `Swift.Array<T>` → `[T]`, `Swift.Dictionary<K, V>` → `[K: V]`,
  /// innermost first.
  private static func sugared(_ name: String) -> String {
    var name = name
    for _ in 0..<10 {
      let next =
        name
        .replacing(/\bSwift\.Optional<([^><]+)>/) { "\($0.output.1)?" }
        .replacing(/\bSwift\.Array<([^><]+)>/) { "[\($0.output.1)]" }
        .replacing(/\bSwift\.Dictionary<([^,<]+), ([^><]+)>/) {
          "[\($0.output.1): \($0.output.2)]"
        }
      if next == name { break }
      name = next
    }
    return name
  }

  /// Drops the first component of every dotted name (the module).
  private static func withoutModules(_ name: String) -> String {
    name.replacing(/\w+\.([\w.]+)/) { String($0.output.1) }
  }

  /// An action as TCA's `debugCaseOutput` writes it: `Feature.Action.child(.increment)`, the
  /// type name then the chain of case names, payload values elided.
  static func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
    if let custom = value as? any CustomDebugStringConvertible { return custom.debugDescription }
    return (abbreviated ? "" : typeName(type(of: value))) + caseChain(value)
  }

  private static func caseChain(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .enum:
      guard let child = mirror.children.first else {
        let text = "\(value)"
        return text == typeName(type(of: value)) ? "" : ".\(text)"
      }
      let inner = caseChain(child.value)
      return ".\(child.label ?? "")" + (inner.isEmpty ? "" : "(\(inner))")
    case .tuple:
      return mirror.children.map { label, value in
        let inner = caseChain(value)
        let name = label.map { isUnlabeled($0) ? "_:" : "\($0):" } ?? ""
        return name + (inner.isEmpty ? "" : " \(inner)")
      }
      .joined(separator: ", ")
    default:
      return ""
    }
  }

  private static func isUnlabeled(_ label: String) -> Bool {
    label.firstIndex(where: { $0 != "." && !$0.isNumber }) == nil
  }

  static func differentCase(
    reducer: String, location: ReducerLocation, action: Any, state: Any, stateType: Any.Type
  ) -> String {
    let firstReason =
      reducer == "Scope"
      ? """
      A parent reducer set "\(typeName(stateType))" to a different case before the scoped \
      reducer ran. Child reducers must run before any parent reducer sets child state to a \
      different case. This ensures that child reducers can handle their actions while their \
      state is still available. Consider using "Reducer.ifCaseLet" to embed this child reducer \
      in the parent reducer that change its state to ensure the child reducer runs first.
      """
      : """
      A parent reducer set "\(typeName(stateType))" to a different case before this reducer \
      ran. This reducer must run before any other reducer sets child state to a different \
      case. This ensures that child reducers can handle their actions while their state is \
      still available.
      """
    let actionText = reducer == "Scope" ? debugCaseOutput(action) : dump(action)
    let stateText = reducer == "Scope" ? debugCaseOutput(state) : dump(state)
    let article = reducer == "ifCaseLet" ? "An" : "A"
    return """
      \(article) "\(reducer)" at "\(location.fileID):\(location.line)" received a child action \
      when child state was set to a different case.

        Action:
          \(actionText)
        State:
          \(stateText)

      This is generally considered an application logic error, and can happen for a few reasons:

      \(firstReason)

      An in-flight effect emitted this action when child state was unavailable. While it may be \
      perfectly reasonable to ignore this action, consider canceling the associated effect \
      before child state changes to another case, especially if it is a long-living effect.

      This action was sent to the store while state was another case. Make sure that actions \
      for this reducer can only be sent from a store when state is set to the appropriate case. \
      In SwiftUI applications, use "SwitchStore".
      """
  }

  static func missingChild(location: ReducerLocation, action: Any) -> String {
    """
    An "ifLet" at "\(location.fileID):\(location.line)" received a child action when child \
    state was "nil".

      Action:
        \(dump(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
    before any other reducer sets child state to "nil". This ensures that child reducers can \
    handle their actions while their state is still available.

    An in-flight effect emitted this action when child state was "nil". While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect before \
    child state becomes "nil", especially if it is a long-living effect.

    This action was sent to the store while state was "nil". Make sure that actions for this \
    reducer can only be sent from a store when state is non-"nil". In SwiftUI applications, \
    use "IfLetStore".
    """
  }

  static func absentDestination(location: ReducerLocation, action: Any) -> String {
    """
    An "ifLet" at "\(location.fileID):\(location.line)" received a presentation action when \
    destination state was absent.

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set destination state to "nil" before this reducer ran. This reducer must \
    run before any other reducer sets destination state to "nil". This ensures that destination \
    reducers can handle their actions while their state is still present.

    This action was sent to the store while destination state was "nil". Make sure that actions \
    for this reducer can only be sent from a store when state is present, or from effects that \
    start from this reducer.
    """
  }

  /// An effect's `send` was called after its `run` closure returned (it escaped into an
  /// unstructured task): TCA's warning. `origin` is the action whose reducer returned the effect.
  static func sentFromCompletedEffect(_ action: Any, from origin: Any?) -> String {
    let returnedFrom = origin.map { debugCaseOutput($0) } ?? "(unknown)"
    return """
      An action was sent from a completed effect.

        Action:
          \(debugCaseOutput(action))

        Effect returned from:
          \(returnedFrom)

      Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
      completed. This can happen if you escape the 'send' argument in an unstructured context.

      To fix this, make sure that your 'run' closure does not return until you're done calling \
      'send'.
      """
  }

  /// `forEach` (`stack`: the stack `forEach`) got an action for an id it does not hold.
  static func missingElement(location: ReducerLocation, action: Any, stack: Bool) -> String {
    let fix =
      stack
      ? "In SwiftUI applications, use \"NavigationStack.init(path:)\" with a binding to a store."
      : "In SwiftUI applications, use \"ForEachStore\"."
    return """
      A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing \
      element.

        Action:
          \(debugCaseOutput(action))

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element reducers \
      can handle their actions while their state is still available.

      An in-flight effect emitted this action when state contained no element at this ID. While \
      it may be perfectly reasonable to ignore this action, consider canceling the associated \
      effect before an element is removed, especially if it is a long-living effect.

      This action was sent to the store while its state contained no element at this ID. To fix \
      this make sure that actions for this reducer can only be sent from a store when its state \
      contains an element at this id. \(fix)
      """
  }

  /// The stack `forEach` got `.popFrom` for an id it does not hold.
  static func popOfMissingElement(location: ReducerLocation, id: Any, ids: Any) -> String {
    """
    A "forEach" at "\(location.fileID):\(location.line)" received a "popFrom" action for a \
    missing element.

      ID:
        \(id)
      Path IDs:
        \(ids)
    """
  }

  /// The stack `forEach` got `.push` for an id it already holds.
  static func pushOfExistingElement(location: ReducerLocation, id: Any, ids: Any) -> String {
    """
    A "forEach" at "\(location.fileID):\(location.line)" received a "push" action for an element \
    it already contains.

      ID:
        \(id)
      Path IDs:
        \(ids)
    """
  }

  /// The stack `forEach` got `.push` with a generation past the next one (in a test).
  static func pushOfUnexpectedID(location: ReducerLocation, received: Any, expected: Any)
    -> String
  {
    """
    A "forEach" at "\(location.fileID):\(location.line)" received a "push" action with an \
    unexpected generational ID.

      Received ID:
        \(received)
      Expected ID:
        \(expected)
    """
  }
}
