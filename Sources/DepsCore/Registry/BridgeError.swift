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
