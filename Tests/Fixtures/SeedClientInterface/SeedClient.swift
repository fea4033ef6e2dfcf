// Fixture: the interface half of the seed's module split. The client, its `TestDependencyKey`
// conformance (test and preview values) and its `DependencyValues` property live here; the live
// value is added by `SeedClientLive`, a module this one does not know about.
import DepsCore

/// A number-fact client declared in an interface module.
public struct SeedClient: Sendable {
  /// Returns a fact about a number.
  public var fetch: @Sendable (Int) async throws -> String

  /// Creates a client from its endpoint.
  public init(fetch: @escaping @Sendable (Int) async throws -> String) {
    self.fetch = fetch
  }
}

extension SeedClient: TestDependencyKey {
  /// The value tests get unless they override it.
  public static let testValue = SeedClient { "\($0) is a test fact." }
  /// The value previews get.
  public static let previewValue = SeedClient { "\($0)은 Preview용 숫자입니다." }
}

extension DependencyValues {
  /// The seed client (`@Dependency(\.seedClient)`).
  public var seedClient: SeedClient {
    get { self[SeedClient.self] }
    set { self[SeedClient.self] = newValue }
  }
}
