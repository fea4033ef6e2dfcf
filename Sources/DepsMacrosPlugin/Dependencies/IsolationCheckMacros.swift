// The compile-time checks `@DependencyEntry` and `@DependencyClient` expand to. The checks work
// by overload resolution in swift-dependencies' `#IsolationCheck` / `#TypeCheck` declarations:
// the passing overloads are bound to a macro that expands to nothing, the failing ones to a
// macro that reports why.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A check that passed: expands to nothing. Bound to `#IsolationCheck(_:)` with a nonisolated
/// probe, `#IsolationCheck(keyPath:)` with a `Sendable` value, `#IsolationCheck(client:)` with
/// a nonisolated probe and to `#TypeCheck(_:liveValue:)` / `#TypeCheck(_:previewValue:)`.
public enum DependencyEntryIsolationCheckMacro: DeclarationMacro {
  /// No declarations.
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}

/// `#IsolationCheck(_:)` with a main-actor probe: the entry is isolated by default.
public enum DependencyEntryMainActorIsolationCheckMacro: DeclarationMacro {
  /// Reports `entry must be 'nonisolated var' when default isolation is '@MainActor'`.
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    report("entry must be 'nonisolated var' when default isolation is '@MainActor'", node, context)
  }
}

/// `#IsolationCheck(client:)` with a main-actor probe: the client is isolated by default.
public enum DependencyClientMainActorCheckMacro: DeclarationMacro {
  /// Reports `client must be 'nonisolated struct' when default isolation is '@MainActor'`.
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    report(
      "client must be 'nonisolated struct' when default isolation is '@MainActor'", node, context)
  }
}

/// `#IsolationCheck(keyPath:)` with a value that is not `Sendable`.
public enum DependencyEntrySendableCheckMacro: DeclarationMacro {
  /// Reports `entry value must be 'Sendable'`.
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    report("entry value must be 'Sendable'", node, context)
  }
}

/// Reports `message` as an error at the check and expands to nothing.
private func report(
  _ message: String,
  _ node: some FreestandingMacroExpansionSyntax,
  _ context: some MacroExpansionContext
) -> [DeclSyntax] {
  context.diagnose(Diagnostic(node: node, message: MacroExpansionErrorMessage(message)))
  return []
}
