// The compiler plugin's entry point: the compiler runs this executable and asks it, over
// standard input and output, to expand the macros declared with
// `#externalMacro(module: "DepsMacrosPlugin", type: "<TypeName>")`.
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// Every macro the plugin implements, by the type name a `#externalMacro` declaration uses.
public enum DepsMacros {
  /// The macro types, in the order of the originals' packages.
  public static var types: [any Macro.Type] {
    [
      // swift-case-paths
      CasePathableMacro.self,
      // The Composable Architecture
      ReducerMacro.self, ReducerCaseEphemeralMacro.self, ReducerCaseIgnoredMacro.self,
      ObservableStateMacro.self, ObservationStateTrackedMacro.self,
      ObservationStateIgnoredMacro.self, PresentsMacro.self,
      // swift-dependencies
      DependencyClientMacro.self, DependencyEndpointMacro.self, DependencyEndpointIgnoredMacro.self,
      DependencyEntryMacro.self, DependencyEntryDefaultValueMacro.self,
      DependencyEntryIsolationCheckMacro.self, DependencyEntryMainActorIsolationCheckMacro.self,
      DependencyEntrySendableCheckMacro.self, DependencyClientMainActorCheckMacro.self,
    ]
  }

  /// The macro types keyed by their names (the `type:` of `#externalMacro`).
  public static var all: [String: any Macro.Type] {
    Dictionary(uniqueKeysWithValues: types.map { (String(describing: $0), $0) })
  }
}

/// Answers the compiler's "which type implements this macro?" from `DepsMacros.all`.
struct DepsMacrosProvider: PluginProvider {
  /// A type name the plugin does not know.
  struct UnknownMacro: Error, CustomStringConvertible {
    /// The module of the `#externalMacro` declaration.
    let moduleName: String
    /// The type name it asked for.
    let typeName: String
    /// The message the compiler shows.
    var description: String {
      "DepsMacrosPlugin has no macro type '\(typeName)' (asked for by module '\(moduleName)')"
    }
  }

  /// Plugin libraries cannot be loaded into an executable plugin.
  struct NoLibraries: Error, CustomStringConvertible {
    /// The message the compiler shows.
    var description: String { "DepsMacrosPlugin is an executable plugin; it loads no libraries" }
  }

  /// The macro type named `typeName`; an error for an unknown name.
  func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
    guard let type = DepsMacros.all[typeName] else {
      throw UnknownMacro(moduleName: moduleName, typeName: typeName)
    }
    return type
  }

  /// Always an error: see `NoLibraries`.
  func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
    throw NoLibraries()
  }

  /// No optional features (library loading is one).
  var features: [PluginFeature] { [] }
}

/// Runs the plugin: reads the compiler's requests until it closes the connection.
@main
enum DepsMacrosPluginMain {
  /// Serves the compiler until it closes standard input.
  static func main() throws {
    let listener = CompilerPluginMessageListener(
      connection: try StandardIOMessageConnection(),
      messageHandler: PluginProviderMessageHandler(provider: DepsMacrosProvider()))
    try listener.main()
  }
}
