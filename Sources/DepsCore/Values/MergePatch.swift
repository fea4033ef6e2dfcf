// `MergePatch`: JSON Merge Patch (RFC 7386), exactly as its pseudocode. The C front's expected
// states are merge patches on the previous expected state: `{"count": 1}` sets a member,
// `{"errorMessage": null}` removes one (sets an optional to nil).

/// JSON Merge Patch (RFC 7386).
///
/// ```swift
/// MergePatch.apply(["count": 1, "errorMessage": nil], to: ["count": 0, "errorMessage": "x"])
/// // {"count":1}
/// ```
public enum MergePatch {
  /// The result of applying `patch` to `target`: objects merge member by member, `null`
  /// members are removed, anything else replaces the target.
  ///
  /// ```swift
  /// MergePatch.apply(["a": ["b": "c"]], to: ["a": 1])  // {"a":{"b":"c"}}
  /// ```
  public static func apply(_ patch: JSONValue, to target: JSONValue) -> JSONValue {
    guard case let .object(members) = patch else { return patch }
    var result: ValueObject
    if case let .object(object) = target {
      result = object
    } else {
      result = ValueObject()
    }
    for (name, value) in members {
      if value.isNull {
        result.removeValue(forKey: name)
      } else {
        result[name] = apply(value, to: result[name] ?? .null)
      }
    }
    return .object(result)
  }

  /// The merge patch that turns `old` into `new`, or `nil` when they are equal: objects give
  /// only their changed members (`null` for a removed one, recursively for nested objects);
  /// anything else that changed (a number, a string, an array) is replaced whole, as RFC 7386
  /// has it. `apply(diff(from: a, to: b)!, to: a) == b` whenever `b` has no `null` member (a
  /// merge patch cannot set a member to `null`; Deps' states leave a nil optional out).
  ///
  /// ```swift
  /// MergePatch.diff(from: ["count": 0, "note": "x"], to: ["count": 1])
  /// // {"count":1,"note":null}
  /// ```
  public static func diff(from old: JSONValue, to new: JSONValue) -> JSONValue? {
    guard case let .object(newMembers) = new, case let .object(oldMembers) = old else {
      // Not `old == new ? nil : new`: `nil` would be typed `JSONValue` there, i.e. `.null`.
      if old == new { return Optional.none }
      return new
    }
    var patch = ValueObject()
    var kept = 0
    for (name, value) in newMembers {
      switch oldMembers[name] {
      case .some(let previous):
        kept += 1
        if let change = diff(from: previous, to: value) {
          patch.updateValue(change, forKey: name)
        }
      case .none:
        patch.updateValue(value, forKey: name)
      }
    }
    if kept != oldMembers.count {
      for (name, _) in oldMembers {
        if case .none = newMembers[name] { patch.updateValue(.null, forKey: name) }
      }
    }
    if patch.isEmpty { return Optional.none }
    return .object(patch)
  }
}
