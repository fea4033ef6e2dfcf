// The errors the fronts report, with the status codes of deps.h (DEPS_EINVAL …) so C and Lua
// say the same thing for the same mistake.

/// A front-facing failure: a status (as in `deps.h`) and a message naming what was wrong.
public struct BridgeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The status codes of `deps.h`.
  public enum Status: Int32, Sendable {
    /// DEPS_ERROR: a failure described by the message.
    case error = 1
    /// DEPS_EINVAL: an invalid argument.
    case invalid = 2
    /// DEPS_ENOTFOUND: an unknown feature, action or dependency path.
    case notFound = 3
    /// DEPS_EDECODE: malformed JSON or a value of the wrong shape.
    case decode = 4
    /// DEPS_ETIMEOUT: the timeout elapsed.
    case timeout = 5
    /// DEPS_EFAILED: a test assertion failed.
    case failed = 6
  }

  /// The status.
  public let status: Status
  /// The message.
  public let message: String

  /// Creates an error.
  public init(_ status: Status, _ message: String) {
    self.status = status
    self.message = message
  }

  /// The message.
  public var description: String { message }

  /// A value-layer error as a bridge error (`.notFound` stays not-found, the rest is decode).
  public init(_ error: ValueError) {
    self.init(error.kind == .notFound ? .notFound : .decode, error.message)
  }
}

/// An error thrown by a foreign (C or Lua) endpoint implementation; its message reaches state
/// verbatim (e.g. `{"numberFactResponse":{"failure":"<message>"}}`).
public struct EndpointError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message the foreign function gave.
  public let message: String
  /// Creates an error with `message`.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}

/// Names close to `name` among `candidates`, best first (for "did you mean" hints).
public func closeMatches(for name: String, in candidates: [String], limit: Int = 3) -> [String] {
  // Every name starts with "": suggesting one for an empty name would be noise.
  guard !name.isEmpty else { return [] }
  // A name far longer than every candidate cannot be close (and comparing a huge one would
  // take quadratic time).
  let longest = candidates.map(\.utf8.count).max() ?? 0
  guard name.utf8.count <= 2 * longest + 4 else { return [] }
  let lowered = name.lowercased()
  let scored = candidates.map { candidate -> (String, Int) in
    let distance = editDistance(lowered, candidate.lowercased())
    let bonus = candidate.lowercased().hasPrefix(lowered) || lowered.hasPrefix(
      candidate.lowercased()) ? -2 : 0
    return (candidate, distance + bonus)
  }
  let threshold = max(2, name.count / 3)
  let close = scored.filter { $0.1 <= threshold }
  guard let best = close.map(\.1).min() else { return [] }
  return close.filter { $0.1 <= best + 1 }
    .sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    .prefix(limit).map(\.0)
}

/// `; did you mean "a" or "b"?`, or "" when nothing is close.
func didYouMean(_ name: String, in candidates: [String]) -> String {
  let matches = closeMatches(for: name, in: candidates)
  guard !matches.isEmpty else { return "" }
  let quoted = matches.map { "\"\($0)\"" }
  let list =
    quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or "
    + (quoted.last ?? "")
  return "; did you mean \(list)?"
}

/// Levenshtein distance.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.utf8)
  let b = Array(b.utf8)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
