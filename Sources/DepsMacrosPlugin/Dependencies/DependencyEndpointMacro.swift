// `@DependencyEndpoint` (swift-dependencies): a closure property of a dependency client whose
// default reports "Unimplemented" and returns its default (or throws); with argument labels,
// also a method that calls it with them.
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@DependencyEndpoint var fetch: (_ id: Int) async throws -> User`: `fetch` reads and writes
/// `_fetch`, whose default reports the unimplemented endpoint and throws; `fetch(id:)` calls it.
public enum DependencyEndpointMacro {}

extension DependencyEndpointMacro: AccessorMacro {
  /// `get { _name }` and `set { _name = newValue }`.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard
      let property = declaration.as(VariableDeclSyntax.self),
      let binding = property.bindings.first,
      let identifier = property.identifier,
      property.closureType != nil
    else { return [] }
    if let initializer = binding.initializer,
      try EndpointDefaults.checkDefault(initializer, macroName: node.baseName, context: context)
    {
      return []
    }
    let storage = "_\(identifier.text.withoutBackticks)"
    return [
      "get { \(raw: storage) }",
      "set { \(raw: storage) = newValue }",
    ]
  }
}

extension DependencyEndpointMacro: PeerMacro {
  /// The storage `private var _name: Type = { … }` holding the unimplemented default, and for a
  /// closure with argument labels (or a `method:` name) the method calling the endpoint.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let property = declaration.as(VariableDeclSyntax.self),
      let binding = property.bindings.first,
      let identifier = property.identifier?.trimmed,
      let closureType = property.closureType?.trimmed
    else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroExpansionErrorMessage(
            "'@DependencyEndpoint' must be attached to closure property")))
      return []
    }
    let name = identifier.text.withoutBackticks
    guard
      let defaultValue = unimplementedDefault(
        of: binding, named: name, closureType: closureType, context: context)
    else { return [] }

    var decls: [DeclSyntax] = []
    let methodName = try methodName(of: node)
    if methodName != nil || closureType.parameters.contains(where: { $0.secondName != nil }) {
      decls.append(
        method(
          named: methodName ?? identifier.text, calling: identifier.text, of: closureType,
          property: property))
    }
    var storage = property
    storage.attributes = storage.attributes.filter {
      guard case .attribute(let attribute) = $0 else { return true }
      return !attribute.isNamed("DependencyEndpoint", module: "DependenciesMacros")
    }
    var storageBinding = binding
    storageBinding.typeAnnotation = binding.typeAnnotation?.with(\.trailingTrivia, .space)
    storageBinding.initializer = InitializerClauseSyntax(
      equal: .equalToken(trailingTrivia: .space), value: ExprSyntax("\(raw: defaultValue)"))
    storage.bindings = [storageBinding]
    decls.append(DeclSyntax(storage.privateStorage(prefix: "_", adding: nil)))
    return decls
  }

  /// The default closure: the written default, or one that throws, returns nil or does
  /// nothing; either way reporting the unimplemented endpoint first. Nil (after a diagnostic)
  /// when no default can be made up, and when the written default is not a closure.
  static func unimplementedDefault(
    of binding: PatternBindingSyntax,
    named name: String,
    closureType: FunctionTypeSyntax,
    context: some MacroExpansionContext
  ) -> String? {
    let report = "IssueReporting.reportIssue(\"Unimplemented: '\\(Self.self).\(name)'\")"
    var signature = closureType.ignoredParameters
    var statements: [String]
    if let initializer = binding.initializer {
      guard let closure = initializer.value.as(ClosureExprSyntax.self) else { return nil }
      signature = closure.signature?.trimmedDescription ?? ""
      statements = closure.statements.map(\.trimmedDescription)
      if closure.statements.count == 1,
        let statement = closure.statements.first,
        let expression = statement.item.as(ExprSyntax.self),
        !closureType.returnsVoid || expression.isImmediatelyCalledClosure,
        !expression.trimmedDescription.hasPrefix("fatalError(")
      {
        statements = ["return \(expression.trimmedDescription)"]
      }
    } else if closureType.canThrow {
      statements = ["throw DependenciesMacros.Unimplemented(\"\(name)\")"]
    } else if closureType.returnsVoid {
      statements = []
    } else if closureType.returnsOptional {
      statements = ["return nil"]
    } else {
      EndpointDefaults.diagnoseMissingDefault(
        binding, identifier: name, closureType: closureType, clientName: nil, context: context)
      return nil
    }
    let opening = signature.isEmpty ? "{" : "{ \(signature)"
    return ([opening, report] + statements + ["}"]).joined(separator: "\n")
  }

  /// `func fetch(id p0: Int) async throws -> User { try await self.fetch(p0) }`.
  static func method(
    named methodName: String,
    calling identifier: String,
    of closureType: FunctionTypeSyntax,
    property: VariableDeclSyntax
  ) -> DeclSyntax {
    var attributes =
      property.annotatedType?.as(AttributedTypeSyntax.self)?.attributes.compactMap {
        attribute -> String? in
        guard case .attribute(let attribute) = attribute else { return nil }
        return attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text
      } ?? []
    if attributes.count > 1 { attributes.removeAll { $0 == "Sendable" } }
    let parameters = closureType.parameters.enumerated().map { index, parameter in
      "\((parameter.secondName ?? .wildcardToken()).text) p\(index): "
        + parameter.type.trimmedDescription
    }
    let arguments = closureType.parameters.enumerated().map { index, parameter in
      if parameter.type.as(AttributedTypeSyntax.self)?.isInout == true { return "&p\(index)" }
      if parameter.type.isAutoclosure { return "p\(index)()" }
      return "p\(index)"
    }
    let access = property.publicOrPackageModifier.map { "\($0.name.text) " } ?? ""
    let effects = closureType.effectSpecifiers.map { " \($0.trimmedDescription)" } ?? ""
    let call = (closureType.canThrow ? "try " : "") + (closureType.isAsync ? "await " : "")
    return """
      \(raw: attributes.map { "@\($0) " }.joined())\(raw: access)func \(raw: methodName)(\
      \(raw: parameters.joined(separator: ", ")))\(raw: effects) \
      \(closureType.returnClause.trimmed) {
      \(raw: call)self.\(raw: identifier)(\(raw: arguments.joined(separator: ", ")))
      }
      """
  }

  /// The `method:` argument of `@DependencyEndpoint(method: "name")`, checked to be a static
  /// string literal spelling an identifier.
  static func methodName(of node: AttributeSyntax) throws -> String? {
    guard
      case .argumentList(let arguments) = node.arguments,
      arguments.count == 1,
      let argument = arguments.first,
      argument.label?.text == "method"
    else { return nil }
    guard
      let literal = argument.expression.as(StringLiteralExprSyntax.self),
      literal.segments.count == 1,
      let name = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text
    else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(
          node: argument.expression,
          message: MacroExpansionErrorMessage("'method' must be a static string literal"))
      ])
    }
    let parsed = Parser.parse(source: name)
    guard
      parsed.statements.count == 1,
      parsed.statements.first?.item.is(DeclReferenceExprSyntax.self) == true
    else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(
          node: argument.expression,
          message: MacroExpansionErrorMessage("'method' must be a valid identifier"))
      ])
    }
    return name
  }
}

/// `@DependencyEndpointIgnored`: a closure property of a `@DependencyClient` that is not an
/// endpoint (it keeps its own default and gets no unimplemented behaviour). Expands to nothing.
public enum DependencyEndpointIgnoredMacro: AccessorMacro {
  /// No accessors.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}

extension ExprSyntax {
  /// Whether the expression is a closure called on the spot, `{ … }()`.
  var isImmediatelyCalledClosure: Bool {
    self.as(FunctionCallExprSyntax.self)?.calledExpression.is(ClosureExprSyntax.self) == true
  }
}

extension TypeSyntax {
  /// Whether the type is marked `@autoclosure`.
  var isAutoclosure: Bool {
    self.as(AttributedTypeSyntax.self)?.attributes.contains {
      $0.as(AttributeSyntax.self)?.isNamed("autoclosure") == true
    } ?? false
  }
}
