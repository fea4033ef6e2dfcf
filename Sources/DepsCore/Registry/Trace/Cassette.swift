// Cassettes: the endpoint calls of a run (endpoint, arguments, result or error, in order) in a
// readable JSON file, recorded from live calls and replayed in tests in place of the endpoints.
// Record modes follow VCR's: `once` records when the file does not exist and replays it
// otherwise; `none` only replays; `new_episodes` replays what it has and records calls it has
// no recording of; `all` always calls through and records anew.
//
// File format (one interaction per line, keys sorted):
//   {
//     "version": 1,
//     "interactions": [
//       {"arguments":1,"endpoint":"numberFact.fetch","result":"1 is a number"},
//       {"arguments":2,"endpoint":"numberFact.fetch","error":"could not reach …"}
//     ]
//   }
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A cassette failure: a call it has no recording of (mode `none`), or a file it cannot read.
public struct CassetteError: Error, Sendable, Equatable, CustomStringConvertible,
  LocalizedError
{
  /// The message.
  public let message: String
  /// Creates an error with `message`.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
  /// The message.
  public var errorDescription: String? { message }
}

/// Record and replay of endpoint calls.
public final class Cassette: Sendable {
  /// How the cassette treats calls (VCR's record modes).
  public enum Mode: String, Sendable, CaseIterable {
    /// Records when the file does not exist, replays it otherwise.
    case once
    /// Replays only: a call with no recording fails.
    case none
    /// Replays what it has, records the calls it has no recording of.
    case newEpisodes = "new_episodes"
    /// Calls through every time and records anew.
    case all
  }

  /// One recorded call.
  public struct Interaction: Sendable, Equatable {
    /// The endpoint's path.
    public var endpoint: String
    /// Its arguments.
    public var arguments: JSONValue
    /// Its result, or its error's message.
    public var outcome: Result<JSONValue, CassetteError>

    /// Creates an interaction.
    public init(endpoint: String, arguments: JSONValue, outcome: Result<JSONValue, CassetteError>) {
      self.endpoint = endpoint
      self.arguments = arguments
      self.outcome = outcome
    }
  }

  /// Decides whether a recording answers a call (endpoint, arguments).
  public typealias Matcher = @Sendable (Interaction, String, JSONValue) -> Bool

  /// The default matcher: same endpoint, same arguments.
  public static let matchEndpointAndArguments: Matcher = { recorded, endpoint, arguments in
    recorded.endpoint == endpoint && recorded.arguments == arguments
  }

  /// The matcher ignoring arguments: same endpoint.
  public static let matchEndpoint: Matcher = { recorded, endpoint, _ in
    recorded.endpoint == endpoint
  }

  private struct Tape {
    var recorded: [Interaction]
    var used: [Bool]
    var added: [Interaction] = []
  }

  /// The file.
  public let path: String
  /// The record mode.
  public let mode: Mode
  /// The file's name, for the trace.
  var name: String { path.split(separator: "/").last.map(String.init) ?? path }
  private let matcher: Matcher
  private let secrets: Set<String>
  private let fileExisted: Bool
  private let tape: Mutex<Tape>

  /// Opens the cassette at `path`.
  ///
  /// - Parameters:
  ///   - path: the JSON file.
  ///   - mode: the record mode.
  ///   - matcher: decides whether a recording answers a call.
  ///   - secrets: object keys whose values are written as `"<filtered>"` (in arguments and
  ///     results) and matched as such.
  /// - Throws: `CassetteError` when the file exists but cannot be read, or is missing in mode
  ///   `none`.
  public init(
    path: String, mode: Mode = .once, matcher: @escaping Matcher = matchEndpointAndArguments,
    secrets: [String] = []
  ) throws(CassetteError) {
    self.path = path
    self.mode = mode
    self.matcher = matcher
    self.secrets = Set(secrets)
    let exists = FileManager.default.fileExists(atPath: path)
    fileExisted = exists
    var recorded: [Interaction] = []
    if exists && mode != .all {
      recorded = try Self.load(path)
    } else if !exists && mode == .none {
      throw CassetteError("cassette \(path) does not exist (record mode none replays only)")
    }
    tape = Mutex(Tape(recorded: recorded, used: Array(repeating: false, count: recorded.count)))
  }

  /// True when calls are answered from the file.
  var replays: Bool {
    switch mode {
    case .none, .newEpisodes: true
    case .once: fileExisted
    case .all: false
    }
  }

  /// The interactions recorded during this run (not yet saved).
  public var newInteractions: [Interaction] { tape.withLock { $0.added } }

  /// Answers a call: from a recording (the first unused one that matches, so repeated
  /// identical calls replay in order) or by calling `call` and recording the outcome.
  /// Returns the outcome and whether it was replayed.
  func handle(
    _ endpoint: String, _ input: JSONValue, call: @Sendable (JSONValue) async throws -> JSONValue
  ) async throws(CassetteError) -> (Result<JSONValue, any Error>, Bool) {
    if let found = try replay(endpoint, input) { return (found, true) }
    let outcome: Result<JSONValue, any Error>
    do {
      outcome = .success(try await call(input))
    } catch {
      outcome = .failure(error)
    }
    record(endpoint, input, outcome)
    return (outcome, false)
  }

  /// `handle` for an endpoint whose implementation is synchronous (a front's: `deps.register`
  /// in Lua, `deps_dependency_register` in C), called on the thread inside the store call.
  func handleNow(
    _ endpoint: String, _ input: JSONValue, call: () throws -> JSONValue
  ) throws(CassetteError) -> (Result<JSONValue, any Error>, Bool) {
    if let found = try replay(endpoint, input) { return (found, true) }
    let outcome: Result<JSONValue, any Error>
    do {
      outcome = .success(try call())
    } catch {
      outcome = .failure(error)
    }
    record(endpoint, input, outcome)
    return (outcome, false)
  }

  /// The recorded outcome answering a call, or nil when the call goes through; throws when
  /// the mode replays only and nothing matches.
  private func replay(_ endpoint: String, _ input: JSONValue) throws(CassetteError)
    -> Result<JSONValue, any Error>?
  {
    guard replays else { return nil }
    let arguments = filtered(input)
    let found: Interaction? = tape.withLock { tape in
      for index in tape.recorded.indices where !tape.used[index] {
        if matcher(tape.recorded[index], endpoint, arguments) {
          tape.used[index] = true
          return tape.recorded[index]
        }
      }
      return nil
    }
    if let found { return found.outcome.mapError { $0 as any Error } }
    if mode == .none || mode == .once {
      throw CassetteError(
        "cassette \(path) has no recording of \(endpoint)(\(arguments.json())) (record mode "
          + "\(mode.rawValue))")
    }
    return nil
  }

  /// Keeps a call that went through, to be saved.
  private func record(
    _ endpoint: String, _ input: JSONValue, _ outcome: Result<JSONValue, any Error>
  ) {
    let recorded: Result<JSONValue, CassetteError> =
      switch outcome {
      case .success(let value): .success(filtered(value))
      case .failure(let error): .failure(CassetteError(DependencyTrace.errorText(error)))
      }
    let arguments = filtered(input)
    tape.withLock {
      $0.added.append(Interaction(endpoint: endpoint, arguments: arguments, outcome: recorded))
    }
  }

  /// Writes the file when this run recorded something: the recordings it replayed plus the
  /// new ones (`new_episodes`), or the new ones alone (`once`, `all`).
  public func save() throws(CassetteError) {
    let (recorded, added) = tape.withLock { ($0.recorded, $0.added) }
    guard !added.isEmpty, mode != .none else { return }
    let all = mode == .newEpisodes ? recorded + added : added
    try Self.write(all, to: path)
  }

  // MARK: The file

  static func write(_ interactions: [Interaction], to path: String) throws(CassetteError) {
    var text = "{\n  \"version\": 1,\n  \"interactions\": ["
    for (index, interaction) in interactions.enumerated() {
      var object = ValueObject()
      object["endpoint"] = .string(interaction.endpoint)
      object["arguments"] = interaction.arguments
      switch interaction.outcome {
      case .success(let value): object["result"] = value
      case .failure(let error): object["error"] = .string(error.message)
      }
      text += (index == 0 ? "\n    " : ",\n    ") + JSONValue.object(object).json(sortedKeys: true)
    }
    text += interactions.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CassetteError("cannot write cassette \(path): \(error)")
    }
  }

  static func load(_ path: String) throws(CassetteError) -> [Interaction] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CassetteError("cannot read cassette \(path)")
    }
    let value: JSONValue
    do {
      value = try JSONValue(jsonBytes: [UInt8](data))
    } catch {
      throw CassetteError("cassette \(path) is not valid JSON: \(error)")
    }
    guard case .object(let root) = value, case .array(let items)? = root["interactions"] else {
      throw CassetteError(
        "cassette \(path): expected an object with an \"interactions\" array")
    }
    var interactions: [Interaction] = []
    for (index, item) in items.enumerated() {
      guard case .object(let object) = item, case .string(let endpoint)? = object["endpoint"]
      else {
        throw CassetteError(
          "cassette \(path): interaction \(index + 1) has no \"endpoint\" string")
      }
      let arguments = object["arguments"] ?? .null
      if let result = object["result"] {
        interactions.append(
          Interaction(endpoint: endpoint, arguments: arguments, outcome: .success(result)))
      } else if case .string(let message)? = object["error"] {
        interactions.append(
          Interaction(
            endpoint: endpoint, arguments: arguments, outcome: .failure(CassetteError(message))))
      } else {
        throw CassetteError(
          "cassette \(path): interaction \(index + 1) has neither \"result\" nor \"error\"")
      }
    }
    return interactions
  }

  /// `value` with the secret keys' values replaced by `"<filtered>"`, at any depth.
  func filtered(_ value: JSONValue) -> JSONValue {
    guard !secrets.isEmpty else { return value }
    switch value {
    case .object(let object):
      var copy = ValueObject()
      for (key, item) in object {
        copy[key] = secrets.contains(key) ? .string("<filtered>") : filtered(item)
      }
      return .object(copy)
    case .array(let items):
      return .array(items.map(filtered))
    default:
      return value
    }
  }
}
