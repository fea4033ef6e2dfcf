// The endpoint registry: dependency path (`numberFact.fetch`, `uuid`, `continuousClock`, …) →
// how to install an override from a foreign function `(JSONValue) throws -> JSONValue` or a preset,
// and how to call the endpoint in the current scope. Registering an endpoint of a Swift client
// is one line:
//
//   EndpointRegistry.shared.register("numberFact.fetch", \.numberFact.fetch)
//
// The closure's type gives the input/output shapes and whether it is async/throwing.
import Synchronization

/// A foreign implementation of an endpoint: JSON-shaped input to JSON-shaped output. Called only
/// on the thread inside a call on the store that uses it.
public typealias ForeignFunction = @Sendable (JSONValue) throws -> JSONValue

/// One overridable dependency path.
public struct EndpointDescriptor: Sendable {
  /// The path, e.g. `numberFact.fetch`.
  public let path: String
  /// The input's JSON shape (`integer`, `string`, `null`, …).
  public let input: String
  /// The output's JSON shape.
  public let output: String
  /// True when the endpoint is async.
  public let isAsync: Bool
  /// True when the endpoint throws.
  public let isThrowing: Bool
  /// The contexts with an implementation of their own (`live`, `preview`, `test`).
  public let contexts: [DependencyContext]
  /// Preset names or shapes accepted by `deps_overrides_set` (empty: functions only).
  public let presets: [String]

  let installFunction: (@Sendable (inout DependencyValues, @escaping ForeignFunction) -> Void)?
  let installPreset: (@Sendable (inout DependencyValues, JSONValue) throws(BridgeError) -> Void)?
  let installUnimplemented: (@Sendable (inout DependencyValues) -> Void)?
  let invoke: (@Sendable (JSONValue) async throws -> JSONValue)?
  /// True when the test context's implementation is `unimplemented` (a test must override it).
  var testValueIsUnimplemented = false
  /// Wraps the endpoint's closure in a store's dependencies (tracing, cassettes); nil when the
  /// endpoint cannot be observed (built-ins set through presets).
  var installInterceptor: (@Sendable (inout DependencyValues, @escaping EndpointAround) -> Void)? =
    nil
  /// True when a cassette can replay the endpoint's calls (its closure can be wrapped).
  package var isReplayable: Bool {
    installInterceptor != nil || SelfReportingEndpoints.contains(path)
  }
  /// Wraps a built-in supplied through presets (`uuid`, `date.now`, the clocks, …) so that each
  /// access is told to the trace; nil when the endpoint cannot be observed.
  var installObserver: (@Sendable (inout DependencyValues, @escaping EndpointObserver) -> Void)? =
    nil
  /// What `invoke` does when the implementation in scope is the one `installFunction` installed
  /// from `foreign` — the same conversions and errors, without the async call (a front's
  /// direct call, `DependencyOverrides.directCall`); nil for endpoints registered with a
  /// custom installer.
  var invokeInstalled: (@Sendable (JSONValue, ForeignFunction) throws -> JSONValue)? = nil

  /// The entry as `deps_dependencies_json()` lists it.
  public var catalogueValue: JSONValue {
    var object = ValueObject()
    object["path"] = .string(path)
    object["input"] = .string(input)
    object["output"] = .string(output)
    object["async"] = .bool(isAsync)
    object["throws"] = .bool(isThrowing)
    object["contexts"] = .array(contexts.map { .string($0.rawValue) })
    if !presets.isEmpty { object["presets"] = .array(presets.map { .string($0) }) }
    return .object(object)
  }
}

/// Every overridable dependency path of the process.
public final class EndpointRegistry: Sendable {
  /// The process-wide registry. It starts empty: modules fill it (`DepsModule.register`).
  public static let shared = EndpointRegistry()

  private let entries = Mutex<[String: EndpointDescriptor]>([:])
  private let aliases = Mutex<[String: String]>([:])
  private let changes = Atomic<UInt64>(0)

  /// Changes whenever an endpoint or alias is added or changed: what a front caches from
  /// `descriptor(_:)` is valid while this stays the same.
  package var generation: UInt64 { changes.load(ordering: .acquiring) }

  /// An empty registry (tests and hosts may keep one apart from `shared`).
  public init() {}

  /// Adds (or replaces) an endpoint.
  public func register(_ descriptor: EndpointDescriptor) {
    entries.withLock { $0[descriptor.path] = descriptor }
    changes.add(1, ordering: .releasing)
  }

  /// Makes `alias` another name of `path` (e.g. `random` for `withRandomNumberGenerator`).
  public func alias(_ alias: String, for path: String) {
    aliases.withLock { $0[alias] = path }
    changes.add(1, ordering: .releasing)
  }

  /// Every endpoint, sorted by path.
  public var all: [EndpointDescriptor] {
    entries.withLock { Array($0.values) }.sorted { $0.path < $1.path }
  }

  /// The endpoint at `path`, or a not-found error naming the close matches.
  public func descriptor(_ path: String) throws(BridgeError) -> EndpointDescriptor {
    let resolved = aliases.withLock { $0[path] } ?? path
    if let found = entries.withLock({ $0[resolved] }) { return found }
    let known = entries.withLock { Array($0.keys) } + aliases.withLock { Array($0.keys) }
    throw BridgeError(
      .notFound, "unknown dependency path \"\(path)\"\(didYouMean(path, in: known))")
  }

  /// Marks the endpoint at `path` as `unimplemented` in tests (the upfront check lists it
  /// unless overridden).
  public func markUnimplementedInTests(_ path: String) {
    entries.withLock { $0[path]?.testValueIsUnimplemented = true }
    changes.add(1, ordering: .releasing)
  }

  /// Lets a trace observe the accesses of the built-in at `path` (one supplied through presets):
  /// `install` wraps its implementation in a store's dependencies, or installs a read observer
  /// (`DependencyValues.installReadObserver`), and tells each access to the observer it is given.
  package func observeCalls(
    _ path: String,
    install: @escaping @Sendable (inout DependencyValues, @escaping EndpointObserver) -> Void
  ) {
    entries.withLock { $0[path]?.installObserver = install }
    changes.add(1, ordering: .releasing)
  }

  /// Registers a Swift endpoint at `keyPath` with the given closure type:
  /// `(Input) async throws -> Output`.
  public func register<Input, Output>(
    _ path: String,
    _ keyPath: WritableKeyPath<DependencyValues, @Sendable (Input) async throws -> Output>
      & Sendable,
    contexts: [DependencyContext] = DependencyContext.allCases,
    presets: [String] = [],
    preset: (@Sendable (inout DependencyValues, JSONValue) throws(BridgeError) -> Void)? = nil
  ) {
    register(
      EndpointDescriptor(
        path: path, input: DynamicCoding.shape(of: Input.self),
        output: DynamicCoding.shape(of: Output.self), isAsync: true, isThrowing: true,
        contexts: contexts, presets: presets,
        installFunction: { values, foreign in
          values[keyPath: keyPath] = { input in
            try DynamicCoding.decodeResult(
              Output.self, of: path, from: foreign(DynamicCoding.encode(input)))
          }
        },
        installPreset: preset,
        installUnimplemented: { values in
          values[keyPath: keyPath] = unimplemented(path)
        },
        invoke: { input in
          let function = DependencyValues._current[keyPath: keyPath]
          let output = try await function(DynamicCoding.decode(Input.self, from: input))
          return try DynamicCoding.encode(output)
        },
        installInterceptor: { values, around in
          // Both implementations are resolved at the call, as the store would have: a default
          // never called is never resolved (nor reported).
          let original = values
          values[keyPath: keyPath] = { input in
            let output = try await around(
              try DynamicCoding.encode(input),
              {
                let current = original[keyPath: keyPath]
                return try DynamicCoding.encode(
                  try await current(DynamicCoding.decode(Input.self, from: $0)))
              },
              {
                var liveValues = DependencyValues.processDefaults
                liveValues.context = .live
                let live = liveValues[keyPath: keyPath]
                return try DynamicCoding.encode(
                  try await live(DynamicCoding.decode(Input.self, from: $0)))
              })
            return try DynamicCoding.decode(Output.self, from: output)
          }
        },
        invokeInstalled: { input, foreign in
          let typedInput =
            input.convertsToItself(as: Input.self)
            ? input : try DynamicCoding.encode(DynamicCoding.decode(Input.self, from: input))
          let output = try foreign(typedInput)
          if output.convertsToItself(as: Output.self) { return output }
          return try DynamicCoding.encode(
            try DynamicCoding.decodeResult(Output.self, of: path, from: output))
        }))
  }

  /// Registers a Swift endpoint with no input: `() async throws -> Output`.
  public func register<Output>(
    _ path: String,
    _ keyPath: WritableKeyPath<DependencyValues, @Sendable () async throws -> Output> & Sendable,
    contexts: [DependencyContext] = DependencyContext.allCases,
    presets: [String] = [],
    preset: (@Sendable (inout DependencyValues, JSONValue) throws(BridgeError) -> Void)? = nil
  ) {
    register(
      EndpointDescriptor(
        path: path, input: "null", output: DynamicCoding.shape(of: Output.self), isAsync: true,
        isThrowing: true, contexts: contexts, presets: presets,
        installFunction: { values, foreign in
          values[keyPath: keyPath] = {
            try DynamicCoding.decodeResult(Output.self, of: path, from: foreign(.null))
          }
        },
        installPreset: preset,
        installUnimplemented: { values in
          values[keyPath: keyPath] = unimplemented(path)
        },
        invoke: { _ in
          let function = DependencyValues._current[keyPath: keyPath]
          return try DynamicCoding.encode(try await function())
        },
        installInterceptor: { values, around in
          let original = values
          values[keyPath: keyPath] = {
            let output = try await around(
              .null, { _ in try DynamicCoding.encode(try await original[keyPath: keyPath]()) },
              { _ in
                var liveValues = DependencyValues.processDefaults
                liveValues.context = .live
                return try DynamicCoding.encode(try await liveValues[keyPath: keyPath]())
              })
            return try DynamicCoding.decode(Output.self, from: output)
          }
        },
        invokeInstalled: { _, foreign in
          let output = try foreign(.null)
          if output.convertsToItself(as: Output.self) { return output }
          return try DynamicCoding.encode(
            try DynamicCoding.decodeResult(Output.self, of: path, from: output))
        }))
  }

  /// Registers a whole dependency set only through presets and a custom installer (the
  /// built-ins: `uuid`, `date.now`, clocks, …).
  public func register(
    _ path: String, input: String, output: String, isAsync: Bool = false,
    isThrowing: Bool = false, contexts: [DependencyContext] = DependencyContext.allCases,
    presets: [String],
    function: (@Sendable (inout DependencyValues, @escaping ForeignFunction) -> Void)?,
    preset: (@Sendable (inout DependencyValues, JSONValue) throws(BridgeError) -> Void)?,
    invoke: (@Sendable (JSONValue) async throws -> JSONValue)?
  ) {
    register(
      EndpointDescriptor(
        path: path, input: input, output: output, isAsync: isAsync, isThrowing: isThrowing,
        contexts: contexts, presets: presets, installFunction: function, installPreset: preset,
        installUnimplemented: nil, invoke: invoke))
  }
}
