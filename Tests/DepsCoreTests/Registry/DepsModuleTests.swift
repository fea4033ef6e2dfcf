// The registries start empty and modules fill them: DepsCore registers nothing on its own, a
// module registers into the registries it is given, and the built-in paths are a module too.
import Testing

@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting

@Suite struct DepsModuleTests {
  @Test func registriesStartEmpty() {
    #expect(FeatureRegistry().all.isEmpty)
    #expect(EndpointRegistry().all.isEmpty)
    // Nothing DepsCore itself defines is found before a module registers it.
    var overrides = DependencyOverrides(registry: EndpointRegistry())
    #expect(throws: BridgeError(.notFound, #"unknown dependency path "uuid""#)) {
      try overrides.set("uuid", preset: "incrementing")
    }
    #expect(throws: BridgeError(.notFound, #"unknown feature "Counter""#)) {
      try FeatureRegistry().descriptor("Counter")
    }
  }

  @Test func aModuleRegistersItsEndpointsAndFeatures() throws {
    let features = FeatureRegistry()
    let endpoints = EndpointRegistry()
    let module = DepsModule(name: "probe") { features, endpoints in
      endpoints.register("probe.echo", \.probeEcho)
      features.register(
        name: "Echo", summary: "Echoes.", actions: [ActionDescriptor("ping")],
        dependencies: ["probe.echo"], initialState: EchoFeature.State(), codec: .codable,
        reducer: { EchoFeature() })
    }
    module.register(into: features, endpoints: endpoints)
    #expect(module.name == "probe")
    #expect(features.all.map(\.name) == ["Echo"])
    #expect(endpoints.all.map(\.path) == ["probe.echo"])
    #expect(try endpoints.descriptor("probe.echo").catalogueValue["input"] == "string")
    #expect(FeatureRegistry.shared.all.allSatisfy { $0.name != "Echo" })
  }

  @Test func theBuiltinsAreAModule() {
    let endpoints = EndpointRegistry()
    DepsModule.builtins.register(into: FeatureRegistry(), endpoints: endpoints)
    #expect(
      endpoints.all.map(\.path) == [
        "calendar", "continuousClock", "date.now", "locale", "suspendingClock", "timeZone",
        "uuid", "withRandomNumberGenerator",
      ])
    #expect(throws: Never.self) { try endpoints.descriptor("random") }
  }
}

private struct EchoFeature: Reducer {
  struct State: Codable, Equatable, Sendable { var echoed = "" }
  enum Action: Codable, Equatable, Sendable { case ping }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.echoed = "pong"
      return .none
    }
  }
}

extension DependencyValues {
  fileprivate var probeEcho: @Sendable (String) async throws -> String {
    get { self[ProbeEchoKey.self] }
    set { self[ProbeEchoKey.self] = newValue }
  }
}

private enum ProbeEchoKey: DependencyKey {
  static let liveValue: @Sendable (String) async throws -> String = { $0 }
}
