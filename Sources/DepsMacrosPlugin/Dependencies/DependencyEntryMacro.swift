// `@DependencyEntry` (swift-dependencies): a `DependencyValues` property in one line. The
// property becomes accessors over a generated dependency key whose test value is the property's
// initial value (and whose live and preview values come from the macro's arguments).
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@DependencyEntry`: declares a dependency and its key together.
///
/// ```swift
/// extension DependencyValues {
///   @DependencyEntry(liveValue: APIClient.live) var apiClient = APIClient.mock
///   @DependencyEntry("APIClientKey") public var publicClient: APIClient = .mock
/// }
/// ```
public enum DependencyEntryMacro {
  /// The local function whose isolation `#IsolationCheck` inspects.
  static let isolationProbe = "__dependencyEntryIsolationProbe"
}

extension DependencyEntryMacro: AccessorMacro {
  /// `get` (after the debug-build checks), `set` and `_modify` through `self[Key.self]`.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard
      let extendedType = dependencyValuesExtension(in: context),
      let property = declaration.as(VariableDeclSyntax.self),
      !property.isLet,
      let identifier = property.identifier?.trimmed
    else { return [] }
    let key = keyName(node: node, property: property, identifier: identifier)
    let arguments = valueArguments(of: node)
    var checks = ["#IsolationCheck(\(isolationProbe))"]
    for (label, value) in [("liveValue", arguments.live), ("previewValue", arguments.preview)] {
      if let value {
        checks.append(
          "#TypeCheck(\\\(extendedType.trimmedDescription).\(identifier.text), "
            + "\(label): \(value.trimmedDescription))")
      }
    }
    let getter =
      ["get {", "#if DEBUG", "func \(isolationProbe)() {}"]
      + sourceLocated(checks, at: node, in: context)
      + ["#endif", "return self[\(key).self]", "}"]
    return [
      AccessorDeclSyntax("\(raw: getter.joined(separator: "\n"))"),
      "set { self[\(raw: key).self] = newValue }",
      "_modify { yield &self[\(raw: key).self] }",
    ]
  }
}

extension DependencyEntryMacro: PeerMacro {
  /// The key enum (`private nonisolated enum __Key_name: Dependencies.TestDependencyKey`, or
  /// `DependencyKey` with a live value), after the debug-build check that the value is
  /// `Sendable`.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let extendedType = dependencyValuesExtension(in: context),
      let property = declaration.as(VariableDeclSyntax.self),
      !property.isLet
    else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroExpansionErrorMessage(
            "'@DependencyEntry' macro can only attach to 'var' declarations inside extensions "
              + "of 'DependencyValues'")))
      return []
    }
    guard let binding = property.bindings.first, let identifier = property.identifier?.trimmed
    else { return [] }
    let arguments = valueArguments(of: node)
    let testValue = binding.initializer?.value
    guard testValue != nil || arguments.live != nil else {
      context.diagnose(
        Diagnostic(
          node: declaration,
          message: MacroExpansionErrorMessage(
            "'@DependencyEntry' requires an initializer to define the property's test value, or "
              + "a 'liveValue' argument to fall back on")))
      return []
    }
    let customKey = customKeyName(node)
    let publicOrPackage = property.publicOrPackageModifier?.name.text
    let keyAccess =
      customKey != nil || publicOrPackage != nil ? publicOrPackage ?? "private" : "private"
    let memberAccess = publicOrPackage.map { "\($0) " } ?? (customKey != nil ? "public " : "")
    let values = [
      ("liveValue", arguments.live), ("previewValue", arguments.preview),
      ("testValue", testValue),
    ].compactMap { name, value in value.map { (name, $0.trimmedDescription) } }
    var members: [String] = []
    if let type = binding.typeAnnotation?.type.trimmed {
      members.append("\(memberAccess)typealias Value = \(type.trimmedDescription)")
      members += values.map { "\(memberAccess)static var \($0.0): Value { \($0.1) }" }
    } else {
      let attribute = "@DependenciesMacros._DependencyEntryDefaultValue"
      members += values.map { "\(attribute) \(memberAccess)static var \($0.0) = \($0.1)" }
    }
    let conformance = arguments.live != nil ? "DependencyKey" : "TestDependencyKey"
    let key = keyName(node: node, property: property, identifier: identifier)
    let sendableCheck =
      ["#if DEBUG"]
      + sourceLocated(
        ["#IsolationCheck(keyPath: \\\(extendedType.trimmedDescription).\(identifier.text))"],
        at: node, in: context)
      + ["#endif"]
    return [
      "\(raw: sendableCheck.joined(separator: "\n"))",
      """
      \(raw: keyAccess) nonisolated enum \(raw: key): Dependencies.\(raw: conformance) {
      \(raw: members.joined(separator: "\n"))
      }
      """,
    ]
  }

  /// The extended type when the macro sits directly in `extension DependencyValues`.
  static func dependencyValuesExtension(in context: some MacroExpansionContext) -> TypeSyntax? {
    guard let extensionDecl = context.lexicalContext.first?.as(ExtensionDeclSyntax.self)
    else { return nil }
    let type = extensionDecl.extendedType
    let name =
      type.as(IdentifierTypeSyntax.self)?.name.text ?? type.as(MemberTypeSyntax.self)?.name.text
    return name == "DependencyValues" ? type.trimmed : nil
  }

  /// The `liveValue:` and `previewValue:` arguments.
  static func valueArguments(of node: AttributeSyntax) -> EntryValues {
    guard case .argumentList(let arguments) = node.arguments else {
      return EntryValues(live: nil, preview: nil)
    }
    return EntryValues(
      live: arguments.first { $0.label?.text == "liveValue" }?.expression,
      preview: arguments.first { $0.label?.text == "previewValue" }?.expression)
  }

  /// The key name given as the unlabelled string argument, `@DependencyEntry("APIClientKey")`.
  static func customKeyName(_ node: AttributeSyntax) -> String? {
    guard case .argumentList(let arguments) = node.arguments else { return nil }
    for argument in arguments where argument.label == nil {
      if let literal = argument.expression.as(StringLiteralExprSyntax.self),
        literal.segments.count == 1,
        let segment = literal.segments.first?.as(StringSegmentSyntax.self)
      {
        return segment.content.text
      }
    }
    return nil
  }

  /// The key type's name: `__Key_name` for a property visible only in its module; for a
  /// `public` or `package` one, the given name, else the type's name plus `Key`
  /// (`any APIClient` gives `APIClientKey`), else the property's name capitalized plus `Key`.
  static func keyName(
    node: AttributeSyntax,
    property: VariableDeclSyntax,
    identifier: TokenSyntax
  ) -> String {
    guard property.publicOrPackageModifier != nil else { return "__Key_\(identifier.text)" }
    if let custom = customKeyName(node) { return custom }
    if let type = property.annotatedType, let name = keyStem(of: type) { return name + "Key" }
    return identifier.text.withoutBackticks.uppercasingFirst + "Key"
  }

  /// The names a type is made of, run together: `[String: User]` gives `StringUser`.
  static func keyStem(of type: TypeSyntax) -> String? {
    func joined(_ types: [TypeSyntax]) -> String? {
      let stems = types.compactMap(keyStem(of:))
      return stems.isEmpty ? nil : stems.joined()
    }
    switch type.as(TypeSyntaxEnum.self) {
    case .identifierType(let type): return type.name.text.withoutBackticks
    case .memberType(let type): return type.name.text.withoutBackticks
    case .someOrAnyType(let type): return keyStem(of: type.constraint)
    case .optionalType(let type): return keyStem(of: type.wrappedType)
    case .implicitlyUnwrappedOptionalType(let type): return keyStem(of: type.wrappedType)
    case .arrayType(let type): return keyStem(of: type.element)
    case .dictionaryType(let type):
      guard let key = keyStem(of: type.key), let value = keyStem(of: type.value) else {
        return nil
      }
      return key + value
    case .tupleType(let type): return joined(type.elements.map(\.type))
    case .compositionType(let type): return joined(type.elements.map(\.type))
    case .attributedType(let type): return keyStem(of: type.baseType)
    case .metatypeType(let type): return keyStem(of: type.baseType)
    default: return nil
    }
  }
}

/// The `liveValue:` and `previewValue:` arguments of a `@DependencyEntry`.
struct EntryValues {
  /// The `liveValue:` expression.
  var live: ExprSyntax?
  /// The `previewValue:` expression.
  var preview: ExprSyntax?
}

/// `@_DependencyEntryDefaultValue static var liveValue = Client.live`: makes the key's value a
/// computed property (`get { Client.live }`), so it is built each time it is asked for, with
/// the type inferred from the expression.
public enum DependencyEntryDefaultValueMacro: AccessorMacro {
  /// `get { <initial value> }`.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard
      let value = declaration.as(VariableDeclSyntax.self)?.bindings.first?.initializer?.value
    else { return [] }
    return ["get { \(value.trimmed) }"]
  }
}
