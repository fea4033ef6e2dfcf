// `@CasePathable` (swift-case-paths): gives an enum a case key path per case. The member role
// writes the `AllCasePaths` table and `allCasePaths`; the extension role adds the conformances.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@CasePathable`: an `AllCasePaths` struct with one `AnyCasePath` per case, and conformance to
/// `CasePaths.CasePathable` and `CasePaths.CasePathIterable`.
///
/// ```swift
/// @CasePathable enum Action { case tapped, loaded(Int) }
/// // Action.allCasePaths.loaded: CasePaths.AnyCasePath<Action, Int>; \Action.Cases.loaded
/// ```
public enum CasePathableMacro {
  /// The module of the runtime names the expansion uses.
  static let module = "CasePaths"
}

extension CasePathableMacro: MemberMacro {
  /// Generates `AllCasePaths`, `allCasePaths` and, when a payload names the enum's generic
  /// `Element`, the `_$Element` alias that keeps it apart from `Sequence.Element`.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: declaration.introducer,
          message: MacroExpansionErrorMessage(notAnEnumMessage(declaration))))
      return []
    }
    if let overloaded = firstOverloadedCase(in: enumDecl) {
      context.diagnose(
        Diagnostic(
          node: overloaded.name,
          message: MacroExpansionErrorMessage(
            "'@CasePathable' cannot be applied to overloaded case name '\(overloaded.name.text)'")))
      return []
    }
    return members(for: enumDecl)
  }

  /// The first case reusing an earlier case's name (cases directly in the enum, not in `#if`
  /// blocks, whose clauses may each declare the same case).
  static func firstOverloadedCase(in enumDecl: EnumDeclSyntax) -> EnumCaseElementSyntax? {
    var seen: Set<String> = []
    return enumDecl.memberBlock.members
      .flatMap { $0.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] }
      .first { !seen.insert($0.name.text).inserted }
  }

  /// `'@CasePathable' cannot be applied to struct type 'Foo'`, as swift-case-paths says it.
  static func notAnEnumMessage(_ declaration: some DeclGroupSyntax) -> String {
    var message = "'@CasePathable' cannot be applied to"
    if let keyword = declaration.introducerText { message += " \(keyword)" }
    message += " type"
    if let name = declaration.declaredName { message += " '\(name)'" }
    return message
  }

  /// The generated members of `enumDecl`.
  static func members(for enumDecl: EnumDeclSyntax) -> [DeclSyntax] {
    let enumName = enumDecl.name.text
    let cases = EnumCaseItem.items(in: enumDecl.memberBlock.members)
    let keyPath = "CasePaths.PartialCaseKeyPath<\(enumName)>"
    let payloads = PayloadTypeRewriter(enumName: enumName)

    let subscriptLines = cases.rendered { element, _ in
      "if root.is(\\.\(element.name.text)) { return \\.\(element.name.text) }"
    }
    let propertyLines = cases.rendered { element, declaration in
      casePathProperty(element, declaration: declaration, enumName: enumName, payloads: payloads)
    }
    let appendLines = cases.rendered { element, _ in
      "allCasePaths.append(\\.\(element.name.text))"
    }
    let hasCases = !cases.allElements.isEmpty

    var decls: [DeclSyntax] = [
      """
      public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
      public subscript(root: \(raw: enumName)) -> \(raw: keyPath) {
      \(raw: (subscriptLines + [hasCases ? "return \\.never" : "\\.never"]).joined(separator: "\n"))
      }
      \(raw: propertyLines.joined(separator: "\n"))
      public func makeIterator() -> Swift.IndexingIterator<[\(raw: keyPath)]> {
      \(raw: hasCases ? "var" : "let") allCasePaths: [\(raw: keyPath)] = []
      \(raw: (appendLines + ["return allCasePaths.makeIterator()"]).joined(separator: "\n"))
      }
      }
      """,
      "public static var allCasePaths: AllCasePaths { AllCasePaths() }",
    ]
    if payloads.renamedElement {
      decls.append("public typealias _$Element = Element")
    }
    return decls
  }

  /// `public var bar: CasePaths.AnyCasePath<Foo, Int> { … }` for one case, after the comments
  /// written above the case.
  static func casePathProperty(
    _ element: EnumCaseElementSyntax,
    declaration: EnumCaseDeclSyntax,
    enumName: String,
    payloads: PayloadTypeRewriter
  ) -> String {
    let name = element.name.text
    let values = element.associatedValues
    let valueType = payloads.payloadType(of: values)
    let embed: String
    let pattern: String
    let result: String
    if values.isEmpty {
      embed = "{ \(enumName).\(name) }"
      pattern = "case .\(name)"
      result = "()"
    } else {
      let bound = values.indices.map { "v\($0)" }.joined(separator: ", ")
      embed = "\(enumName).\(name)"
      pattern = "case let .\(name)(\(bound))"
      result = values.count == 1 ? bound : "(\(bound))"
    }
    let type = "CasePaths.AnyCasePath<\(enumName), \(valueType)>"
    return """
      \(declaration.commentsAbove)public var \(name): \(type) {
      ._$embed(\(embed)) {
      guard \(pattern) = $0 else { return nil }
      return \(result)
      }
      }
      """
  }
}

extension CasePathableMacro: ExtensionMacro {
  /// `extension Foo: CasePaths.CasePathable, CasePaths.CasePathIterable {}`, leaving out the
  /// conformances the enum already declares, with the enum's `@available` attributes. None for
  /// an enum the member role rejects.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self),
      firstOverloadedCase(in: enumDecl) == nil
    else { return [] }
    let missing = ["CasePathable", "CasePathIterable"]
      .filter { !declaration.inherits($0, module: module) }
      .map { "\(module).\($0)" }
    guard !missing.isEmpty else { return [] }
    let decl: DeclSyntax = """
      \(raw: declaration.attributes.availabilityPrefix)extension \(type.trimmed): \
      \(raw: missing.joined(separator: ", ")) {}
      """
    return decl.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
  }
}

/// Spells a case's payload type for use inside `AllCasePaths`: `Self` becomes the enum's name,
/// and `Element` (which would mean `Sequence.Element` there) becomes `_$Element`.
final class PayloadTypeRewriter: SyntaxRewriter {
  /// The name `Self` stands for.
  let enumName: String
  /// Whether some payload named `Element`, so the enum needs the `_$Element` alias.
  private(set) var renamedElement = false

  /// A rewriter for the payloads of the enum named `enumName`.
  init(enumName: String) {
    self.enumName = enumName
    super.init(viewMode: .sourceAccurate)
  }

  /// Renames `Self` and `Element`; other type names stay.
  override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
    switch node.name.text {
    case "Self":
      return super.visit(node.with(\.name, node.name.renamed(enumName)))
    case "Element":
      renamedElement = true
      return super.visit(node.with(\.name, node.name.renamed("_$Element")))
    default:
      return super.visit(node)
    }
  }

  /// `Void` for no payload, the type for one (an existential or opaque type in parentheses),
  /// a tuple keeping the labels for several (defaults dropped).
  func payloadType(of values: [EnumCaseParameterSyntax]) -> String {
    func spelled(_ type: TypeSyntax) -> String { rewrite(type.trimmed).trimmedDescription }
    if values.isEmpty { return "Void" }
    if values.count == 1, let type = values.first?.type {
      return type.is(SomeOrAnyTypeSyntax.self) ? "(\(spelled(type)))" : spelled(type)
    }
    let elements = values.map { value in
      (value.label.map { "\($0): " } ?? "") + spelled(value.type)
    }
    return "(\(elements.joined(separator: ", ")))"
  }
}

extension EnumCaseDeclSyntax {
  /// The comments written before the case (doc comments included), each on its own line; the
  /// generated case path repeats them.
  var commentsAbove: String {
    leadingTrivia.compactMap { piece -> String? in
      switch piece {
      case .lineComment(let text), .docLineComment(let text), .blockComment(let text),
        .docBlockComment(let text):
        text + "\n"
      default:
        nil
      }
    }.joined()
  }
}
