// `@Presents` (TCA): `@PresentationState` for `@ObservableState` types. The property becomes
// accessors over a private `PresentationState` storage, with a `$name` projection, every access
// reported to the observation registrar.
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Presents var destination: Destination.State?`: `destination` and `$destination` over
/// `_destination: ComposableArchitecture.PresentationState<Destination.State>`.
public enum PresentsMacro {}

extension PresentsMacro: AccessorMacro {
  /// `init` (wrapping the initial value), `get` and `set` through `_name.wrappedValue`.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard
      let property = declaration.as(VariableDeclSyntax.self),
      property.isStoredInstanceVariable,
      let identifier = property.identifier?.trimmed
    else { return [] }
    let storage = "_\(identifier.text.withoutBackticks)"
    return [
      """
      @storageRestrictions(initializes: \(raw: storage))
      init(initialValue) {
      \(raw: storage) = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
      }
      """,
      """
      get {
      _$observationRegistrar.access(self, keyPath: \\.\(identifier))
      return \(raw: storage).wrappedValue
      }
      """,
      """
      set {
      _$observationRegistrar.mutate(self, keyPath: \\.\(identifier), \
      &\(raw: storage).wrappedValue, newValue, ComposableArchitecture._$isIdentityEqual)
      }
      """,
    ]
  }
}

extension PresentsMacro: PeerMacro {
  /// `var $name: ComposableArchitecture.PresentationState<Wrapped>` (the projection) and the
  /// storage, `@ObservationStateIgnored private var _name = PresentationState<Wrapped>(…)`.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let property = declaration.as(VariableDeclSyntax.self),
      property.isStoredInstanceVariable,
      let identifier = property.identifier?.trimmed,
      let binding = property.bindings.first
    else { return [] }
    let name = identifier.text.withoutBackticks
    let modifiers = property.modifiers.map { "\($0.trimmedDescription) " }.joined()
    let specifier = property.bindingSpecifier.text
    let wrapped = binding.typeAnnotation?.type.optionalWrappedType
    let stateType = wrapped.map {
      "ComposableArchitecture.PresentationState<\($0.trimmedDescription)>"
    }
    let projectionType = stateType ?? binding.typeAnnotation?.type.trimmedDescription ?? "_"
    let projection: DeclSyntax = """
      \(raw: modifiers)\(raw: specifier) $\(raw: name): \(raw: projectionType) {
      get {
      _$observationRegistrar.access(self, keyPath: \\.\(identifier))
      return _\(raw: name).projectedValue
      }
      set {
      _$observationRegistrar.mutate(self, keyPath: \\.\(identifier), \
      &_\(raw: name).projectedValue, newValue, ComposableArchitecture._$isIdentityEqual)
      }
      }
      """
    var storage = property
    storage.attributes = storage.attributes.filter {
      guard case .attribute(let attribute) = $0 else { return true }
      return !attribute.isNamed(ObservableStateMacro.presentsMacro)
    }
    if let stateType {
      let initial = binding.initializer?.value.trimmedDescription ?? "nil"
      storage.bindings = [
        PatternBindingSyntax(
          pattern: IdentifierPatternSyntax(identifier: identifier),
          initializer: InitializerClauseSyntax(
            value: ExprSyntax("\(raw: stateType)(wrappedValue: \(raw: initial))")))
      ]
    }
    return [
      projection,
      DeclSyntax(storage.privateStorage(prefix: "_", adding: ObservableStateMacro.ignoredMacro)),
    ]
  }
}

extension TypeSyntax {
  /// `T` for `T?` or `Optional<T>`, nil for any other type.
  var optionalWrappedType: TypeSyntax? {
    if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType }
    if let named = self.as(IdentifierTypeSyntax.self),
      named.name.text == "Optional",
      let arguments = named.genericArgumentClause?.arguments, arguments.count == 1,
      case .type(let type)? = arguments.first?.argument
    {
      return type
    }
    return nil
  }
}
