// `@DependencyClient` (swift-dependencies) on a struct of closures: every closure `var` becomes
// a `@DependencyEndpoint`, and the struct gets a memberwise initializer plus one taking only
// the non-endpoint properties, so `Client()` is an "unimplemented" client.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@DependencyClient`: a dependency client whose default instance reports every endpoint it
/// is asked to run as unimplemented.
///
/// ```swift
/// @DependencyClient struct NumberFact: Sendable {
///   var fetch: @Sendable (_ number: Int) async throws -> String
/// }
/// // NumberFact() throws and reports "Unimplemented: 'NumberFact.fetch'"; fetch(number:) exists.
/// ```
public enum DependencyClientMacro {
  /// The message of the deprecations that steer autocompletion to an endpoint's method.
  static let deprecationMessage =
    "This property has a method equivalent that is preferred for autocomplete via this "
    + "deprecation. It is perfectly fine to use for overriding and accessing via '@Dependency'."
}

extension DependencyClientMacro: MemberAttributeMacro {
  /// `@DependencyEndpoint` on each closure `var` (after checking its default), and, when the
  /// closure has argument labels, deprecations on Apple platforms that steer autocompletion to
  /// the generated method.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard
      let property = member.as(VariableDeclSyntax.self),
      !property.isIgnoredByClient,
      !property.isLet,
      let binding = property.bindings.first,
      let identifier = property.identifier?.trimmed,
      let closureType = property.closureType?.trimmed
    else { return [] }
    if let initializer = binding.initializer {
      if try EndpointDefaults.checkDefault(initializer, macroName: node.baseName, context: context)
      {
        return []
      }
    } else if !closureType.canThrow, !closureType.returnsVoid, !closureType.returnsOptional {
      EndpointDefaults.diagnoseMissingDefault(
        binding, identifier: identifier.text, closureType: closureType,
        clientName: declaration.as(StructDeclSyntax.self)?.name.text, context: context)
      return []
    }
    var attributes: [AttributeSyntax] = []
    if !property.attributes.contains(named: "DependencyEndpoint", module: "DependenciesMacros") {
      attributes.append(AttributeSyntax(attributeName: TypeSyntax("DependencyEndpoint")))
    }
    if closureType.parameters.contains(where: { $0.secondName != nil }) {
      for platform in ["iOS", "macOS", "tvOS", "watchOS"] {
        attributes.append(
          AttributeSyntax(
            """
            @available(\(raw: platform), deprecated: 9999, message: "\(raw: deprecationMessage)")
            """))
      }
    }
    return attributes
  }
}

extension DependencyClientMacro: MemberMacro {
  /// `init(…)` taking every stored property (endpoints without defaults), and `init(…)` taking
  /// only the non-endpoint ones, which leaves every endpoint unimplemented.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: declaration,
          message: MacroExpansionErrorMessage(
            "'@DependencyClient' can only be applied to struct types")))
      return []
    }
    var parameters: [InitParameter] = []
    var accesses: Set<AccessLevel> = AccessLevel(structDecl.modifiers).map { [$0] } ?? []
    for member in structDecl.memberBlock.members {
      guard let property = member.decl.as(VariableDeclSyntax.self), !property.isTypeProperty
      else { continue }
      guard let binding = property.bindings.first, let identifier = property.identifier else {
        return []
      }
      let isEndpoint =
        property.attributes.contains(named: "DependencyEndpoint", module: "DependenciesMacros")
        || !property.isLet && property.closureType != nil
      let access = AccessLevel(property.modifiers)
      if property.isLet && binding.initializer != nil { continue }
      if property.isComputed { continue }
      if access == .private && binding.initializer != nil { continue }
      accesses.insert(access ?? .internal)
      if property.isIgnoredByClient { continue }

      guard let type = binding.typeAnnotation?.type ?? binding.initializer?.value.literalType
      else {
        diagnoseMissingType(binding, identifier: identifier.text, context: context)
        return []
      }
      var typeText = type.trimmedDescription
      if type.is(FunctionTypeSyntax.self) {
        typeText = "@escaping " + typeText
      } else if let attributed = type.as(AttributedTypeSyntax.self),
        attributed.baseType.is(FunctionTypeSyntax.self)
      {
        let written = attributed.attributes.map(\.trimmedDescription)
        let specifiers = attributed.specifiers.map(\.trimmedDescription)
        typeText = (specifiers + written + ["@escaping", attributed.baseType.trimmedDescription])
          .joined(separator: " ")
      }
      var defaultText = ""
      if !isEndpoint {
        if let initializer = binding.initializer {
          defaultText = " = \(initializer.value.trimmedDescription)"
        } else if type.is(OptionalTypeSyntax.self) {
          defaultText = " = nil"
        }
      }
      parameters.append(
        InitParameter(
          name: identifier.text, declaration: "\(identifier.text): \(typeText)\(defaultText)",
          isEndpoint: isEndpoint))
    }
    guard parameters.contains(where: \.isEndpoint) else { return [] }
    let access = accesses.min()?.keyword.map { "\($0) " } ?? ""
    return [
      initializer(access: access, parameters: parameters, check: isolationCheck(node, context)),
      initializer(access: access, parameters: parameters.filter { !$0.isEndpoint }, check: nil),
    ]
  }

  /// `init(a: A, b: B) { self.a = a; self.b = b }`, opening with `check` when given.
  static func initializer(access: String, parameters: [InitParameter], check: String?)
    -> DeclSyntax
  {
    let body = (check.map { [$0] } ?? []) + parameters.map { "self.\($0.name) = \($0.name)" }
    let list =
      parameters.isEmpty
      ? "" : "\n" + parameters.map(\.declaration).joined(separator: ",\n") + "\n"
    let block = body.isEmpty ? "{}" : "{\n" + body.joined(separator: "\n") + "\n}"
    return "\(raw: access)init(\(raw: list)) \(raw: block)"
  }

  /// The debug-build check that the client is not `@MainActor` by default isolation:
  /// `#IsolationCheck(client:)` resolves to an erroring macro for a main-actor probe function.
  static func isolationCheck(
    _ node: AttributeSyntax,
    _ context: some MacroExpansionContext
  ) -> String {
    let probe = "__dependencyClientIsolationProbe"
    let check = "#IsolationCheck(client: \(probe))"
    let lines =
      ["#if DEBUG", "func \(probe)() {}"] + sourceLocated([check], at: node, in: context)
      + ["#endif"]
    return lines.joined(separator: "\n")
  }

  /// `'@DependencyClient' requires 'x' to have a type annotation …`, with a fix-it inserting one.
  static func diagnoseMissingType(
    _ binding: PatternBindingSyntax,
    identifier: String,
    context: some MacroExpansionContext
  ) {
    let fixed =
      binding
      .with(\.pattern.trailingTrivia, [])
      .with(
        \.typeAnnotation,
        TypeAnnotationSyntax(
          colon: .colonToken(trailingTrivia: .space),
          type: IdentifierTypeSyntax(name: "<#Type#>"),
          trailingTrivia: .space))
    context.diagnose(
      Diagnostic(
        node: binding,
        message: MacroExpansionErrorMessage(
          "'@DependencyClient' requires '\(identifier)' to have a type annotation in order to "
            + "generate a memberwise initializer"),
        fixIt: .replace(
          message: MacroExpansionFixItMessage("Insert ': <#Type#>'"),
          oldNode: binding,
          newNode: fixed)))
  }
}

/// One parameter of a generated initializer.
struct InitParameter {
  /// The property it sets.
  var name: String
  /// `name: Type = default` as it appears in the parameter list.
  var declaration: String
  /// Whether the property is an endpoint (left out of the second initializer).
  var isEndpoint: Bool
}

/// Access levels in the order `@DependencyClient` picks the initializers' access from: the
/// lowest among the struct's and its stored properties'.
enum AccessLevel: Int, Comparable {
  case `private`, `internal`, `package`, `public`

  /// The first access modifier among `modifiers` (`fileprivate` counts as none), nil if none.
  init?(_ modifiers: DeclModifierListSyntax) {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.private): self = .private
      case .keyword(.internal): self = .internal
      case .keyword(.package): self = .package
      case .keyword(.public): self = .public
      default: continue
      }
      return
    }
    return nil
  }

  /// The keyword to write, nil for `internal` (the default).
  var keyword: String? {
    switch self {
    case .private: "private"
    case .internal: nil
    case .package: "package"
    case .public: "public"
    }
  }

  /// Lower access first.
  static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// `lines`, each preceded by a `#sourceLocation` pointing at `node`, then `#sourceLocation()`:
/// a diagnostic of a check macro then points at the attribute the user wrote.
func sourceLocated(
  _ lines: [String],
  at node: some SyntaxProtocol,
  in context: some MacroExpansionContext
) -> [String] {
  guard let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .filePath)
  else { return lines }
  let directive = "#sourceLocation(file: \(location.file), line: \(location.line))"
  return lines.flatMap { [directive, $0] } + ["#sourceLocation()"]
}

extension VariableDeclSyntax {
  /// Whether `@DependencyClient` leaves the property out: `@Dependency` or
  /// `@DependencyEndpointIgnored` properties.
  var isIgnoredByClient: Bool {
    attributes.contains(named: "Dependency", module: "Dependencies")
      || attributes.contains(named: "DependencyEndpointIgnored", module: "DependenciesMacros")
  }
}

extension ExprSyntax {
  /// `Swift.Bool`, `Swift.Double`, `Swift.Int` or `Swift.String` for a literal of that kind.
  var literalType: TypeSyntax? {
    if self.is(BooleanLiteralExprSyntax.self) { return "Swift.Bool" }
    if self.is(FloatLiteralExprSyntax.self) { return "Swift.Double" }
    if self.is(IntegerLiteralExprSyntax.self) { return "Swift.Int" }
    if self.is(StringLiteralExprSyntax.self) { return "Swift.String" }
    return nil
  }
}
