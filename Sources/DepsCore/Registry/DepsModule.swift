// The module API: how any Swift package brings its features and dependency endpoints to the C
// and Lua fronts. A module is a name and one function that registers into the two registries;
// the registries themselves start empty. docs/modules.md walks through it step by step.
//
//   public let stopwatchModule = DepsModule(name: "stopwatch") { features, endpoints in
//     endpoints.register("stopwatchAPI.submit", \.stopwatchAPI.submit)
//     features.register(name: "Stopwatch", …, reducer: { Stopwatch() })
//   }
//
// DepsCABI's `DepsLibrary` registers `DepsModule.builtins` and a library's modules once, before
// the first C or Lua call reaches a registry.

/// A set of features and dependency endpoints one package contributes to the registries.
public struct DepsModule: Sendable {
  /// The module's name (for messages and `DepsLibrary.modules`), e.g. `"seeds"`.
  public let name: String
  private let body: @Sendable (FeatureRegistry, EndpointRegistry) -> Void

  /// A module whose `register` calls `body` with the feature and endpoint registries to fill.
  /// `body` should register endpoints before the features that use them.
  public init(
    name: String, register body: @escaping @Sendable (FeatureRegistry, EndpointRegistry) -> Void
  ) {
    self.name = name
    self.body = body
  }

  /// Registers the module's endpoints and features into `features` and `endpoints` (the
  /// process-wide registries by default). Registering again replaces the entries.
  public func register(
    into features: FeatureRegistry = .shared, endpoints: EndpointRegistry = .shared
  ) {
    body(features, endpoints)
  }
}
