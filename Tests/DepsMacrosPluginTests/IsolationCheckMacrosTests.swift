// The check macros `@DependencyEntry` and `@DependencyClient` expand to: the passing one
// expands to nothing, each failing one reports swift-dependencies' error at the check.
import DepsMacrosPlugin
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

@Suite struct IsolationCheckMacrosTests {
  /// The declarations and diagnostic messages `macro` produces for the check `source`.
  func check(_ macro: any DeclarationMacro.Type, _ source: String) throws -> (Int, [String]) {
    let file = Parser.parse(source: source)
    let node = try #require(
      file.statements.first?.item.asProtocol((any FreestandingMacroExpansionSyntax).self))
    let context = BasicMacroExpansionContext()
    let decls = try macro.expansion(of: node, in: context)
    return (decls.count, context.diagnostics.map(\.message))
  }

  @Test func passingCheck() throws {
    let (decls, messages) = try check(
      DependencyEntryIsolationCheckMacro.self, "#IsolationCheck(__dependencyEntryIsolationProbe)")
    #expect(decls == 0 && messages.isEmpty)
  }

  @Test func mainActorEntry() throws {
    let (decls, messages) = try check(
      DependencyEntryMainActorIsolationCheckMacro.self,
      "#IsolationCheck(__dependencyEntryIsolationProbe)")
    #expect(decls == 0)
    #expect(messages == ["entry must be 'nonisolated var' when default isolation is '@MainActor'"])
  }

  @Test func mainActorClient() throws {
    let (_, messages) = try check(
      DependencyClientMainActorCheckMacro.self,
      "#IsolationCheck(client: __dependencyClientIsolationProbe)")
    #expect(
      messages == ["client must be 'nonisolated struct' when default isolation is '@MainActor'"])
  }

  @Test func nonSendableEntry() throws {
    let (_, messages) = try check(
      DependencyEntrySendableCheckMacro.self, #"#IsolationCheck(keyPath: \DependencyValues.x)"#)
    #expect(messages == ["entry value must be 'Sendable'"])
  }
}
