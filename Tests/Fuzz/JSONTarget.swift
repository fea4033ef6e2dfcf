// Fuzz target `json`: bytes → `JSONValue` (JSONParser) → JSON text (JSONWriter) → `JSONValue`.
// Invariants: parsing never crashes; an error is a `.malformed` / `.limit` ValueError with a
// non-empty message and a byte offset inside the input; a parsed value re-serializes (compact,
// and pretty with sorted keys) to text that parses back to an equal value with an equal hash,
// and writing is stable (writing the re-parsed value gives the same text).
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting

@_cdecl("LLVMFuzzerTestOneInput")
public func jsonFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  let value: JSONValue
  do {
    value = try JSONValue(jsonBytes: input)
  } catch {
    require(!error.message.isEmpty, "empty parse error message", input: shown(input))
    require(
      error.kind == .malformed || error.kind == .limit,
      "parse error of kind \(error.kind): \(error.message)", input: shown(input))
    if let offset = error.offset {
      require(
        offset >= 0 && offset <= input.count,
        "error offset \(offset) outside the input (\(input.count) bytes): \(error.message)",
        input: shown(input))
    }
    return 0
  }
  // Valid JSON is valid UTF-8, so the String entry point agrees with the byte one.
  let text = String(decoding: input, as: UTF8.self)
  require(
    (try? JSONValue(json: text)) == value, "JSONValue(json:) disagrees with JSONValue(jsonBytes:)",
    input: text)
  for (pretty, sorted) in [(false, false), (true, true)] {
    let written = value.json(pretty: pretty, sortedKeys: sorted)
    let reparsed: JSONValue
    do {
      reparsed = try JSONValue(json: written)
    } catch {
      require(
        false, "written JSON does not parse: \(error.message)\nwritten: \(written)",
        input: text)
      return 0
    }
    require(reparsed == value, "round trip changed the value\nwritten: \(written)", input: text)
    require(reparsed.hashValue == value.hashValue, "equal values hash differently", input: text)
    let rewritten = reparsed.json(pretty: pretty, sortedKeys: sorted)
    require(
      rewritten == written, "writing is not stable\nfirst:  \(written)\nsecond: \(rewritten)",
      input: text)
  }
  require(ValueDiff.diff(value, value) == nil, "a value differs from itself", input: text)
  return 0
}
