// `@Reducer` on an enum of features (`enum Destination { case add(AddFeature) … }`): the State
// and Action enums, the `body` that runs each feature on its case, and the `CaseScope` enum and
// `scope(_:)` function that turn a store of the enum into a store of the presented case.
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

extension ReducerMacro {
  /// The members of an enum reducer that it does not declare itself.
  static func enumMembers(
    of enumDecl: EnumDeclSyntax,
    node: AttributeSyntax,
    access: String,
    typeNames: Set<String>,
    hasBody: Bool
  ) -> [DeclSyntax] {
    let cases = EnumCaseItem.items(in: enumDecl.memberBlock.members)
    let explicitActions = explicitActionTypes(in: enumDecl)
    func reducerCase(_ element: EnumCaseElementSyntax, _ decl: EnumCaseDeclSyntax) -> ReducerCase {
      ReducerCase(element: element, declaration: decl, explicitActions: explicitActions)
    }
    let conformances = synthesizedConformances(node)
    var decls: [DeclSyntax] = []

    if !typeNames.contains("State") {
      let lines = cases.rendered { reducerCase($0, $1).stateCase }
      let stateInheritance = ["ComposableArchitecture.CaseReducerState"] + conformances.state
      decls.append(
        """
        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        \(raw: access)enum State: \
        \(raw: stateInheritance.joined(separator: ", ")) {
        \(raw: access)typealias StateReducer = \(enumDecl.name.trimmed)
        \(raw: lines.joined(separator: "\n"))
        }
        """)
    }
    if !typeNames.contains("Action") {
      let lines = cases.rendered { reducerCase($0, $1).actionCase }
      let inheritance =
        conformances.action.isEmpty ? "" : ": " + conformances.action.joined(separator: ", ")
      decls.append(
        """
        @CasePathable
        \(raw: access)enum Action\(raw: inheritance) {
        \(raw: lines.joined(separator: "\n"))
        }
        """)
    }
    if !hasBody {
      // The `.ifCaseLet`s form one postfix chain: an empty `#if` clause in it needs `.self`.
      let ifCaseLets = cases.rendered(emptyClause: ".self") { reducerCase($0, $1).ifCaseLet }
      let empty = "ComposableArchitecture.EmptyReducer<Self.State, Self.Action>"
      let type =
        ifCaseLets.isEmpty ? empty : "ComposableArchitecture.Reduce<Self.State, Self.Action>"
      let body =
        ifCaseLets.isEmpty
        ? "\(empty)()"
        : (["ComposableArchitecture.Reduce(", "\(empty)()"] + ifCaseLets + [")"])
          .joined(separator: "\n")
      decls.append(
        """
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        \(raw: access)static var body: \(raw: type) {
        \(raw: body)
        }
        """)
    }
    if !typeNames.contains("CaseScope") {
      let storeCases = cases.rendered { reducerCase($0, $1).storeCase }
      let casePaths = cases.rendered { reducerCase($0, $1).scopeCasePath(access: access) }
      decls.append(
        """
        @dynamicMemberLookup
        \(raw: access)enum CaseScope: ComposableArchitecture._CaseScopeProtocol, \
        CasePaths.CasePathable {
        \(raw: storeCases.joined(separator: "\n"))
        \(raw: access)struct AllCasePaths {
        \(raw: casePaths.joined(separator: "\n"))
        }
        \(raw: access)static var allCasePaths: AllCasePaths { AllCasePaths() }
        }
        """)
    }
    let hasScope = enumDecl.memberBlock.members.contains {
      $0.decl.as(FunctionDeclSyntax.self)?.name.text == "scope"
    }
    if !hasScope {
      let switchCases = cases.rendered { reducerCase($0, $1).scopeSwitchCase }
      decls.append(
        """
        @preconcurrency @MainActor
        \(raw: access)static func scope(\
        _ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
        switch store.state {
        \(raw: switchCases.joined(separator: "\n"))
        }
        }
        """)
    }
    return decls
  }

  /// The payload types of a hand-written `enum Action`'s single-value cases, by case name: an
  /// ignored case with one of these gets a store of its own in `CaseScope`.
  static func explicitActionTypes(in enumDecl: EnumDeclSyntax) -> [String: TypeSyntax] {
    guard
      let action = enumDecl.memberBlock.members.lazy
        .compactMap({ $0.decl.as(EnumDeclSyntax.self) })
        .first(where: { $0.name.text == "Action" })
    else { return [:] }
    var types: [String: TypeSyntax] = [:]
    for (element, _) in EnumCaseItem.items(in: action.memberBlock.members).allElements {
      if let value = element.singleAssociatedValue {
        types[element.name.text] = value.type
      }
    }
    return types
  }

  /// The conformances `@Reducer(state: .equatable, action: .sendable)` asks for (deprecated in
  /// TCA, still honoured): `Equatable` for `.equatable`, and so on.
  static func synthesizedConformances(_ node: AttributeSyntax) -> SynthesizedConformances {
    guard case .argumentList(let arguments) = node.arguments else {
      return SynthesizedConformances(state: [], action: [])
    }
    var state: [String] = []
    var action: [String] = []
    var current: String?
    for argument in arguments {
      if let label = argument.label?.text { current = label }
      guard
        let name = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      else { continue }
      switch current {
      case "state": state.append(name.uppercasingFirst)
      case "action": action.append(name.uppercasingFirst)
      default: break
      }
    }
    return SynthesizedConformances(state: state, action: action)
  }
}

/// The protocols `@Reducer(state:action:)` adds to the generated `State` and `Action` enums.
struct SynthesizedConformances {
  /// For `State`: after `state:`.
  var state: [String]
  /// For `Action`: after `action:`.
  var action: [String]
}

/// One case of an enum reducer and what each generated member says about it.
struct ReducerCase {
  /// How the case takes part in the reducer.
  enum Role {
    /// A single feature (`case add(AddFeature)`): its State, Action, reducer and store.
    case feature
    /// `@ReducerCaseEphemeral` (or an alert or dialog): state kept as is, actions passed on.
    case ephemeral
    /// `@ReducerCaseIgnored` (or no single payload): plain data, no actions.
    case ignored
  }

  /// The case as written.
  let element: EnumCaseElementSyntax
  /// How the case takes part.
  let role: Role
  /// For a single value held in one case: the value's type if it is a (possibly qualified)
  /// type name, the only kind of type that can name a feature.
  let featureType: TypeSyntax?
  /// For an ignored case whose hand-written `Action` case carries a value: that value's type.
  let explicitActionType: TypeSyntax?

  /// The case `element` of `declaration`; `explicitActions` are the payload types of a
  /// hand-written `Action` enum's cases.
  init(
    element: EnumCaseElementSyntax,
    declaration: EnumCaseDeclSyntax,
    explicitActions: [String: TypeSyntax]
  ) {
    self.element = element
    let module = ReducerMacro.module
    let holdsOneValueEach = declaration.elements.allSatisfy { $0.singleAssociatedValue != nil }
    if declaration.attributes.contains(named: "ReducerCaseIgnored", module: module)
      || !holdsOneValueEach
    {
      role = .ignored
    } else if declaration.attributes.contains(named: "ReducerCaseEphemeral", module: module)
      || declaration.elements.contains(where: {
        $0.singleAssociatedValue?.type.isEphemeralState == true
      })
    {
      role = .ephemeral
    } else {
      role = .feature
    }
    let type = element.singleAssociatedValue?.type
    featureType =
      type.flatMap { $0.is(IdentifierTypeSyntax.self) || $0.is(MemberTypeSyntax.self) ? $0 : nil }
    explicitActionType =
      role == .ignored && type != nil ? explicitActions[element.name.text] : nil
  }

  /// The case's name.
  var name: String { element.name.text }

  /// `(label: Type.suffix)`: the payload with the feature type replaced by a member of it and the
  /// default value dropped.
  func payload(withMember member: String) -> String {
    let label = element.singleAssociatedValue?.label.map { "\($0): " } ?? ""
    return "(\(label)\(featureType?.trimmedDescription ?? "").\(member))"
  }

  /// The case of the generated `State` enum.
  var stateCase: String {
    guard role != .ignored, featureType != nil else { return "case \(element.trimmedDescription)" }
    if role == .ephemeral { return "case \(element.trimmedDescription)" }
    return "case \(name)\(payload(withMember: "State"))"
  }

  /// The case of the generated `Action` enum: the feature's actions, the alert's or dialog's
  /// action type, or `Swift.Never` for plain data.
  var actionCase: String {
    guard role != .ignored, let featureType else { return "case \(name)(Swift.Never)" }
    if let type = featureType.as(IdentifierTypeSyntax.self), featureType.isEphemeralState,
      let arguments = type.genericArgumentClause?.arguments, arguments.count == 1,
      let argument = arguments.first
    {
      return "case \(name)(\(argument.argument.trimmedDescription))"
    }
    return "case \(name)\(payload(withMember: "Action"))"
  }

  /// The `.ifCaseLet` that runs a feature's reducer on its case; the payload's default value
  /// (`case meeting(Meeting = Meeting(context: .sheet))`) is the reducer when there is one.
  var ifCaseLet: String? {
    guard role == .feature, let featureType else { return nil }
    let reducer =
      element.singleAssociatedValue?.defaultValue?.value.trimmedDescription
      ?? "\(featureType.trimmedDescription)()"
    return """
      .ifCaseLet(\\Self.State.Cases.\(name), action: \\Self.Action.Cases.\(name)) {
      \(reducer)
      }
      """
  }

  /// The case of `CaseScope`: a store for a feature, the value itself otherwise.
  var storeCase: String {
    if role == .feature, let featureType {
      return "case \(name)(ComposableArchitecture.StoreOf<\(featureType.trimmedDescription)>)"
    }
    if let storeType = explicitStoreType { return "case \(name)(\(storeType))" }
    return "case \(element.trimmedDescription)"
  }

  /// `ComposableArchitecture.Store<Value, Action>` for an ignored case with its own actions.
  var explicitStoreType: String? {
    guard let explicitActionType, let value = element.singleAssociatedValue else { return nil }
    return "ComposableArchitecture.Store<\(value.type.trimmedDescription), "
      + "\(explicitActionType.trimmedDescription)>"
  }

  /// The case path of `CaseScope.AllCasePaths` for this case; none for several values.
  func scopeCasePath(access: String) -> String? {
    let valueType: String
    if role == .feature, let featureType {
      valueType = "ComposableArchitecture.StoreOf<\(featureType.trimmedDescription)>"
    } else if let storeType = explicitStoreType {
      valueType = storeType
    } else if let value = element.singleAssociatedValue {
      valueType = value.type.trimmedDescription
    } else if element.parameterClause != nil {
      return nil
    } else {
      return """
        \(access)var \(name): CasePaths.AnyCasePath<CaseScope, Void> {
        CasePaths.AnyCasePath(
        embed: { CaseScope.\(name) },
        extract: { guard case .\(name) = $0 else { return nil }; return () }
        )
        }
        """
    }
    return """
      \(access)var \(name): CasePaths.AnyCasePath<CaseScope, \(valueType)> {
      CasePaths.AnyCasePath(
      embed: CaseScope.\(name),
      extract: { guard case let .\(name)(v0) = $0 else { return nil }; return v0 }
      )
      }
      """
  }

  /// The case of `scope(_:)`'s switch: a scoped store for a feature, the values otherwise.
  var scopeSwitchCase: String {
    if role == .feature && featureType != nil || explicitStoreType != nil {
      return """
        case .\(name):
        return .\(name)(store.scope(\\.\(name), action: \\.\(name))!)
        """
    }
    let values = element.associatedValues
    guard element.parameterClause != nil else {
      return """
        case .\(name):
        return .\(name)
        """
    }
    let bound = values.indices.map { "v\($0)" }.joined(separator: ", ")
    let arguments = values.enumerated().map { index, value in
      (value.label.map { "\($0): " } ?? "") + "v\(index)"
    }
    return """
      case let .\(name)(\(bound)):
      return .\(name)(\(arguments.joined(separator: ", ")))
      """
  }
}
