// swift-dependencies' macros, declared here and implemented by DepsMacrosPlugin on the
// toolchain's SwiftSyntax (docs/macros.md has what each expands to).
@_exported import IssueReporting

/// Makes a struct of closures a dependency client: every closure property becomes an endpoint
/// that, in a default instance (`Client()`), reports `Unimplemented: 'Client.endpoint'` and
/// throws (or returns its default); labelled closures get methods; memberwise initializers are
/// generated.
///
/// ```swift
/// @DependencyClient
/// struct NumberFactClient {
///   var fetch: @Sendable (_ number: Int) async throws -> String
/// }
/// try await client.fetch(number: 42)
/// ```
@attached(member, names: named(init))
@attached(memberAttribute)
public macro DependencyClient() =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyClientMacro")

/// An endpoint of a `@DependencyClient` (added by the macro); `method:` names its method.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: arbitrary)
public macro DependencyEndpoint(method: String = "") =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEndpointMacro")

/// A closure property of a `@DependencyClient` that is not an endpoint.
@attached(accessor, names: named(willSet))
public macro DependencyEndpointIgnored() =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEndpointIgnoredMacro")

/// Registers a dependency on `DependencyValues` without writing its key: the initial value is
/// the test value; `liveValue:` and `previewValue:` give the others.
///
/// ```swift
/// extension DependencyValues {
///   @DependencyEntry var apiClient: any APIClient = MockAPIClient()
///   @DependencyEntry(liveValue: LiveAPIClient()) var liveClient: any APIClient = MockAPIClient()
/// }
/// ```
@attached(accessor, names: named(get), named(set))
@attached(peer, names: arbitrary)
public macro DependencyEntry<LiveValue, PreviewValue>(
  liveValue: LiveValue = (), previewValue: PreviewValue = ()
) = #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryMacro")

/// `@DependencyEntry` with the key type's name (made public with that name).
@attached(accessor, names: named(get), named(set))
@attached(peer, names: arbitrary)
public macro DependencyEntry<LiveValue, PreviewValue>(
  _ keyName: String, liveValue: LiveValue = (), previewValue: PreviewValue = ()
) = #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryMacro")

/// A `@DependencyEntry` key's default value as a computed property (added by the macro).
@attached(accessor, names: named(get))
public macro _DependencyEntryDefaultValue() =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryDefaultValueMacro")

/// Checks a dependency entry is not main-actor isolated (added by `@DependencyEntry`).
@freestanding(declaration)
public macro IsolationCheck(_: () -> Void) =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")

/// Reports a main-actor isolated dependency entry (added by `@DependencyEntry`).
@freestanding(declaration)
public macro IsolationCheck(_: @MainActor () -> Void) =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryMainActorIsolationCheckMacro")

/// Checks a dependency entry's value is `Sendable` (added by `@DependencyEntry`).
@freestanding(declaration)
public macro IsolationCheck<Root, Value: Sendable>(keyPath: KeyPath<Root, Value>) =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")

/// Reports a dependency entry whose value is not `Sendable` (added by `@DependencyEntry`).
@freestanding(declaration)
public macro IsolationCheck<Root, Value>(keyPath: KeyPath<Root, Value>) =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntrySendableCheckMacro")

/// Checks a dependency client is not main-actor isolated (added by `@DependencyClient`).
@freestanding(declaration)
public macro IsolationCheck(client: () -> Void) =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")

/// Reports a main-actor isolated dependency client (added by `@DependencyClient`).
@freestanding(declaration)
public macro IsolationCheck(client: @MainActor () -> Void) =
  #externalMacro(module: "DepsMacrosPlugin", type: "DependencyClientMainActorCheckMacro")

/// Type-checks a dependency entry's live value (added by `@DependencyEntry`).
@freestanding(declaration)
public macro TypeCheck<Root, Value>(
  _: KeyPath<Root, Value>, liveValue: @autoclosure @MainActor () -> Value
) = #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")

/// Type-checks a dependency entry's preview value (added by `@DependencyEntry`).
@freestanding(declaration)
public macro TypeCheck<Root, Value>(
  _: KeyPath<Root, Value>, previewValue: @autoclosure @MainActor () -> Value
) = #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryIsolationCheckMacro")

/// What an unimplemented throwing endpoint of a `@DependencyClient` throws.
public struct Unimplemented: Error {
  let endpoint: String

  /// The error of the endpoint named `endpoint`.
  public init(_ endpoint: String) { self.endpoint = endpoint }
}
