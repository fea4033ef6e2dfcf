// What `@DependencyClient` and `@DependencyEndpoint` share: the closure type of an endpoint, the
// "unimplemented" default it gets, and the diagnostics about defaults (a default that is not a
// closure, a `fatalError()` default, a missing default the macro cannot make up).
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

extension FunctionTypeSyntax {
  /// Whether the closure can throw.
  var canThrow: Bool { effectSpecifiers?.throwsClause != nil }

  /// Whether the closure is `async`.
  var isAsync: Bool { effectSpecifiers?.asyncSpecifier != nil }

  /// Whether the closure returns `Void`, `Swift.Void` or `()`.
  var returnsVoid: Bool {
    let type = returnClause.type
    if let tuple = type.as(TupleTypeSyntax.self) { return tuple.elements.isEmpty }
    return ["Void", "Swift.Void"].contains(type.trimmedDescription)
  }

  /// Whether the closure returns an optional (`T?`, `Optional<T>`, `Swift.Optional<T>`).
  var returnsOptional: Bool {
    let type = returnClause.type
    if type.is(OptionalTypeSyntax.self) { return true }
    if let named = type.as(IdentifierTypeSyntax.self) { return named.name.text == "Optional" }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.trimmedDescription.hasPrefix("Swift.Optional")
    }
    return false
  }

  /// `_, _ in` for a closure of this type taking two parameters; empty for none.
  var ignoredParameters: String {
    parameters.isEmpty ? "" : parameters.map { _ in "_" }.joined(separator: ", ") + " in"
  }

  /// `{ _, _ in <#Int#> }`: the default a non-throwing endpoint returning a value needs.
  var placeholderDefault: String {
    let placeholder = "<#\(returnClause.type.trimmedDescription)#>"
    return parameters.isEmpty ? "{ \(placeholder) }" : "{ \(ignoredParameters) \(placeholder) }"
  }
}

/// The diagnostics of endpoint defaults, in swift-dependencies' words.
enum EndpointDefaults {
  /// The text after the first line of "Default value required for non-throwing closure".
  static func missingDefaultMessage(identifier: String, clientName: String?) -> String {
    let via = clientName.map { " via '\($0)()'" } ?? ""
    return """
      Default value required for non-throwing closure '\(identifier)'

      Defaults are required so that the macro can generate a default, "unimplemented" version \
      of the dependency\(via). The default value can be anything and does not need to signify a \
      real value. For example, if the endpoint returns a boolean, you can return 'false', or if \
      it returns an array, you can return '[]'.

      See the documentation for @DependencyClient for more information: \
      https://swiftpackageindex.com/pointfreeco/swift-dependencies/main/documentation/\
      dependenciesmacros/dependencyclient()#Restrictions
      """
  }

  /// Reports that `binding` needs a default, with a fix-it inserting `= { <#Type#> }`.
  static func diagnoseMissingDefault(
    _ binding: PatternBindingSyntax,
    identifier: String,
    closureType: FunctionTypeSyntax,
    clientName: String?,
    context: some MacroExpansionContext
  ) {
    let placeholder = closureType.placeholderDefault
    let fixed = binding.with(
      \.initializer,
      InitializerClauseSyntax(
        leadingTrivia: .space,
        equal: .equalToken(trailingTrivia: .space),
        value: ExprSyntax("\(raw: placeholder)")))
    context.diagnose(
      Diagnostic(
        node: binding,
        message: MacroExpansionErrorMessage(
          missingDefaultMessage(identifier: identifier, clientName: clientName)),
        fixIt: .replace(
          message: MacroExpansionFixItMessage("Insert '= \(placeholder)'"),
          oldNode: binding,
          newNode: fixed)))
  }

  /// Checks an endpoint's written default. A default that is not a closure literal is an error
  /// (thrown; with a warning when it calls `unimplemented`). A closure that only calls
  /// `fatalError` is a warning with a fix-it; then the macro leaves the endpoint alone and this
  /// returns true.
  static func checkDefault(
    _ initializer: InitializerClauseSyntax,
    macroName: String,
    context: some MacroExpansionContext
  ) throws -> Bool {
    guard let closure = initializer.value.as(ClosureExprSyntax.self) else {
      var diagnostics = [
        Diagnostic(
          node: initializer.value,
          message: MacroExpansionErrorMessage("'@\(macroName)' default must be closure literal"))
      ]
      if initializer.value.as(FunctionCallExprSyntax.self)?.calledExpression
        .as(DeclReferenceExprSyntax.self)?.baseName.text == "unimplemented"
      {
        diagnostics.append(
          Diagnostic(
            node: initializer.value,
            message: MacroExpansionWarningMessage(
              "Do not use 'unimplemented' with '@\(macroName)'; the '@\(macroName)' macro "
                + "already includes the behavior of 'unimplemented'.")))
      }
      throw DiagnosticsError(diagnostics: diagnostics)
    }
    guard
      closure.statements.count == 1,
      let statement = closure.statements.first,
      statement.item.trimmedDescription.hasPrefix("fatalError(")
    else { return false }
    let wrapped = ExprSyntax("{ \(raw: statement.item.trimmedDescription) }()")
      .with(\.trailingTrivia, .space)
    context.diagnose(
      Diagnostic(
        node: statement.item,
        message: MacroExpansionWarningMessage(
          """
          Prefer returning a default mock value over 'fatalError()' to avoid crashes in previews \
          and tests.

          The default value can be anything and does not need to signify a real value. For \
          example, if the endpoint returns a boolean, you can return 'false', or if it returns \
          an array, you can return '[]'.
          """),
        fixIt: .replace(
          message: MacroExpansionFixItMessage(
            "Wrap in a synchronously executed closure to silence this warning"),
          oldNode: statement,
          newNode: CodeBlockItemSyntax(item: .expr(wrapped)))))
    return true
  }
}
