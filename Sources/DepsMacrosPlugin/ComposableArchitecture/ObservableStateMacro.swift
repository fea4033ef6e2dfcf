// `@ObservableState` (TCA) on a struct or enum: an identity and a registrar for the observation
// machinery, tracked accessors on every stored `var` (via `@ObservationStateTracked`), and the
// `ObservableState` and `Observable` conformances.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservableState`: makes a feature's state observable by TCA's observation machinery.
///
/// ```swift
/// @ObservableState struct State { var count = 0 }   // count gets @ObservationStateTracked
/// @ObservableState enum Path { case detail(Detail.State) }
/// ```
public enum ObservableStateMacro {
  /// The module of the runtime names the expansion uses.
  static let module = "ComposableArchitecture"
  /// The attribute that tracks a property.
  static let trackedMacro = "ObservationStateTracked"
  /// The attribute that leaves a property untracked.
  static let ignoredMacro = "ObservationStateIgnored"
  /// The attribute of a presented child's state.
  static let presentsMacro = "Presents"
  /// Property wrappers of Point-Free's libraries that observe themselves: left untracked.
  static let selfObservingWrappers = ["Shared", "SharedReader", "Fetch", "FetchAll", "FetchOne"]
}

extension ObservableStateMacro: MemberMacro {
  /// For a struct: `_$observationRegistrar`, `_$id`, `_$willModify()` and the
  /// `shouldNotifyObservers` overloads (each only if missing). For an enum: `_$id` and
  /// `_$willModify()` switching over the cases.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return enumMembers(of: enumDecl)
    }
    guard let name = declaration.declaredName else { return [] }
    if declaration.is(ClassDeclSyntax.self) || declaration.is(ActorDeclSyntax.self) {
      let kind = declaration.is(ClassDeclSyntax.self) ? "class" : "actor"
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroExpansionErrorMessage(
            "'@ObservableState' cannot be applied to \(kind) type '\(name)'")))
      return []
    }
    let candidates: [DeclSyntax] = [
      """
      @\(raw: ignoredMacro) var _$observationRegistrar = \
      ComposableArchitecture.ObservationStateRegistrar()
      """,
      """
      public var _$id: ComposableArchitecture.ObservableStateID {
      _$observationRegistrar.id
      }
      """,
      """
      public mutating func _$willModify() {
      _$observationRegistrar._$willModify()
      }
      """,
      shouldNotifyObservers(constraint: nil, body: "true", context: context),
      shouldNotifyObservers(constraint: "Equatable", body: "lhs != rhs", context: context),
      shouldNotifyObservers(constraint: "AnyObject", body: "lhs !== rhs", context: context),
      shouldNotifyObservers(
        constraint: "Equatable & AnyObject", body: "lhs != rhs", context: context),
    ]
    let existing = MemberSignatures(declaration.memberBlock.members)
    return candidates.filter { !existing.contains($0) }
  }

  /// One `shouldNotifyObservers` overload: whether a change of a member whose type meets
  /// `constraint` notifies observers.
  static func shouldNotifyObservers(
    constraint: String?,
    body: String,
    context: some MacroExpansionContext
  ) -> DeclSyntax {
    let member = context.makeUniqueName("Member").text
    let parameter = constraint.map { "\(member): \($0)" } ?? member
    return """
      private nonisolated func shouldNotifyObservers<\(raw: parameter)>(\
      _ lhs: \(raw: member), _ rhs: \(raw: member)) -> Bool { \(raw: body) }
      """
  }

  /// `_$id` and `_$willModify()` of an enum state, numbering the cases in declaration order.
  static func enumMembers(of enumDecl: EnumDeclSyntax) -> [DeclSyntax] {
    let cases = EnumCaseItem.items(in: enumDecl.memberBlock.members)
    var nextTag = 0
    let idCases = cases.rendered { element, _ in
      let name = element.name.text
      let tag = nextTag
      nextTag += 1
      guard element.singleAssociatedValue != nil else {
        return "case .\(name):\nreturn ComposableArchitecture.ObservableStateID()._$tag(\(tag))"
      }
      return "case let .\(name)(state):\nreturn ._$id(for: state)._$tag(\(tag))"
    }
    let willModifyCases = cases.rendered { element, _ in
      let name = element.name.text
      guard let value = element.singleAssociatedValue else { return "case .\(name):\nbreak" }
      let label = value.label.map { "\($0): " } ?? ""
      return """
        case var .\(name)(state):
        ComposableArchitecture._$willModify(&state)
        self = .\(name)(\(label)state)
        """
    }
    return [
      """
      public var _$id: ComposableArchitecture.ObservableStateID {
      switch self {
      \(raw: idCases.joined(separator: "\n"))
      }
      }
      """,
      """
      public mutating func _$willModify() {
      switch self {
      \(raw: willModifyCases.joined(separator: "\n"))
      }
      }
      """,
    ]
  }
}

extension ObservableStateMacro: MemberAttributeMacro {
  /// `@ObservationStateTracked` on each stored instance `var`; `@ObservationStateIgnored` on a
  /// `@Presents` or self-observing wrapped property. Diagnoses the attributes that belong to
  /// Swift's `@Observable` or to `@PresentationState`, with a fix-it to TCA's equivalent.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard
      let property = member.as(VariableDeclSyntax.self),
      property.isStoredInstanceVariable,
      !property.attributes.contains(named: ignoredMacro),
      !property.attributes.contains(named: trackedMacro)
    else { return [] }
    for (wrong, right) in [
      ("ObservationIgnored", ignoredMacro), ("ObservationTracked", trackedMacro),
      ("PresentationState", presentsMacro),
    ] {
      diagnose(property, using: wrong, insteadOf: right, context: context)
    }
    let ignored =
      property.attributes.contains(named: presentsMacro)
      || selfObservingWrappers.contains { property.attributes.contains(named: $0) }
    return [
      AttributeSyntax(
        attributeName: IdentifierTypeSyntax(
          name: .identifier(ignored ? ignoredMacro : trackedMacro)))
    ]
  }

  /// `'@ObservationIgnored' cannot be used in '@ObservableState'`, with a fix-it renaming it.
  static func diagnose(
    _ property: VariableDeclSyntax,
    using wrong: String,
    insteadOf right: String,
    context: some MacroExpansionContext
  ) {
    guard
      let attribute = property.attributes.first(named: wrong),
      let name = attribute.attributeName.as(IdentifierTypeSyntax.self)
    else { return }
    let renamed = attribute.with(
      \.attributeName,
      TypeSyntax(name.with(\.name, name.name.renamed(right))))
    context.diagnose(
      Diagnostic(
        node: attribute,
        message: MacroExpansionErrorMessage("'@\(wrong)' cannot be used in '@ObservableState'"),
        fixIt: .replace(
          message: MacroExpansionFixItMessage("Use '@\(right)' instead"),
          oldNode: attribute,
          newNode: renamed)))
  }
}

extension ObservableStateMacro: ExtensionMacro {
  /// `extension State: ComposableArchitecture.ObservableState, Observation.Observable {}`, with
  /// the conformances the compiler reports missing, and the type's `@available` attributes.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard
      !protocols.isEmpty,
      !declaration.is(ClassDeclSyntax.self),
      !declaration.is(ActorDeclSyntax.self)
    else { return [] }
    let names = protocols.map { $0.trimmedDescription.split(separator: ".").last.map(String.init) }
    var conformances: [String] = []
    if names.contains("ObservableState") { conformances.append("\(module).ObservableState") }
    if names.contains("Observable") { conformances.append("Observation.Observable") }
    guard !conformances.isEmpty else { return [] }
    let decl: DeclSyntax = """
      \(raw: declaration.attributes.availabilityPrefix)extension \(type.trimmed): \
      \(raw: conformances.joined(separator: ", ")) {}
      """
    return decl.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
  }
}

/// The members a type already declares, compared the way a generated member would clash with
/// them: properties by name (and instance or type), functions by name, labels and types, a
/// generic parameter counting as its constraint.
struct MemberSignatures {
  private var properties: Set<String> = []
  private var functions: Set<String> = []

  /// The signatures of `members`.
  init(_ members: MemberBlockItemListSyntax) {
    for member in members {
      if let property = member.decl.as(VariableDeclSyntax.self) {
        properties.formUnion(Self.keys(of: property))
      } else if let function = member.decl.as(FunctionDeclSyntax.self) {
        functions.insert(Self.key(of: function))
      }
    }
  }

  /// Whether `decl` would redeclare one of the members.
  func contains(_ decl: DeclSyntax) -> Bool {
    if let property = decl.as(VariableDeclSyntax.self) {
      return !properties.isDisjoint(with: Self.keys(of: property))
    }
    if let function = decl.as(FunctionDeclSyntax.self) {
      return functions.contains(Self.key(of: function))
    }
    return false
  }

  private static func keys(of property: VariableDeclSyntax) -> [String] {
    property.bindings.compactMap {
      $0.pattern.as(IdentifierPatternSyntax.self).map { pattern in
        "\(property.isTypeProperty ? "static " : "")\(pattern.identifier.text.withoutBackticks)"
      }
    }
  }

  private static func key(of function: FunctionDeclSyntax) -> String {
    var generics: [String: String] = [:]
    for parameter in function.genericParameterClause?.parameters ?? [] {
      generics[parameter.name.text] =
        "some " + (parameter.inheritedType?.trimmedDescription ?? "Any")
    }
    func spelled(_ type: TypeSyntax) -> String {
      let text = type.trimmedDescription
      return generics[text] ?? text
    }
    let parameters = function.signature.parameterClause.parameters.map {
      "\($0.firstName.text):\(spelled($0.type))"
    }
    let result = function.signature.returnClause.map { spelled($0.type) } ?? "Void"
    let isStatic = function.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
    return "\(isStatic ? "static " : "")\(function.name.text)(\(parameters.joined()))->\(result)"
  }
}
