// The catalogue's Result payload: `{"success": T}` / `{"failure": "message"}` (docs/values.md).
import DepsCore

/// The outcome of an endpoint call carried by an action.
package enum ActionResult<Success: Equatable & Codable & Sendable>: Equatable, Codable, Sendable {
  /// The call returned `Success`.
  case success(Success)
  /// The call failed with this message.
  case failure(String)
}
