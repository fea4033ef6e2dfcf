// How a recorder sees endpoint calls: when a store opens with a recorder in its dependencies,
// every registered endpoint that can be wrapped (`EndpointDescriptor.installInterceptor`) gets
// its closure replaced, in that store's dependencies only, by one that reports the call and,
// with a cassette, replays or records it.

/// Calls the endpoint's implementation resolved in the store (`next`), or stands in for it.
/// Told each access of a built-in supplied through presets: a call of a synchronous endpoint
/// (`uuid()`), a call of one of its members (`continuousClock.sleep`) or a read of its value
/// (`locale`).
package typealias EndpointObserver = @Sendable (_ access: TraceAccess) -> Void

/// One access of a built-in, as a trace step shows it.
package struct TraceAccess: Sendable {
  /// The member accessed (`sleep`, `now`; the step reads `continuousClock.sleep`), or nil for
  /// the dependency itself.
  package var member: String?
  /// The arguments as JSON text, or nil for a read.
  package var arguments: String?
  /// The result (JSON, `ok`, `2 draws`, `error: message`) or the value read.
  package var outcome: String

  /// A call of `member` (nil: the dependency itself) with `arguments`.
  package static func call(
    _ member: String? = nil, arguments: String, outcome: String
  ) -> TraceAccess {
    TraceAccess(member: member, arguments: arguments, outcome: outcome)
  }

  /// A call of the dependency itself with `input`, ending with `outcome`.
  package static func call(_ input: JSONValue, _ outcome: Result<JSONValue, any Error>)
    -> TraceAccess
  {
    TraceAccess(
      member: nil, arguments: input.json(), outcome: DependencyTrace.outcomeText(outcome))
  }

  /// This access as one of `member`.
  package func named(_ member: String) -> TraceAccess {
    var access = self
    access.member = member
    return access
  }

  /// A read of `member` (nil: the dependency's value) giving `value`.
  package static func read(_ member: String? = nil, value: String) -> TraceAccess {
    TraceAccess(member: member, arguments: nil, outcome: value)
  }
}

typealias EndpointAround =
  @Sendable (
    _ input: JSONValue, _ next: @escaping @Sendable (JSONValue) async throws -> JSONValue,
    _ live: @escaping @Sendable (JSONValue) async throws -> JSONValue
  ) async throws -> JSONValue

private enum DependencyTraceInstalledKey: TestDependencyKey {
  static let testValue = false
}

/// The recorder of a process's live stores (`depsh --record FILE`), made for each store that
/// opens without one of its own.
public enum AmbientTrace {
  /// Makes every store opened from now on without a recorder use `make()`'s.
  public static func install(_ make: @escaping @Sendable () -> DependencyTrace?) {
    AmbientStoreInstrument.install { make() }
  }

  static func make() -> DependencyTrace? {
    AmbientStoreInstrument.make() as? DependencyTrace
  }
}

import Synchronization

extension DependencyValues {
  /// The recorder a store opened with these values reports to (nil: no trace, no cost).
  public var dependencyTrace: DependencyTrace? {
    get { storeInstrument as? DependencyTrace }
    set { storeInstrument = newValue }
  }

  private var traceInstalled: Bool {
    storage.lookup(ObjectIdentifier(DependencyTraceInstalledKey.self)) != nil
  }

  /// These values with every wrappable endpoint reporting to `trace` (once per values), or
  /// only the endpoints in `only` (overrides applied after the store opened).
  func instrumented(for trace: DependencyTrace, only: Set<String>? = nil) -> DependencyValues {
    if traceInstalled && only == nil { return self }
    var values = self
    values.dependencyTrace = trace
    values[DependencyTraceInstalledKey.self] = true
    let context = values.context
    let contextLayer: String =
      switch context {
      case .live: "live"
      case .preview: "preview"
      case .test: "test value"
      }
    for descriptor in EndpointRegistry.shared.all {
      guard only?.contains(descriptor.path) ?? true else { continue }
      // An endpoint that resolves its implementation at each call (a front's) reports its
      // calls itself (`DependencyTrace.observeCall`): the trace only notes it observes it.
      if descriptor.installInterceptor == nil, let observe = descriptor.installObserver {
        let path = descriptor.path
        let overridden = trace.isOverridden(path)
        // A trace with a random seed (the REPL's) pins the generator of a store that does not
        // override it, so its draws can be replayed.
        let seed = path == "withRandomNumberGenerator" && !overridden ? trace.randomSeed : nil
        if let seed {
          values.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: seed))
        }
        let layer = seed.map { "seed \($0)" } ?? (overridden ? "override" : contextLayer)
        if !trace.recordsSteps && !overridden { continue }
        if context == .test && !overridden && seed == nil && !descriptor.contexts.contains(.test) {
          continue
        }
        let site = overridden ? trace.overrideSite(path) : nil
        trace.noteObserved(path)
        observe(&values) { [trace] access in
          trace.recordAccess(
            path, step: access.member.map { "\(path).\($0)" } ?? path,
            arguments: access.arguments, outcome: access.outcome, layer: layer, site: site)
        }
        continue
      }
      if descriptor.installInterceptor == nil {
        if SelfReportingEndpoints.contains(descriptor.path)
          && (trace.recordsSteps || trace.isOverridden(descriptor.path))
        {
          trace.noteObserved(descriptor.path)
        }
        continue
      }
      guard let install = descriptor.installInterceptor else { continue }
      let path = descriptor.path
      let overridden = trace.isOverridden(path)
      // The default watch of a test store observes its overridden endpoints only.
      if !trace.recordsSteps && !overridden { continue }
      // Wrapping reads the endpoint's parent value: in a test, a client with no test value
      // of its own would report that read, so it is wrapped only when overridden.
      if context == .test && !overridden && !descriptor.contexts.contains(.test) { continue }
      let layer = overridden ? "override" : contextLayer
      let site = overridden ? trace.overrideSite(path) : nil
      trace.noteObserved(path)
      // An override the recipe sets wins over the cassette; recording calls the store's own
      // implementation in the live context, the endpoint's live value otherwise.
      let cassette = overridden ? nil : trace.cassette
      let recordsStoreImplementation = context == .live
      install(&values) { [trace] input, next, live in
        if let cassette {
          let target = recordsStoreImplementation ? next : live
          let (outcome, replayed) = try await cassette.handle(path, input, call: target)
          trace.recordCall(
            path, arguments: input, outcome: outcome,
            layer: replayed ? "cassette \(cassette.name)" : layer, site: replayed ? nil : site)
          return try outcome.get()
        }
        do {
          let output = try await next(input)
          trace.recordCall(
            path, arguments: input, outcome: .success(output), layer: layer, site: site)
          return output
        } catch {
          trace.recordCall(
            path, arguments: input, outcome: .failure(error), layer: layer, site: site)
          throw error
        }
      }
    }
    return values
  }
}

/// The endpoints that report their own calls to the trace of the dependencies they run in
/// (`deps.register` in Lua, `deps_dependency_register` in C): they resolve their
/// implementation at each call, so there is no closure to wrap.
public enum SelfReportingEndpoints {
  private static let paths = Mutex<Set<String>>([])

  /// Marks `path` as reporting its own calls.
  public static func insert(_ path: String) { _ = paths.withLock { $0.insert(path) } }

  package static func contains(_ path: String) -> Bool {
    paths.withLock { $0.contains(path) }
  }
}

extension DependencyTrace {
  /// Runs `body` (the implementation of the self-reporting endpoint at `path`) and records
  /// the call: `layer` is `override` when the store's recipe overrode `path` (with the
  /// override's `file:line`), else `contextLayer` with `definedAt`.
  ///
  /// With a cassette and no override of `path`, the cassette answers as it does for a Swift
  /// endpoint: a recorded call is replayed (`body` is not called), a call it has no recording
  /// of fails in mode `none`, and a call that goes through runs `recording` (the endpoint's live
  /// implementation outside the live context; nil: `body`) and is recorded.
  ///
  /// ```swift
  /// try trace.observeCall("greeting.hello", input, contextLayer: "test value",
  ///                       definedAt: "greeter.lua:5") { try implementation(input) }
  /// ```
  public func observeCall(
    _ path: String, _ input: JSONValue, contextLayer: String, definedAt: String?,
    recording: (() throws -> JSONValue)? = nil, _ body: () throws -> JSONValue
  ) throws -> JSONValue {
    let overridden = isOverridden(path)
    let layer = overridden ? "override" : contextLayer
    let site = overridden ? overrideSite(path) : definedAt
    if !overridden, let cassette {
      let (outcome, replayed) =
        if let recording {
          try cassette.handleNow(path, input, call: recording)
        } else {
          try cassette.handleNow(path, input, call: body)
        }
      recordCall(
        path, arguments: input, outcome: outcome,
        layer: replayed ? "cassette \(cassette.name)" : layer, site: replayed ? nil : site)
      return try outcome.get()
    }
    do {
      let output = try body()
      recordCall(path, arguments: input, outcome: .success(output), layer: layer, site: site)
      return output
    } catch {
      recordCall(path, arguments: input, outcome: .failure(error), layer: layer, site: site)
      throw error
    }
  }

  /// The layer name of `context` (`live`, `preview`, `test value`).
  public static func layerName(of context: DependencyContext) -> String {
    switch context {
    case .live: "live"
    case .preview: "preview"
    case .test: "test value"
    }
  }
}
