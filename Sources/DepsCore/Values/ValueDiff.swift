// `ValueDiff`: the one diff of the project (TestStore state and action mismatches, for Swift,
// C and Lua alike). Only what differs is shown, `-` expected / `+` actual; equal siblings fold
// into `… (N unchanged)`; keys are sorted for stable output; arrays compare by index. Each line
// is two spaces, a marker column (`-`, `+` or space), a space, then JSON with 2-space nesting.

/// A readable `-expected / +actual` diff of two values.
///
/// ```swift
/// ValueDiff.diff(["count": 2, "isLoading": false], ["count": 1, "isLoading": false])
/// //     {
/// //   -   "count": 2,
/// //   +   "count": 1,
/// //       … (1 unchanged)
/// //     }
/// ```
public enum ValueDiff {
  /// The diff body, or `nil` when the values are equal (`.int(1)` equals `.double(1)`).
  ///
  /// ```swift
  /// ValueDiff.diff(1, 2)  // "  - 1\n  + 2"
  /// ```
  public static func diff(_ expected: JSONValue, _ actual: JSONValue) -> String? {
    guard expected != actual else { return nil }
    var lines: [String] = []
    render(expected, actual, prefix: "", indent: 0, comma: false, into: &lines)
    return lines.joined(separator: "\n")
  }

  private static func line(_ marker: String, _ indent: Int, _ text: String) -> String {
    "  " + marker + " " + String(repeating: "  ", count: indent) + text
  }

  /// One side shown whole (pretty, sorted keys), every line marked.
  private static func whole(
    _ marker: String, _ value: JSONValue, prefix: String, indent: Int, comma: Bool,
    into lines: inout [String]
  ) {
    let parts = value.json(pretty: true, sortedKeys: true).split(
      separator: "\n", omittingEmptySubsequences: false)
    for (position, part) in parts.enumerated() {
      let head = position == 0 ? prefix : ""
      let tail = position == parts.count - 1 && comma ? "," : ""
      lines.append(line(marker, indent, head + part + tail))
    }
  }

  private static func fold(_ count: inout Int, _ indent: Int, into lines: inout [String]) {
    guard count > 0 else { return }
    lines.append(line(" ", indent, "… (\(count) unchanged)"))
    count = 0
  }

  private static func render(
    _ expected: JSONValue, _ actual: JSONValue, prefix: String, indent: Int, comma: Bool,
    into lines: inout [String]
  ) {
    let closing = comma ? "," : ""
    switch (expected, actual) {
    case let (.object(expectedObject), .object(actualObject)):
      lines.append(line(" ", indent, prefix + "{"))
      var keys = expectedObject.keys
      for key in actualObject.keys where expectedObject[key] == nil { keys.append(key) }
      keys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      var unchanged = 0
      for (position, key) in keys.enumerated() {
        let memberComma = position < keys.count - 1
        let memberPrefix = JSONValue.string(key).json() + ": "
        let old = expectedObject[key]
        let new = actualObject[key]
        if old == new {
          unchanged += 1
          continue
        }
        fold(&unchanged, indent + 1, into: &lines)
        members(
          old, new, prefix: memberPrefix, indent: indent + 1, comma: memberComma,
          into: &lines)
      }
      fold(&unchanged, indent + 1, into: &lines)
      lines.append(line(" ", indent, "}" + closing))
    case let (.array(expectedArray), .array(actualArray)):
      lines.append(line(" ", indent, prefix + "["))
      let count = max(expectedArray.count, actualArray.count)
      var unchanged = 0
      for index in 0..<count {
        let old: JSONValue? = expectedArray.indices.contains(index) ? expectedArray[index] : .none
        let new: JSONValue? = actualArray.indices.contains(index) ? actualArray[index] : .none
        if old == new {
          unchanged += 1
          continue
        }
        fold(&unchanged, indent + 1, into: &lines)
        members(
          old, new, prefix: "", indent: indent + 1, comma: index < count - 1,
          into: &lines)
      }
      fold(&unchanged, indent + 1, into: &lines)
      lines.append(line(" ", indent, "]" + closing))
    default:
      whole("-", expected, prefix: prefix, indent: indent, comma: comma, into: &lines)
      whole("+", actual, prefix: prefix, indent: indent, comma: comma, into: &lines)
    }
  }

  /// A member or element present on one side or both (and then different).
  private static func members(
    _ old: JSONValue?, _ new: JSONValue?, prefix: String, indent: Int, comma: Bool,
    into lines: inout [String]
  ) {
    switch (old, new) {
    case let (old?, new?):
      render(old, new, prefix: prefix, indent: indent, comma: comma, into: &lines)
    case let (old?, nil):
      whole("-", old, prefix: prefix, indent: indent, comma: comma, into: &lines)
    case let (nil, new?):
      whole("+", new, prefix: prefix, indent: indent, comma: comma, into: &lines)
    case (nil, nil):
      break
    }
  }
}
