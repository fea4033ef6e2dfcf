// The plugin's table of macro types: every type name a `#externalMacro` declaration of the
// originals' macros uses resolves, and nothing else does.
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import Testing

@testable import DepsMacrosPlugin

@Suite struct PluginTests {
  static let typeNames = [
    "CasePathableMacro", "ReducerMacro", "ReducerCaseEphemeralMacro", "ReducerCaseIgnoredMacro",
    "ObservableStateMacro", "ObservationStateTrackedMacro", "ObservationStateIgnoredMacro",
    "PresentsMacro", "DependencyClientMacro", "DependencyEndpointMacro",
    "DependencyEndpointIgnoredMacro", "DependencyEntryMacro", "DependencyEntryDefaultValueMacro",
    "DependencyEntryIsolationCheckMacro", "DependencyEntryMainActorIsolationCheckMacro",
    "DependencyEntrySendableCheckMacro", "DependencyClientMainActorCheckMacro",
  ]

  @Test func everyTypeResolves() throws {
    #expect(Set(DepsMacros.all.keys) == Set(Self.typeNames))
    for name in Self.typeNames {
      let type = try DepsMacrosProvider().resolveMacro(
        moduleName: "DepsMacrosPlugin", typeName: name)
      #expect(String(describing: type) == name)
    }
  }

  @Test func unknownTypeIsAnError() {
    #expect(throws: DepsMacrosProvider.UnknownMacro.self) {
      try DepsMacrosProvider().resolveMacro(
        moduleName: "DepsMacrosPlugin", typeName: "ViewActionMacro")
    }
  }
}
