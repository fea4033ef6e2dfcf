// The case markers of an enum reducer. They expand to nothing: `@Reducer` reads them.
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ReducerCaseEphemeral case alert(AlertState<Alert>)`: the case holds state that is
/// dismissed after any of its actions; `@Reducer` keeps it as is and passes its actions on.
public enum ReducerCaseEphemeralMacro: PeerMacro {
  /// No peers.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}

/// `@ReducerCaseIgnored case meeting(id: Meeting.ID)`: the case holds plain data, not a
/// feature; `@Reducer` gives it no reducer and no actions (`Swift.Never`).
public enum ReducerCaseIgnoredMacro: PeerMacro {
  /// No peers.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
