// The property macros `@ObservableState` attaches: `@ObservationStateTracked` turns a stored
// `var` into accessors over `_name` that report reads and writes to the registrar;
// `@ObservationStateIgnored` leaves a property alone.
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservationStateTracked var count = 0`: `count` reads and writes `_count` through
/// `_$observationRegistrar`, which reports them to observers.
public enum ObservationStateTrackedMacro {}

extension ObservationStateTrackedMacro: AccessorMacro {
  /// `init` (initializing `_name`), `get`, `set` and `_modify` over the registrar.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard
      let property = declaration.as(VariableDeclSyntax.self),
      isTrackable(property),
      let identifier = property.identifier?.trimmed
    else { return [] }
    let storage = "_\(identifier.text)"
    return [
      """
      @storageRestrictions(initializes: \(raw: storage))
      init(initialValue) {
      \(raw: storage) = initialValue
      }
      """,
      """
      get {
      _$observationRegistrar.access(self, keyPath: \\.\(identifier))
      return \(raw: storage)
      }
      """,
      """
      set {
      _$observationRegistrar.mutate(self, keyPath: \\.\(identifier), &\(raw: storage), newValue, \
      ComposableArchitecture._$isIdentityEqual, shouldNotifyObservers)
      }
      """,
      """
      _modify {
      let oldValue = _$observationRegistrar.willModify(self, keyPath: \\.\(identifier), \
      &\(raw: storage))
      defer {
      _$observationRegistrar.didModify(self, keyPath: \\.\(identifier), &\(raw: storage), \
      oldValue, ComposableArchitecture._$isIdentityEqual)
      }
      yield &\(raw: storage)
      }
      """,
    ]
  }

  /// Whether the property is a stored `var` that no other mechanism observes.
  static func isTrackable(_ property: VariableDeclSyntax) -> Bool {
    let attributes = property.attributes
    return property.isStoredInstanceVariable
      && !attributes.contains(named: ObservableStateMacro.ignoredMacro)
      && !attributes.contains(named: "PresentationState")
      && !attributes.contains(named: ObservableStateMacro.presentsMacro)
      && !ObservableStateMacro.selfObservingWrappers.contains { attributes.contains(named: $0) }
  }
}

extension ObservationStateTrackedMacro: PeerMacro {
  /// The storage: `@ObservationStateIgnored private var _count = 0`. None when the attribute
  /// was written by hand (only the copy `@ObservableState` adds makes storage).
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let property = declaration.as(VariableDeclSyntax.self),
      isTrackable(property),
      !property.attributes.contains(named: ObservableStateMacro.trackedMacro)
    else { return [] }
    return [
      DeclSyntax(property.privateStorage(prefix: "_", adding: ObservableStateMacro.ignoredMacro))
    ]
  }
}

/// `@ObservationStateIgnored`: a property of an `@ObservableState` type that is not observed.
/// It expands to nothing; `@ObservableState` and `@ObservationStateTracked` look for it.
public enum ObservationStateIgnoredMacro: AccessorMacro {
  /// No accessors.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}

extension VariableDeclSyntax {
  /// The property as private storage: `@attribute private var _name…`, keeping its other
  /// attributes, non-access modifiers, type and initial value.
  func privateStorage(prefix: String, adding attribute: String?) -> VariableDeclSyntax {
    var attributes = self.attributes.map { $0.with(\.trailingTrivia, .space) }
    if let attribute {
      attributes.append(
        .attribute(
          AttributeSyntax(
            attributeName: IdentifierTypeSyntax(name: .identifier(attribute)),
            trailingTrivia: .space)))
    }
    let renamedBindings = bindings.map { binding -> PatternBindingSyntax in
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return binding }
      let name = prefix + pattern.identifier.text.withoutBackticks
      return binding.with(
        \.pattern,
        PatternSyntax(pattern.with(\.identifier, pattern.identifier.renamed(name))))
    }
    return VariableDeclSyntax(
      leadingTrivia: leadingTrivia,
      attributes: AttributeListSyntax(attributes),
      modifiers: modifiers.madePrivate,
      bindingSpecifier: bindingSpecifier.with(\.leadingTrivia, []).with(\.trailingTrivia, .space),
      bindings: PatternBindingListSyntax(renamedBindings),
      trailingTrivia: trailingTrivia)
  }
}
