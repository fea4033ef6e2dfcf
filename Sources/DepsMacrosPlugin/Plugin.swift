// The compiler plugin's entry point: the compiler runs this executable and asks it, over
// standard input and output, to expand the macros declared with
// `#externalMacro(module: "DepsMacrosPlugin", type: "<TypeName>")`.
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// Every macro the plugin implements, by the type name a `#externalMacro` declaration uses.
public enum DepsMacros {
  /// The macro types, keyed by their names (the `type:` of `#externalMacro`).
  public static var all: [String: any Macro.Type] {
    [
      // swift-case-paths
      "CasePathableMacro": CasePathableMacro.self,
      // The Composable Architecture
      "ReducerMacro": ReducerMacro.self,
      "ReducerCaseEphemeralMacro": ReducerCaseEphemeralMacro.self,
      "ReducerCaseIgnoredMacro": ReducerCaseIgnoredMacro.self,
      "ObservableStateMacro": ObservableStateMacro.self,
      "ObservationStateTrackedMacro": ObservationStateTrackedMacro.self,
      "ObservationStateIgnoredMacro": ObservationStateIgnoredMacro.self,
      "PresentsMacro": PresentsMacro.self,
      // swift-dependencies
      "DependencyClientMacro": DependencyClientMacro.self,
      "DependencyEndpointMacro": DependencyEndpointMacro.self,
      "DependencyEndpointIgnoredMacro": DependencyEndpointIgnoredMacro.self,
      "DependencyEntryMacro": DependencyEntryMacro.self,
      "DependencyEntryDefaultValueMacro": DependencyEntryDefaultValueMacro.self,
      "DependencyEntryIsolationCheckMacro": DependencyEntryIsolationCheckMacro.self,
      "DependencyEntryMainActorIsolationCheckMacro": DependencyEntryMainActorIsolationCheckMacro.self,
      "DependencyEntrySendableCheckMacro": DependencyEntrySendableCheckMacro.self,
      "DependencyClientMainActorCheckMacro": DependencyClientMainActorCheckMacro.self,
    ]
  }
}

/// Answers the compiler's "which type implements this macro?" from `DepsMacros.all`.
struct DepsMacrosProvider: PluginProvider {
  /// A type name the plugin does not know.
  struct UnknownMacro: Error, CustomStringConvertible {
    let moduleName: String
    let typeName: String
    var description: String {
      "DepsMacrosPlugin has no macro type '\(typeName)' (asked for by module '\(moduleName)')"
    }
  }

  /// Plugin libraries cannot be loaded into an executable plugin.
  struct NoLibraries: Error, CustomStringConvertible {
    var description: String { "DepsMacrosPlugin is an executable plugin; it loads no libraries" }
  }

  func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
    guard let type = DepsMacros.all[typeName] else {
      throw UnknownMacro(moduleName: moduleName, typeName: typeName)
    }
    return type
  }

  func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
    throw NoLibraries()
  }

  var features: [PluginFeature] { [] }
}

/// Runs the plugin: reads the compiler's requests until it closes the connection.
@main
enum DepsMacrosPluginMain {
  static func main() throws {
    let listener = CompilerPluginMessageListener(
      connection: try StandardIOMessageConnection(),
      messageHandler: PluginProviderMessageHandler(provider: DepsMacrosProvider()))
    try listener.main()
  }
}
