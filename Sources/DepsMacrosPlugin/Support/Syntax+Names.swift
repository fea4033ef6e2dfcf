// Reading names off syntax: a declaration's keyword and name, an attribute's name, a property's
// identifier and kind. Every macro of the plugin asks these questions; the answers live here.
import SwiftSyntax

extension DeclGroupSyntax {
  /// The keyword that introduces the declaration (`struct`, `enum`, `class`, …), nil for other
  /// kinds of declaration.
  var introducerToken: TokenSyntax? {
    switch Syntax(self).as(SyntaxEnum.self) {
    case .actorDecl(let decl): decl.actorKeyword
    case .classDecl(let decl): decl.classKeyword
    case .enumDecl(let decl): decl.enumKeyword
    case .extensionDecl(let decl): decl.extensionKeyword
    case .protocolDecl(let decl): decl.protocolKeyword
    case .structDecl(let decl): decl.structKeyword
    default: nil
    }
  }

  /// The introducing keyword as a node to attach a diagnostic to; the whole declaration when it
  /// has none.
  var introducer: Syntax { introducerToken.map(Syntax.init) ?? Syntax(self) }

  /// The introducing keyword's text (`"struct"`), nil for an unknown kind of declaration.
  var introducerText: String? { introducerToken?.text }

  /// The declared type's name as written (`Foo`; an extension's extended type), nil if none.
  var declaredName: String? {
    switch Syntax(self).as(SyntaxEnum.self) {
    case .actorDecl(let decl): decl.name.trimmedDescription
    case .classDecl(let decl): decl.name.trimmedDescription
    case .enumDecl(let decl): decl.name.trimmedDescription
    case .extensionDecl(let decl): decl.extendedType.trimmedDescription
    case .protocolDecl(let decl): decl.name.trimmedDescription
    case .structDecl(let decl): decl.name.trimmedDescription
    default: nil
    }
  }

  /// Whether the inheritance clause names `name`, bare or qualified with `module`.
  func inherits(_ name: String, module: String) -> Bool {
    inheritanceClause?.inheritedTypes.contains {
      [name, "\(module).\(name)"].contains($0.type.trimmedDescription)
    } ?? false
  }
}

extension DeclModifierListSyntax {
  /// The first `public` or `package` modifier, which generated members repeat.
  var publicOrPackage: DeclModifierSyntax? {
    first { [.keyword(.public), .keyword(.package)].contains($0.name.tokenKind) }
  }
}

extension WithModifiersSyntax {
  /// The first `public` or `package` modifier, which generated members repeat.
  var publicOrPackageModifier: DeclModifierSyntax? { modifiers.publicOrPackage }
}

extension DeclGroupSyntax {
  /// The first `public` or `package` modifier, which generated members repeat.
  var publicOrPackageModifier: DeclModifierSyntax? { modifiers.publicOrPackage }
}

extension AttributeSyntax {
  /// The attribute's name without generic arguments or call: `ReducerBuilder` for
  /// `@ReducerBuilder<State, Action>`, `ComposableArchitecture.ReducerBuilder` when qualified.
  var baseName: String {
    if let type = attributeName.as(IdentifierTypeSyntax.self) {
      return type.name.text
    }
    if let type = attributeName.as(MemberTypeSyntax.self) {
      return "\(type.baseType.trimmedDescription).\(type.name.text)"
    }
    return attributeName.trimmedDescription
  }

  /// Whether this is `@name`, bare or qualified with `module`.
  func isNamed(_ name: String, module: String? = nil) -> Bool {
    let base = baseName
    return base == name || module.map { base == "\($0).\(name)" } ?? false
  }
}

extension AttributeListSyntax {
  /// The first attribute spelled `@name` (or `@module.name`), outside `#if` blocks.
  func first(named name: String, module: String? = nil) -> AttributeSyntax? {
    for element in self {
      if case .attribute(let attribute) = element, attribute.isNamed(name, module: module) {
        return attribute
      }
    }
    return nil
  }

  /// Whether the list holds `@name` (or `@module.name`), outside `#if` blocks.
  func contains(named name: String, module: String? = nil) -> Bool {
    first(named: name, module: module) != nil
  }
}

extension VariableDeclSyntax {
  /// The name of the first binding when it is a plain identifier pattern.
  var identifier: TokenSyntax? {
    bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier
  }

  /// Whether the property is `static` or `class`.
  var isTypeProperty: Bool {
    modifiers.contains {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }
  }

  /// Whether the property is declared with `let`.
  var isLet: Bool { bindingSpecifier.tokenKind == .keyword(.let) }

  /// Whether a binding computes its value: a bare getter block or a `get` accessor.
  var isComputed: Bool {
    bindings.contains { binding in
      switch binding.accessorBlock?.accessors {
      case .getter: true
      case .accessors(let accessors):
        accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) }
      case nil: false
      @unknown default: false
      }
    }
  }

  /// A stored instance `var` with a plain name: what observation and presentation can wrap.
  var isStoredInstanceVariable: Bool {
    !isComputed && !isTypeProperty && !isLet && identifier != nil
  }

  /// The declared type of the first binding, if annotated.
  var annotatedType: TypeSyntax? { bindings.first?.typeAnnotation?.type }

  /// The closure type of the first binding (`@Sendable (Int) -> Void` gives `(Int) -> Void`).
  var closureType: FunctionTypeSyntax? {
    guard let type = annotatedType else { return nil }
    return type.as(FunctionTypeSyntax.self)
      ?? type.as(AttributedTypeSyntax.self)?.baseType.as(FunctionTypeSyntax.self)
  }
}

extension DeclModifierListSyntax {
  /// The modifiers with every access modifier replaced by a single leading `private`.
  var madePrivate: DeclModifierListSyntax {
    let accessKeywords: [Keyword] = [.private, .fileprivate, .internal, .package, .public, .open]
    let others = filter { modifier in
      guard case .keyword(let keyword) = modifier.name.tokenKind else { return true }
      return !accessKeywords.contains(keyword)
    }
    return [DeclModifierSyntax(name: .keyword(.private), trailingTrivia: .space)]
      + others.map { $0.with(\.trailingTrivia, .space) }
  }
}

extension TokenSyntax {
  /// An identifier token spelled `name`, with this token's trivia.
  func renamed(_ name: String) -> TokenSyntax {
    .identifier(name, leadingTrivia: leadingTrivia, trailingTrivia: trailingTrivia)
  }
}

extension String {
  /// The string without one leading and one trailing backtick (`` `return` `` gives `return`).
  var withoutBackticks: String {
    var text = Substring(self)
    if text.first == "`" { text = text.dropFirst() }
    if text.last == "`" { text = text.dropLast() }
    return String(text)
  }

  /// The string with its first character upper-cased (`client` gives `Client`).
  var uppercasingFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }
}
