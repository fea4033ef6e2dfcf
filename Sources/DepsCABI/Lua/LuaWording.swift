// The Lua front's words for the stores it opens (`store:finish()`, `d.continuousClock =
// "test"`): what deps.Store, deps.TestStore and deps.explore give their stores.
import DepsCore

/// The Lua module's words (docs/lua.md's calls).
struct LuaFrontWording: FrontWording {
  var finishCall: String { "store:finish()" }
  var receiveCall: String { "store:receive" }
  var skipReceivedCall: String { "store:skip_received_actions()" }
  var skipInFlightCall: String { "store:skip_in_flight_effects()" }
  var exhaustivityOff: String { #"store.exhaustivity = "off""# }
  var advanceCall: String { "store:advance(seconds)" }

  func clockPreset(_ preset: String, path: String) -> String { #"d.\#(path) = "\#(preset)""# }

  var longerTimeoutAdvice: String { "give this call a longer timeout (in seconds)" }

  var tearDownAdvice: String {
    "start them with an id (\"deps.run(fn, {id = …})\") and return a corresponding "
      + "cancellation effect (\"deps.cancel(id)\") from another action"
  }

  func issue(_ message: String) -> String {
    FrontIssueText.translate(
      message, self,
      overrideAdvice:
        "Override it in the store's dependencies (dependencies = function(d) … end), or with "
        + "deps.with_dependencies.")
  }
}
