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
  public static func apply(_ patch: Value, to target: Value) -> Value {
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
}
