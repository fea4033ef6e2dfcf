// A front's direct call of its own override (`DependencyOverrides.directCall`) does what the
// endpoint's call does in the values the recipe was applied to: the same results, the same
// conversions and errors, the same nesting guard; and it is offered only when the recipe's
// last change touching the path installs that function.
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

@Suite struct EndpointDirectCallTests {
  private func registry() -> EndpointRegistry {
    let endpoints = EndpointRegistry()
    endpoints.register("probe.count", \.probeCount)
    endpoints.register("probe.name", \.probeName)
    endpoints.register(
      "probe", input: "object", output: "object", presets: ["reset"], function: nil,
      preset: { values, _ in values.probeCount = { _ in "reset" } }, invoke: nil)
    return endpoints
  }

  /// `call` of the endpoint in the values `overrides` makes, and the direct call.
  private func both(
    _ overrides: DependencyOverrides, _ path: String, _ input: JSONValue,
    in endpoints: EndpointRegistry
  ) async throws -> (Result<JSONValue, EndpointFailure>, Result<JSONValue, EndpointFailure>) {
    let direct = try #require(overrides.directCall(for: path))
    var values = DependencyValues()
    overrides.apply(to: &values)
    let descriptor = try endpoints.descriptor(path)
    let called: Result<JSONValue, EndpointFailure>
    do {
      let output = try await DependencyValues.$_current.withValue(values) {
        try await descriptor.call(input)
      }
      called = .success(output)
    } catch {
      called = .failure(EndpointFailure(error))
    }
    let directly: Result<JSONValue, EndpointFailure>
    do {
      directly = .success(try DependencyValues.$_current.withValue(values) { try direct(input) })
    } catch {
      directly = .failure(EndpointFailure(error))
    }
    return (called, directly)
  }

  @Test func resultsAndErrorsAreTheEndpointCalls() async throws {
    let endpoints = registry()
    var overrides = DependencyOverrides(registry: endpoints)
    try overrides.set("probe.count") { input in
      switch input {
      case .int(let number) where number < 0: throw EndpointError("negative")
      case .int(0): return .int(0)
      default: return .string("count \(input.json())")
      }
    }
    try overrides.set("probe.name") { input in .string("name for \(input.json())") }
    for input: JSONValue in [.int(3), .string("three"), .double(1.5), .null, .int(-1), .int(0)] {
      let (called, directly) = try await both(overrides, "probe.count", input, in: endpoints)
      #expect(called == directly, "\(input.json())")
    }
    let (called, directly) = try await both(overrides, "probe.name", .null, in: endpoints)
    #expect(called == directly)
    #expect(directly == .success(.string("name for null")))
    let (failed, failedDirectly) = try await both(overrides, "probe.count", .int(-1), in: endpoints)
    #expect(failedDirectly == .failure(EndpointFailure(EndpointError("negative"))))
    #expect(failed == failedDirectly)
    let (wrongOutput, wrongOutputDirectly) = try await both(
      overrides, "probe.count", .int(0), in: endpoints)
    #expect(
      wrongOutputDirectly
        == .failure(
          EndpointFailure(
            BridgeError(
              .invalid, "override of probe.count returned the wrong type: expected a string, got 0")
          )))
    #expect(wrongOutput == wrongOutputDirectly)
  }

  @Test func theNestingGuardStillApplies() throws {
    let endpoints = registry()
    var overrides = DependencyOverrides(registry: endpoints)
    let box = DirectBox()
    try overrides.set("probe.count") { _ in try box.call?(.int(1)) ?? .null }
    let direct = try #require(overrides.directCall(for: "probe.count"))
    box.call = direct
    #expect(
      throws: EndpointError(
        "dependency \"probe.count\": foreign endpoint calls nested more than 32 deep (an override "
          + "calling an endpoint whose override calls another …); stopped here")
    ) {
      try direct(.int(1))
    }
  }

  @Test func offeredOnlyWhenTheRecipesLastChangeInstallsTheFunction() throws {
    let endpoints = registry()
    var overrides = DependencyOverrides(registry: endpoints)
    #expect(overrides.directCall(for: "probe.count") == nil)
    try overrides.set("probe.count") { _ in .string("first") }
    #expect(overrides.directCall(for: "probe.count") != nil)
    #expect(overrides.directCall(for: "probe.name") == nil)
    // A later change of another path leaves it.
    try overrides.set("probe.name") { _ in .string("name") }
    overrides.set(context: .test)
    #expect(try overrides.directCall(for: "probe.count")?(.int(1)) == .string("first"))
    // A later preset of a parent path replaces it.
    var parent = overrides
    try parent.set("probe", preset: "reset")
    #expect(parent.directCall(for: "probe.count") == nil)
    #expect(parent.directCall(for: "probe.name") == nil)
    // The last function for a path is the one called.
    try overrides.set("probe.count") { _ in .string("second") }
    #expect(try overrides.directCall(for: "probe.count")?(.int(1)) == .string("second"))
    // An endpoint registered with a custom installer has no direct call.
    let custom = EndpointRegistry()
    custom.register(
      "probe.custom", input: "null", output: "string", presets: [],
      function: { _, _ in }, preset: nil, invoke: { _ in .string("x") })
    var customOverrides = DependencyOverrides(registry: custom)
    try customOverrides.set("probe.custom") { _ in .string("y") }
    #expect(customOverrides.directCall(for: "probe.custom") == nil)
  }
}

@Suite struct EndpointRegistryGenerationTests {
  @Test func everyChangeMovesTheGeneration() {
    let endpoints = EndpointRegistry()
    var seen = [endpoints.generation]
    endpoints.register("probe.count", \.probeCount)
    seen.append(endpoints.generation)
    endpoints.alias("count", for: "probe.count")
    seen.append(endpoints.generation)
    endpoints.markUnimplementedInTests("probe.count")
    seen.append(endpoints.generation)
    #expect(Set(seen).count == seen.count, "\(seen)")
    _ = try? endpoints.descriptor("probe.count")
    #expect(endpoints.generation == seen.last)
  }

  @Test func onlyExactRoundTripsSkipTheConversions() {
    #expect(JSONValue.int(3).convertsToItself(as: Int.self))
    #expect(JSONValue.string("a").convertsToItself(as: String.self))
    #expect(JSONValue.bool(true).convertsToItself(as: Bool.self))
    #expect(!JSONValue.int(3).convertsToItself(as: Double.self))
    #expect(!JSONValue.int(3).convertsToItself(as: Int?.self))
    #expect(!JSONValue.double(3).convertsToItself(as: Int.self))
    #expect(!JSONValue.string("a").convertsToItself(as: Int.self))
    #expect(!JSONValue.null.convertsToItself(as: String.self))
  }
}

/// An error as compared by these tests: its type and message.
private struct EndpointFailure: Error, Equatable {
  let description: String
  init(_ error: any Error) { description = "\(type(of: error)): \(error)" }
}

private final class DirectBox: @unchecked Sendable {
  var call: ForeignFunction?
}

extension DependencyValues {
  fileprivate var probeCount: @Sendable (Int) async throws -> String {
    get { self[ProbeCountKey.self] }
    set { self[ProbeCountKey.self] = newValue }
  }
  fileprivate var probeName: @Sendable () async throws -> String {
    get { self[ProbeNameKey.self] }
    set { self[ProbeNameKey.self] = newValue }
  }
}

private enum ProbeCountKey: DependencyKey {
  static let liveValue: @Sendable (Int) async throws -> String = { "live \($0)" }
  static let testValue: @Sendable (Int) async throws -> String = { "test \($0)" }
}

private enum ProbeNameKey: DependencyKey {
  static let liveValue: @Sendable () async throws -> String = { "live" }
  static let testValue: @Sendable () async throws -> String = { "test" }
}
