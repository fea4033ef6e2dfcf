// `@Reducer` (TCA) on a struct: the `Reducer` conformance, `@CasePathable` on the nested
// `Action` (and `State`) enums, `@ReducerBuilder` on `body`, and the `State`, `Action` and
// `body` a feature leaves out. The enum form lives in ReducerMacro+Enum.swift.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer`: makes a struct (or an enum of features, see `enumMembers`) a TCA reducer.
///
/// ```swift
/// @Reducer struct Feature {
///   @ObservableState struct State { var count = 0 }
///   enum Action { case incrementTapped }      // gets @CasePathable
///   var body: some ReducerOf<Self> { … }      // gets @ComposableArchitecture.ReducerBuilder
/// }
/// ```
public enum ReducerMacro {
  /// The module of the runtime names the expansion uses.
  static let module = "ComposableArchitecture"
}

extension ReducerMacro: ExtensionMacro {
  /// `extension Feature: ComposableArchitecture.Reducer {}` (an enum also gets
  /// `ComposableArchitecture.CaseReducer`), unless the type already says `Reducer`.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard !declaration.inherits("Reducer", module: module) else { return [] }
    let conformances =
      declaration.is(EnumDeclSyntax.self)
      ? "ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer"
      : "ComposableArchitecture.Reducer"
    let decl: DeclSyntax = """
      \(raw: declaration.attributes.availabilityPrefix)extension \(type.trimmed): \
      \(raw: conformances) {}
      """
    return decl.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
  }
}

extension ReducerMacro: MemberAttributeMacro {
  /// `@CasePathable` on a nested `enum Action`, `@CasePathable @dynamicMemberLookup` on a nested
  /// `enum State`, `@ComposableArchitecture.ReducerBuilder<…>` on `var body: some Reducer<…>`,
  /// and, in an enum reducer, `@ReducerCaseEphemeral` on alert and dialog cases and
  /// `@ReducerCaseIgnored` on cases that hold no single feature.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    let names: [String]
    if let enumDecl = member.as(EnumDeclSyntax.self) {
      names = attributes(forNested: enumDecl)
    } else if let property = member.as(VariableDeclSyntax.self) {
      names = reducerBuilder(for: property).map { [$0] } ?? []
    } else if let caseDecl = member.as(EnumCaseDeclSyntax.self) {
      names = attributes(forCase: caseDecl)
    } else {
      names = []
    }
    return names.map { AttributeSyntax(attributeName: TypeSyntax(stringLiteral: $0)) }
  }

  /// The attributes a nested `State` or `Action` enum is missing.
  static func attributes(forNested enumDecl: EnumDeclSyntax) -> [String] {
    var names: [String]
    switch enumDecl.name.text {
    case "State": names = ["CasePathable", "dynamicMemberLookup"]
    case "Action": names = ["CasePathable"]
    default: return []
    }
    if enumDecl.inherits("CasePathable", module: CasePathableMacro.module) {
      names.removeAll { $0 == "CasePathable" }
    }
    names.removeAll {
      enumDecl.attributes.contains(named: $0, module: CasePathableMacro.module)
    }
    return names
  }

  /// `ComposableArchitecture.ReducerBuilder<State, Action>` for a `var body` getter whose type
  /// is `some Reducer<State, Action>` or `some ReducerOf<R>` (`<R.State, R.Action>`), unless
  /// it already has a `@ReducerBuilder`.
  static func reducerBuilder(for property: VariableDeclSyntax) -> String? {
    guard
      !property.isLet,
      property.bindings.count == 1,
      let binding = property.bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      case .getter = binding.accessorBlock?.accessors,
      let constraint = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?.constraint,
      let arguments = constraint.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
        ?? constraint.as(MemberTypeSyntax.self)?.genericArgumentClause?.arguments,
      !property.attributes.contains(named: "ReducerBuilder", module: module)
    else { return nil }
    let argumentText =
      arguments.count == 1
      ? "\(arguments.trimmedDescription).State, \(arguments.trimmedDescription).Action"
      : arguments.trimmedDescription
    return "ComposableArchitecture.ReducerBuilder<\(argumentText)>"
  }

  /// The marker a case of an enum reducer gets: `ReducerCaseEphemeral` for a single
  /// `AlertState`/`ConfirmationDialogState` payload, `ReducerCaseIgnored` for no payload or
  /// several; none for a single feature, or when the case is already marked.
  static func attributes(forCase caseDecl: EnumCaseDeclSyntax) -> [String] {
    guard
      caseDecl.elements.count == 1,
      let element = caseDecl.elements.first,
      !caseDecl.attributes.contains(named: "ReducerCaseEphemeral", module: module),
      !caseDecl.attributes.contains(named: "ReducerCaseIgnored", module: module)
    else { return [] }
    guard let value = element.singleAssociatedValue else { return ["ReducerCaseIgnored"] }
    return value.type.isEphemeralState ? ["ReducerCaseEphemeral"] : []
  }
}

extension ReducerMacro: MemberMacro {
  /// The members a reducer leaves out: for a struct `State`, `Action` and `body`; for an enum
  /// `State`, `Action`, `body`, `CaseScope` and `scope(_:)`.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let members = declaration.memberBlock.members
    let typeNames = Set(
      members.compactMap {
        $0.decl.as(StructDeclSyntax.self)?.name.text
          ?? $0.decl.as(TypeAliasDeclSyntax.self)?.name.text
          ?? $0.decl.as(EnumDeclSyntax.self)?.name.text
      })
    let access = declaration.publicOrPackageModifier.map { "\($0.name.text) " } ?? ""
    let hasReduceMethod = diagnoseReduceMethod(in: members, context: context)
    let bindings = members.flatMap { $0.decl.as(VariableDeclSyntax.self)?.bindings ?? [] }
    let hasBody =
      hasReduceMethod
      || bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      }

    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return enumMembers(
        of: enumDecl, node: node, access: access, typeNames: typeNames, hasBody: hasBody)
    }

    if let arguments = node.arguments {
      context.diagnose(
        Diagnostic(
          node: arguments,
          message: MacroExpansionErrorMessage(
            "Argument passed to call that takes no arguments when applied to a struct"),
          fixIt: .replace(
            message: MacroExpansionFixItMessage("Remove '(\(arguments))'"),
            oldNode: node,
            newNode: node.with(\.leftParen, nil).with(\.arguments, nil).with(\.rightParen, nil))))
    }
    // As in TCA, a stored property with an initial value, or a body typed `some Reducer<…>`,
    // means the feature spells out its domain elsewhere: no State or Action is made up then.
    let hasExplicitReducerBody =
      hasReduceMethod
      || bindings.contains { binding in
        if binding.initializer != nil { return true }
        guard
          let constraint = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?.constraint
            .as(IdentifierTypeSyntax.self)
        else { return false }
        return ["Reducer", "ReducerOf"].contains(constraint.name.text)
      }
    var decls: [DeclSyntax] = []
    if !typeNames.contains("State") && !hasExplicitReducerBody {
      decls.append(
        """
        @ObservableState
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
        \(raw: access)init() {}
        }
        """)
    }
    if !typeNames.contains("Action") && !hasExplicitReducerBody {
      decls.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    if !hasBody {
      decls.append("\(raw: access)let body = ComposableArchitecture.EmptyReducer<State, Action>()")
    }
    return decls
  }

  /// Warns about a `reduce(into:action:)` method, with a fix-it that turns it into a `body`
  /// holding a `Reduce`; returns whether there was one.
  static func diagnoseReduceMethod(
    in members: MemberBlockItemListSyntax,
    context: some MacroExpansionContext
  ) -> Bool {
    var found = false
    for member in members {
      guard
        let method = member.decl.as(FunctionDeclSyntax.self),
        method.name.text == "reduce",
        method.signature.parameterClause.parameters.count == 2,
        let state = method.signature.parameterClause.parameters.first,
        let action = method.signature.parameterClause.parameters.last,
        state.firstName.text == "into",
        state.type.as(AttributedTypeSyntax.self)?.isInout == true,
        action.firstName.text == "action",
        method.signature.effectSpecifiers == nil,
        method.signature.returnClause?.type.is(IdentifierTypeSyntax.self) == true
      else { continue }
      found = true
      let statements =
        method.body?.statements.map(\.trimmedDescription).joined(separator: "\n") ?? ""
      let stateName = (state.secondName ?? state.firstName).text
      let actionName = (action.secondName ?? action.firstName).text
      let replacement = DeclSyntax(
        """
        var body: some Reducer<State, Action> {
        Reduce { \(raw: stateName), \(raw: actionName) in
        \(raw: statements)
        }
        }
        """
      ).with(\.leadingTrivia, method.leadingTrivia)
      context.diagnose(
        Diagnostic(
          node: method.name,
          message: MacroExpansionWarningMessage(
            "'reduce(into:action:)' is deprecated: Reducers should be defined using the 'body' "
              + "property and a 'Reduce'."),
          fixIt: .replace(
            message: MacroExpansionFixItMessage("Use 'body' instead"),
            oldNode: method,
            newNode: replacement)))
    }
    return found
  }
}

extension AttributedTypeSyntax {
  /// Whether the type is marked `inout`.
  var isInout: Bool {
    specifiers.contains {
      $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout)
    }
  }
}

extension TypeSyntax {
  /// Whether the type is `AlertState<…>` or `ConfirmationDialogState<…>`: state that is
  /// dismissed after any of its actions (TCA's `_EphemeralState`).
  var isEphemeralState: Bool {
    guard let name = self.as(IdentifierTypeSyntax.self)?.name.text else { return false }
    return name == "AlertState" || name == "ConfirmationDialogState"
  }
}
