// Fuzz target `merge_patch`: the input is JSON text `[target, patch]` or `[target, patch, other]`
// (any other JSON value is a patch onto `{}`); `MergePatch.apply` runs on it. Invariants
// (RFC 7386 §2–3):
//  - a patch that is not an object replaces the target whole;
//  - an object patch gives an object: a `null` member removes the key, any other member `v`
//    becomes `apply(v, target[key])`, keys the patch does not name are untouched, no key
//    comes from anywhere else;
//  - applying the same patch twice equals applying it once;
//  - a patch without `null` members (arrays are values: nulls inside them are kept) applied
//    to `null` gives the patch itself;
//  - for any `other` without `null` members, the patch the harness derives from
//    (target → other) applied to the target gives `other` (every such change is expressible);
//  - the result survives a JSON round trip.
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

/// True when no object inside `value` (outside arrays) has a `null` member.
private func hasNoNullMembers(_ value: JSONValue) -> Bool {
  guard case .object(let object) = value else { return true }
  return object.allSatisfy { !$0.value.isNull && hasNoNullMembers($0.value) }
}

/// A merge patch turning `source` into `result` (which must have no null members).
private func derivedPatch(from source: JSONValue, to result: JSONValue) -> JSONValue {
  guard case .object(let from) = source, case .object(let to) = result else { return result }
  var patch = ValueObject()
  for (key, _) in from where to[key] == nil { patch[key] = .null }
  for (key, value) in to {
    if let old = from[key] {
      if old != value { patch[key] = derivedPatch(from: old, to: value) }
    } else {
      patch[key] = value
    }
  }
  return .object(patch)
}

private func checkMembers(target: JSONValue, patch: ValueObject, result: JSONValue, input: String) {
  guard case .object(let merged) = result else {
    require(false, "an object patch gave \(result.kindDescription)", input: input)
    return
  }
  let original = target.objectValue ?? ValueObject()
  for (key, value) in patch {
    if value.isNull {
      require(merged[key] == nil, "key \"\(key)\" patched with null is still there", input: input)
    } else {
      let expected = MergePatch.apply(value, to: original[key] ?? .null)
      require(merged[key] == expected, "key \"\(key)\" is not its patch", input: input)
    }
  }
  for (key, value) in original where patch[key] == nil {
    require(merged[key] == value, "key \"\(key)\" not in the patch changed", input: input)
  }
  for (key, _) in merged {
    require(
      original[key] != nil || patch[key] != nil, "key \"\(key)\" came from nowhere",
      input: input)
  }
  require(merged.count == merged.keys.count, "member count disagrees with keys", input: input)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func mergePatchFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  guard let value = try? JSONValue(jsonBytes: input) else { return 0 }
  let text = value.json()
  let target: JSONValue
  let patch: JSONValue
  var other: JSONValue?
  if case .array(let parts) = value, parts.count == 2 || parts.count == 3 {
    target = parts[0]
    patch = parts[1]
    if parts.count == 3 { other = parts[2] }
  } else {
    target = .object(ValueObject())
    patch = value
  }
  let result = MergePatch.apply(patch, to: target)
  if case .object(let members) = patch {
    checkMembers(target: target, patch: members, result: result, input: text)
  } else {
    require(result == patch, "a non-object patch did not replace the target", input: text)
  }
  require(MergePatch.apply(patch, to: result) == result, "applying twice differs", input: text)
  if hasNoNullMembers(patch) {
    require(
      MergePatch.apply(patch, to: .null) == patch, "patch onto null is not the patch",
      input: text)
  }
  if let other, hasNoNullMembers(other) {
    let derived = derivedPatch(from: target, to: other)
    require(
      MergePatch.apply(derived, to: target) == other,
      "derived patch \(derived) does not reach the other value", input: text)
  }
  require(
    (try? JSONValue(json: result.json())) == result, "result does not round-trip",
    input: text)
  return 0
}
