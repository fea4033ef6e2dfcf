// The trace of a run: every action a store handled, every effect it started and finished, and
// every call of a registered endpoint, with the layer that supplied the implementation (live,
// preview, test value, override and where the override was defined). One recorder per store or
// run; the store feeds it through a few hooks (StoreCore), and the endpoints are observed by
// wrapping their closures in the store's dependencies when the store opens — so a store without
// a recorder pays nothing on `send` or on a dependency read.
//
// The same recorder renders the causal chain Action → Effect → Dependency call → Action as text
// (`timelineText`) and as a Mermaid `sequenceDiagram` (`timelineMermaid`), and can replay or
// record a `Cassette`.
import Synchronization

/// One step of a trace.
public struct TraceEvent: Sendable, Equatable {
  /// What happened.
  public enum Kind: String, Sendable, Equatable {
    /// An action sent from outside the store (a test's `send`, a script's `store:send`).
    case send
    /// An action an effect sent back into the store.
    case receive
    /// An effect started.
    case effectStarted = "effect-started"
    /// An effect finished (or was cancelled).
    case effectFinished = "effect-finished"
    /// An endpoint call and its outcome.
    case call
    /// A read of a value a built-in supplies (`calendar`, `locale`, `timeZone`, a clock's
    /// `now`): no arguments, the value read as its outcome.
    case read
  }

  /// The step's number, from 1.
  public let index: Int
  /// What happened.
  public let kind: Kind
  /// The action (JSON or Swift text), the endpoint path, or for a built-in's member the path
  /// and the member (`continuousClock.sleep`).
  public let name: String
  /// The effect's number for effect steps, the effect a call or received action belongs to.
  public let effect: UInt64?
  /// The step that caused this one (the action that started an effect, the effect's start
  /// for a call or a received action).
  public let cause: Int?
  /// For a call: its arguments as JSON (nil for a read).
  public let arguments: String?
  /// For a call: its result as JSON (`ok` for a clock's sleep, `N draws` for
  /// `withRandomNumberGenerator`), or `error: message`; for a read: the value read.
  public let outcome: String?
  /// For a call or a read: the layer that supplied the implementation (`live`, `preview`, `test value`,
  /// `override`, `cassette`).
  public let layer: String?
  /// For a call or a read supplied by an override: where the override was defined (`file:line`).
  public let site: String?
}

/// Records what a run did. Attach it to a store's dependencies (`$0.dependencyTrace = trace`,
/// `DependencyOverrides.trace`) before the store opens.
///
/// ```swift
/// let trace = DependencyTrace()
/// let store = TestStore(initialState: NumberFact.State()) { NumberFact() } withDependencies: {
///   $0.numberFact.fetch = { "\($0) is a number" }
///   $0.dependencyTrace = trace
/// }
/// await store.send(.incrementButtonTapped)
/// print(trace.timelineText())
/// ```
public final class DependencyTrace: Sendable {
  private struct Storage {
    var events: [TraceEvent] = []
    var currentAction: Int?
    var effectStarts: [UInt64: Int] = [:]
    var effectOrigins: [UInt64: UInt64] = [:]
    var overrideSites: [String: String] = [:]
    var overridden: [String] = []
    var calls: [String: Int] = [:]
    var observed: Set<String> = []
    var reported: Set<String> = []
    var nextIndex = 1

    mutating func append(_ event: TraceEvent) {
      nextIndex += 1
      events.append(event)
      if events.count > DependencyTrace.eventLimit + DependencyTrace.eventLimit / 10 {
        events.removeFirst(events.count - DependencyTrace.eventLimit)
      }
    }
  }

  private let storage = Mutex(Storage())
  /// The most steps kept: past it the oldest are dropped (a live timer in a REPL session
  /// ticks forever). Numbers keep counting.
  public static let eventLimit = 10_000

  /// Turns a store's action into the text the trace shows (JSON for the fronts' stores).
  let describeAction: Mutex<(@Sendable (Any) -> String)?> = Mutex(nil)
  /// The cassette that replays or records the endpoint calls, if any.
  public let cassette: Cassette?
  /// True when an override the run never used fails the test at its end (a note otherwise).
  public let strictOverrides: Bool
  /// When set, a store whose recipe does not override `withRandomNumberGenerator` draws from a
  /// generator seeded with it (the preset `{"seed": n}`), and its draws are steps of the layer
  /// `seed N` — so a REPL session's random numbers can be replayed (`.save`).
  public let randomSeed: UInt64?
  /// False for the watch a test store keeps by default: it counts the calls of the overridden
  /// endpoints only (for the unused-override report) and records no step.
  package let recordsSteps: Bool

  /// A recorder, optionally replaying or recording `cassette`; with `strictOverrides`, an
  /// override the test never used fails it when the test store finishes.
  public init(cassette: Cassette? = nil, strictOverrides: Bool = false, randomSeed: UInt64? = nil) {
    self.cassette = cassette
    self.strictOverrides = strictOverrides
    self.randomSeed = randomSeed
    self.recordsSteps = true
  }

  /// The watch of a test store's overrides: no step, no cassette, only the calls of the
  /// overridden endpoints counted.
  package init(watchingOverrides strict: Bool) {
    self.cassette = nil
    self.strictOverrides = strict
    self.randomSeed = nil
    self.recordsSteps = false
  }

  /// Every step so far, in order.
  public var events: [TraceEvent] { storage.withLock { $0.events } }

  // MARK: Hooks (called by the store while it holds its lock)

  package func actionHandled(_ action: Any, origin: UInt64, fromEffect: Bool) {
    let text = describeAction.withLock { $0 }?(action) ?? Self.describe(action)
    let effect = TraceScope.effect
    storage.withLock { s in
      var owner = effect
      if fromEffect && owner == nil {
        owner = s.effectOrigins.filter { $0.value == origin }.keys.max()
      }
      let index = s.nextIndex
      s.append(
        TraceEvent(
          index: index, kind: fromEffect ? .receive : .send, name: text, effect: owner,
          cause: owner.flatMap { s.effectStarts[$0] }, arguments: nil, outcome: nil,
          layer: nil, site: nil))
      s.currentAction = index
    }
  }

  /// Notes an effect's start; returns its body bound to the effect's number.
  package func effectStarted(
    _ id: UInt64, origin: UInt64, _ body: @escaping @Sendable () async -> Void
  ) -> @Sendable () async -> Void {
    effectStarted(id, origin: origin)
    return { await TraceScope.$effect.withValue(id) { await body() } }
  }

  func effectStarted(_ id: UInt64, origin: UInt64) {
    storage.withLock { s in
      let index = s.nextIndex
      s.append(
        TraceEvent(
          index: index, kind: .effectStarted, name: "effect \(id)", effect: id,
          cause: s.currentAction, arguments: nil, outcome: nil, layer: nil, site: nil))
      s.effectStarts[id] = index
      s.effectOrigins[id] = origin
    }
  }

  package func effectFinished(_ id: UInt64) {
    storage.withLock { s in
      s.append(
        TraceEvent(
          index: s.nextIndex, kind: .effectFinished, name: "effect \(id)", effect: id,
          cause: s.effectStarts[id], arguments: nil, outcome: nil, layer: nil, site: nil))
      s.effectOrigins[id] = nil
    }
  }

  func recordCall(
    _ path: String, arguments: JSONValue, outcome: Result<JSONValue, any Error>, layer: String,
    site: String?
  ) {
    guard recordsSteps else {
      storage.withLock { $0.calls[path, default: 0] += 1 }
      return
    }
    recordAccess(
      path, step: path, arguments: arguments.json(), outcome: Self.outcomeText(outcome),
      layer: layer, site: site)
  }

  /// Records an access of the dependency at `path` (counted as its use) as the step `step`: a
  /// call when `arguments` is given, a read otherwise.
  func recordAccess(
    _ path: String, step: String, arguments: String?, outcome: String, layer: String,
    site: String?
  ) {
    guard recordsSteps else {
      storage.withLock { $0.calls[path, default: 0] += 1 }
      return
    }
    let effect = TraceScope.effect
    storage.withLock { s in
      s.calls[path, default: 0] += 1
      s.append(
        TraceEvent(
          index: s.nextIndex, kind: arguments == nil ? .read : .call, name: step, effect: effect,
          cause: effect.flatMap { s.effectStarts[$0] } ?? s.currentAction,
          arguments: arguments, outcome: outcome, layer: layer, site: site))
    }
  }

  static func outcomeText(_ outcome: Result<JSONValue, any Error>) -> String {
    switch outcome {
    case .success(let value): value.json()
    case .failure(let error): "error: \(errorText(error))"
    }
  }

  /// Declares that the store's dependencies override the endpoint at `path` here, so the trace
  /// names the layer `override` and this `file:line` (Swift's `withDependencies` closures are
  /// not visible to the trace otherwise). Call it before the store opens.
  ///
  /// ```swift
  /// $0.numberFact.fetch = { "\($0) is a number" }
  /// $0.dependencyTrace = trace.overriding("numberFact.fetch")
  /// ```
  @discardableResult
  public func overriding(
    _ path: String, fileID: StaticString = #fileID, line: UInt = #line
  ) -> DependencyTrace {
    noteOverrides([path], sites: [path: "\(fileID):\(line)"])
    return self
  }

  /// Notes the overrides a store opens with (path → `file:line`, or nil when not known).
  func noteOverrides(_ paths: [String], sites: [String: String]) {
    storage.withLock { s in
      for path in paths where !s.overridden.contains(path) { s.overridden.append(path) }
      s.overrideSites.merge(sites) { _, new in new }
    }
  }

  func noteObserved(_ path: String) { _ = storage.withLock { $0.observed.insert(path) } }

  /// Where the override of `path` was defined, when known.
  func overrideSite(_ path: String) -> String? { storage.withLock { $0.overrideSites[path] } }

  /// True when `path` was overridden by the store's recipe.
  func isOverridden(_ path: String) -> Bool { storage.withLock { $0.overridden.contains(path) } }

  // MARK: Reports

  /// The overridden endpoints and built-ins the run never called or read (among those the
  /// trace observes).
  public var unusedOverrides: [String] {
    storage.withLock { s in
      s.overridden.filter { s.observed.contains($0) && s.calls[$0, default: 0] == 0 }
    }
  }

  /// The messages of the unused overrides not reported yet, marking them reported (a test
  /// store reports each once, at `finish` or when it closes).
  func takeUnreportedUnusedOverrides() -> [String] {
    let paths = storage.withLock { s in
      let paths = s.overridden.filter {
        s.observed.contains($0) && s.calls[$0, default: 0] == 0 && !s.reported.contains($0)
      }
      s.reported.formUnion(paths)
      return paths
    }
    return paths.map(unusedOverrideMessage)
  }

  private func unusedOverrideMessage(_ path: String) -> String {
    let site = overrideSite(path).map { " (\($0))" } ?? ""
    return "override of \(path)\(site) was never used"
  }

  /// The notes or failures for `unusedOverrides`, one line each:
  /// `override of numberFact.fetch (file.lua:3) was never used`.
  public var unusedOverrideMessages: [String] {
    unusedOverrides.map(unusedOverrideMessage)
  }

  /// Every call and read as one line each: `numberFact.fetch(1) → "1 is good" [override at
  /// t.lua:4] during effect 1 of incrementButtonTapped`, `locale → "fr_FR" [override at
  /// t.lua:2]`.
  public func accessText() -> String {
    let all = events
    return all.filter { $0.kind == .call || $0.kind == .read }.map { event in
      var line = Self.accessLine(event)
      if let effect = event.effect {
        line += " during effect \(effect)"
        if let start = event.cause, let cause = all.first(where: { $0.index == start })?.cause,
          let action = all.first(where: { $0.index == cause })
        {
          line += " of \(action.name)"
        }
      }
      return line
    }.joined(separator: "\n")
  }

  /// The timeline as text, one step per line; `last` keeps only the last steps.
  ///
  /// ```
  /// 1. send incrementButtonTapped
  /// 2. effect 1 started (by 1)
  /// 3. numberFact.fetch(1) → "1 is good" [override at t.lua:4] (effect 1)
  /// 4. receive {"numberFactResponse":{"success":"1 is good"}} (from effect 1)
  /// 5. effect 1 finished
  /// ```
  public func timelineText(last: Int? = nil) -> String {
    var all = events
    if let last, all.count > last { all = Array(all.suffix(last)) }
    return all.map(Self.line).joined(separator: "\n")
  }

  /// Ends the last of `messages` (a failing test's) with the short text of the last steps.
  func endWithLastSteps(_ messages: inout [String]) {
    guard !messages.isEmpty, let steps = failureEpilogue() else { return }
    messages[messages.count - 1] += "\n\n" + steps
  }

  /// `Last steps:` and the short text of the last `count` steps; nil before any step.
  package func failureEpilogue(count: Int) -> String? {
    events.isEmpty ? nil : "Last steps:\n" + timelineText(last: count)
  }

  static func line(_ event: TraceEvent) -> String {
    let by = event.cause.map { " (by \($0))" } ?? ""
    switch event.kind {
    case .send:
      return "\(event.index). send \(event.name)"
    case .receive:
      return "\(event.index). receive \(event.name)"
        + (event.effect.map { " (from effect \($0))" } ?? "")
    case .effectStarted:
      return "\(event.index). \(event.name) started\(by)"
    case .effectFinished:
      return "\(event.index). \(event.name) finished"
    case .call, .read:
      return "\(event.index). \(accessLine(event))" + (event.effect.map { " (effect \($0))" } ?? "")
    }
  }

  /// `name(arguments) → outcome [layer at site]` for a call, `name → value [layer]` for a read.
  static func accessLine(_ event: TraceEvent) -> String {
    let site = event.site.map { " at \($0)" } ?? ""
    let arguments = event.arguments.map { "(\($0))" } ?? ""
    return "\(event.name)\(arguments) → \(event.outcome ?? "") [\(event.layer ?? "")\(site)]"
  }

  /// The timeline as a Mermaid `sequenceDiagram`: `User` sends to `Store`, the store starts
  /// effects (`E1`, …), effects call endpoints (`D1` as `numberFact.fetch`, …) and send actions
  /// back to the store.
  public func timelineMermaid() -> String {
    let all = events
    var lines = ["sequenceDiagram", "  participant User", "  participant Store"]
    var endpoints: [String: String] = [:]
    var effects: Set<UInt64> = []
    for event in all {
      if let effect = event.effect, !effects.contains(effect) {
        effects.insert(effect)
        lines.append("  participant E\(effect) as effect \(effect)")
      }
      if event.kind == .call || event.kind == .read, endpoints[event.name] == nil {
        let id = "D\(endpoints.count + 1)"
        endpoints[event.name] = id
        lines.append("  participant \(id) as \(event.name)")
      }
    }
    for event in all {
      switch event.kind {
      case .send:
        lines.append("  User->>Store: \(Self.mermaidText(event.name))")
      case .receive:
        let from = event.effect.map { "E\($0)" } ?? "Store"
        lines.append("  \(from)->>Store: \(Self.mermaidText(event.name))")
      case .effectStarted:
        lines.append("  Store->>E\(event.effect ?? 0): start")
      case .effectFinished:
        lines.append("  E\(event.effect ?? 0)-->>Store: finished")
      case .call, .read:
        let from = event.effect.map { "E\($0)" } ?? "Store"
        let to = endpoints[event.name] ?? "D0"
        let request = event.arguments.map { "(\($0))" } ?? "read"
        lines.append(
          "  \(from)->>\(to): \(Self.mermaidText("\(request) [\(event.layer ?? "")]"))")
        lines.append("  \(to)-->>\(from): \(Self.mermaidText(event.outcome ?? ""))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Message text Mermaid accepts on one line (no `;`, `#` or line breaks, at most 80
  /// characters).
  static func mermaidText(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\n", "\r": out += " "
      case ";": out += ","
      case "#": out += "no. "
      default: out.append(character)
      }
    }
    if out.count > 80 { out = String(out.prefix(79)) + "…" }
    return out
  }

  /// A front's action as its name or JSON; a Swift action as the project's dumper prints it
  /// (`NumberFact.Action.numberFactResponse(.success("1 is odd"))`, as TCA's output reads), on
  /// one line.
  static func describe(_ action: Any) -> String {
    if let value = action as? JSONValue {
      if case .string(let name) = value { return name }
      return value.json()
    }
    return oneLine(SwiftDump.dump(action))
  }

  /// A multi-line dump joined on one line: `State(\n  count: 1,\n  name: "a"\n)` becomes
  /// `State(count: 1, name: "a")`.
  static func oneLine(_ text: String) -> String {
    guard text.contains("\n") else { return text }
    var out = ""
    for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = raw.drop { $0 == " " }
      if let last = out.last, last != "(", last != "[", line.first != ")", line.first != "]" {
        out += " "
      }
      out += line
    }
    return out
  }

  static func errorText(_ error: any Error) -> String {
    if let endpoint = error as? EndpointError { return endpoint.message }
    return String(describing: error)
  }
}

/// The effect a task runs for, bound only while tracing.
enum TraceScope {
  @TaskLocal static var effect: UInt64?
}
