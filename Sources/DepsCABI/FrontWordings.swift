// The C front's words for the stores it opens (`CFrontWording`: `deps_test_store_finish(t,
// timeout_ms)`, `deps_overrides_set(o, …)`), and how a front that is not Swift tells an issue
// (`FrontIssueText`): the library's own Swift locations dropped, Swift-only advice replaced.
// The Lua front's words are Lua/LuaWording.swift's.
import DepsCore

/// The C ABI's words (deps.h's calls).
struct CFrontWording: FrontWording {
  var finishCall: String { "deps_test_store_finish(t, timeout_ms)" }
  var receiveCall: String { "deps_test_store_receive" }
  var skipReceivedCall: String { "deps_test_store_skip_received_actions(t)" }
  var skipInFlightCall: String { "deps_test_store_skip_in_flight_effects(t)" }
  var exhaustivityOff: String { "deps_test_store_set_exhaustive(t, 0)" }
  var advanceCall: String { "deps_test_store_advance(t, seconds)" }

  func clockPreset(_ preset: String, path: String) -> String {
    #"deps_overrides_set(o, "\#(path)", "\"\#(preset)\"")"#
  }

  var longerTimeoutAdvice: String { #"give this call a longer "timeout_ms""# }

  var tearDownAdvice: String {
    "send the action that stops them before the end of the test, or cancel them with "
      + "\"deps_test_store_skip_in_flight_effects(t)\""
  }

  func issue(_ message: String) -> String {
    FrontIssueText.translate(
      message, self,
      overrideAdvice:
        "Override it in the deps_overrides the store is opened with (deps_overrides_set or "
        + "deps_overrides_set_endpoint).")
  }
}

/// An issue reported while a C or Lua call ran, told in that front's terms.
enum FrontIssueText {
  /// `message` with locations inside the library's Swift sources (`DepsCatalogue/Counter.swift:21`,
  /// any module's `#fileID`) dropped — the front positions the error at the user's own call —
  /// and advice naming Swift API replaced by the front's (`overrideAdvice` for a dependency a
  /// test did not override, `front`'s clock preset for the runaway rule's fix). Other text is
  /// unchanged.
  static func translate(_ message: String, _ front: some FrontWording, overrideAdvice: String)
    -> String
  {
    var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let heading = line.hasPrefix("  Location:") || line.hasPrefix("  Defined in '")
      if heading, index + 1 < lines.count, isLibraryLocation(lines[index + 1]) {
        lines.removeSubrange(index...(index + 1))
        // The blank line that separated the removed block from what came before.
        if index > 0, index <= lines.count, lines[index - 1].isEmpty,
          index == lines.count || lines[index].isEmpty
        {
          lines.remove(at: index - 1)
          index -= 1
        }
        continue
      }
      index += 1
    }
    var text = lines.joined(separator: "\n")
    text = replacing(DependencyResolution.overrideAdvice, with: overrideAdvice, in: text)
    // The runaway rule's fix (ComposableArchitecture's RunawayIssues.swift).
    for path in ["continuousClock", "suspendingClock"] {
      text = replacing(
        "$0.\(path) = TestClock()", with: front.clockPreset("test", path: path), in: text)
    }
    // `An "Effect.run" returned from "DepsCatalogue/Counter.swift:21" threw …`: the place is
    // the library's, not the caller's.
    if let start = text.firstRange(of: #" returned from ""#),
      let end = text[start.upperBound...].firstIndex(of: "\""),
      isLibraryLocation(String(text[start.upperBound..<end]))
    {
      text.removeSubrange(start.lowerBound...end)
    }
    return text
  }

  /// True for an (indented) `<Module>/<file>.swift:<line>`: a `#fileID` location in the Swift
  /// sources of the library (DepsCore, the catalogue, a library's own modules).
  private static func isLibraryLocation(_ line: String) -> Bool {
    let trimmed = line.drop { $0 == " " }
    guard let slash = trimmed.firstIndex(of: "/"), let suffix = trimmed.firstRange(of: ".swift:")
    else { return false }
    let module = trimmed[..<slash]
    return !module.isEmpty && slash < suffix.lowerBound
      && module.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
  }

  private static func replacing(_ target: String, with replacement: String, in text: String)
    -> String
  {
    guard !target.isEmpty, let range = text.firstRange(of: target) else { return text }
    var copy = text
    copy.replaceSubrange(range, with: replacement)
    return copy
  }
}
