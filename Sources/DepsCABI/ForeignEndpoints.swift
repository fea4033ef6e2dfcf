// Dependency endpoints defined by a front rather than by a Swift module: `deps.register{…}` in
// Lua and `deps_dependency_register` in C. Each path gets one implementation per context;
// resolution is swift-dependencies': an override in the current scope, else the implementation
// of the scope's context — `preview` falls back to `live` (previewValue defaults to liveValue);
// a missing `live` or `test` implementation is unimplemented (calling it reports an issue and
// fails). Such a path is overridden like a Swift one (`deps_overrides_set_endpoint`, Lua's
// `d.greeting.hello = …`), listed by `deps_dependencies_json()` / `deps.dependencies()` and
// called through `deps.dependency("greeting.hello")` — whichever front defined it.
import DepsCore
import Synchronization

/// The overrides of front-defined endpoints in a dependency scope.
struct ForeignEndpointOverrides: Sendable {
  var functions: [String: ForeignFunction] = [:]
}

/// The dependency key holding `ForeignEndpointOverrides`.
enum ForeignEndpointOverridesKey: DependencyKey {
  static let liveValue = ForeignEndpointOverrides()
  static let previewValue = ForeignEndpointOverrides()
  static let testValue = ForeignEndpointOverrides()
}

/// The implementations a front gave one endpoint.
struct ForeignEndpointDefinition: Sendable {
  var implementations: [DependencyContext: ForeignFunction]
  /// Where it was defined (`file:line` of a `deps.register` call), when known.
  var location: String?
}

enum ForeignEndpoints {
  /// Front-defined endpoints, by path.
  static let definitions = Mutex<[String: ForeignEndpointDefinition]>([:])

  /// Defines (or redefines) the endpoints of `byPath`, all or none: a path a module registered
  /// (a built-in, a Swift client) is refused. A front may define its own paths again.
  static func define(_ byPath: [String: ForeignEndpointDefinition]) throws(BridgeError) {
    let registry = DepsLibrary.endpoints
    let known = Set(registry.all.map(\.path))
    let ours = definitions.withLock { Set($0.keys) }
    if let taken = byPath.keys.sorted().first(where: { known.contains($0) && !ours.contains($0) }) {
      throw BridgeError(
        .invalid,
        "dependency path \"\(taken)\" is already registered (a built-in); choose another name")
    }
    for (path, definition) in byPath {
      definitions.withLock { $0[path] = definition }
      SelfReportingEndpoints.insert(path)
      register(
        path, in: registry,
        contexts: definition.implementations.keys.sorted { $0.rawValue < $1.rawValue })
    }
  }

  private static func register(
    _ path: String, in registry: EndpointRegistry, contexts: [DependencyContext]
  ) {
    registry.register(
      path, input: "any", output: "any", isAsync: false, isThrowing: true, contexts: contexts,
      presets: ["\"unimplemented\""],
      function: { values, foreign in
        values[ForeignEndpointOverridesKey.self].functions[path] = foreign
      },
      preset: { values, preset throws(BridgeError) in
        guard case .string("unimplemented") = preset else {
          throw BridgeError(
            .invalid,
            "dependency path \"\(path)\" takes a function or \"unimplemented\", got "
              + preset.json())
        }
        values[ForeignEndpointOverridesKey.self].functions[path] = { input in
          try unimplementedCall(path, definedIn: "unimplemented", at: nil, input: input)
        }
      },
      invoke: { input in
        let values = DependencyValues._current
        let trace = values.dependencyTrace
        if let function = values[ForeignEndpointOverridesKey.self].functions[path] {
          guard let trace else { return try function(input) }
          return try trace.observeCall(
            path, input, contextLayer: "override", definedAt: nil
          ) { try function(input) }
        }
        let definition = definitions.withLock { $0[path] }
        let context = values.context
        let implementation =
          definition?.implementations[context]
          ?? (context == .preview ? definition?.implementations[.live] : nil)
        guard let implementation else {
          return try unimplementedCall(
            path, definedIn: "\(context.rawValue)Value", at: definition?.location, input: input)
        }
        guard let trace else { return try implementation(input) }
        // A cassette records the live implementation outside the live context, as it does
        // for a Swift endpoint.
        let live = definition?.implementations[.live]
        let recording: () throws -> JSONValue = {
          guard let live else {
            return try unimplementedCall(
              path, definedIn: "liveValue", at: definition?.location, input: input)
          }
          return try live(input)
        }
        return try trace.observeCall(
          path, input, contextLayer: DependencyTrace.layerName(of: context),
          definedAt: definition?.location, recording: context == .live ? nil : recording
        ) { try implementation(input) }
      })
  }

  /// Reports `Unimplemented: <description> …` (swift-issue-reporting's text) and throws.
  static func unimplementedCall(
    _ description: String, definedIn function: String, at location: String?, input: JSONValue
  ) throws -> JSONValue {
    var message = "Unimplemented: \(description) …"
    if let location { message += "\n\n  Defined in '\(function)' at:\n    \(location)" }
    message += "\n\n  Invoked with:\n    \(input.json())"
    // A test reached an endpoint its front gave no test implementation: say how to give one
    // (in the front's words once translated, as for a Swift dependency).
    if function == "testValue" {
      message +=
        "\n\nTo fix, override '\(description)' with a test value. "
        + DependencyResolution.overrideAdvice
    }
    reportIssue(message)
    throw EndpointError("Unimplemented: \(description)")
  }
}
