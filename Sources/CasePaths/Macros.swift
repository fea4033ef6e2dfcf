// The `@CasePathable` macro (implemented by DepsMacrosPlugin on the toolchain's SwiftSyntax;
// docs/macros.md).

/// Gives an enum a case path per case: `\.child` becomes a `CaseKeyPath<Enum, Child>`, and
/// `value.child` extracts the payload.
///
/// ```swift
/// @CasePathable
/// enum Action {
///   case child(ChildAction)
///   case tapped
/// }
/// action.is(\.tapped)
/// action[case: \.child]
/// ```
@attached(extension, conformances: CasePathable, CasePathIterable)
@attached(member, names: named(AllCasePaths), named(allCasePaths), named(_$Element))
public macro CasePathable() =
  #externalMacro(module: "DepsMacrosPlugin", type: "CasePathableMacro")
