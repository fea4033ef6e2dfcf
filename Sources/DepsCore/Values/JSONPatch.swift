// `JSONPatch`: JSON Patch (RFC 6902) over `JSONValue`, with JSON Pointer (RFC 6901) paths. The
// state-changes reads (`deps_store_state_changes`, Lua `s:state_changes()`) give their changes
// in this form, so one changed element of a long array is one operation addressing it
// (`{"op":"replace","path":"/todos/500/title","value":"milk"}`), not the whole array.

/// JSON Patch (RFC 6902): a list of operations, each an object with `op`, `path` and, as the
/// operation needs, `value` or `from`.
///
/// ```swift
/// let ops: JSONValue = [["op": "replace", "path": "/todos/1/title", "value": "milk"]]
/// try JSONPatch.apply(ops, to: ["todos": [["title": "a"], ["title": "b"]]])
/// // {"todos":[{"title":"a"},{"title":"milk"}]}
/// ```
public enum JSONPatch {
  /// One `{"op":"replace","path":…,"value":…}` operation.
  ///
  /// ```swift
  /// JSONPatch.replace("/count", 1)  // {"op":"replace","path":"/count","value":1}
  /// ```
  public static func replace(_ path: String, _ value: JSONValue) -> JSONValue {
    operation("replace", path, value)
  }

  /// One `{"op":"add","path":…,"value":…}` operation (a new member, or an array element
  /// inserted before `path`'s index).
  ///
  /// ```swift
  /// JSONPatch.add("/todos/3", ["title": "milk"])
  /// ```
  public static func add(_ path: String, _ value: JSONValue) -> JSONValue {
    operation("add", path, value)
  }

  /// One `{"op":"remove","path":…}` operation.
  ///
  /// ```swift
  /// JSONPatch.remove("/tutorial")  // {"op":"remove","path":"/tutorial"}
  /// ```
  public static func remove(_ path: String) -> JSONValue {
    var object = ValueObject()
    object.entries.reserveCapacity(2)
    object.appendUnchecked("op", .string("remove"))
    object.appendUnchecked("path", .string(path))
    return .object(object)
  }

  private static func operation(_ op: String, _ path: String, _ value: JSONValue) -> JSONValue {
    var object = ValueObject()
    object.entries.reserveCapacity(3)
    object.appendUnchecked("op", .string(op))
    object.appendUnchecked("path", .string(path))
    object.appendUnchecked("value", value)
    return .object(object)
  }

  /// `token` as one JSON Pointer reference token: `~` is written `~0` and `/` is `~1`.
  ///
  /// ```swift
  /// JSONPatch.escape("a/b")  // "a~1b"
  /// ```
  public static func escape(_ token: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
    else { return token }
    var escaped = ""
    for character in token.unicodeScalars {
      switch character {
      case "~": escaped += "~0"
      case "/": escaped += "~1"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }

  /// The operations that turn `old` into `new`, appended to `operations`, with paths under
  /// `path` (`""` is the whole document): objects member by member (`remove` for a member
  /// `new` lacks), arrays by their common prefix and suffix (the elements between are patched
  /// in place, then removed or added), anything else replaced. Nothing when they are equal.
  ///
  /// ```swift
  /// var ops: [JSONValue] = []
  /// JSONPatch.diff(from: ["n": [1, 2, 3]], to: ["n": [1, 5, 3]], into: &ops)
  /// // [{"op":"replace","path":"/n/1","value":5}]
  /// ```
  public static func diff(
    from old: JSONValue, to new: JSONValue, path: String = "", into operations: inout [JSONValue]
  ) {
    switch (old, new) {
    case let (.object(oldMembers), .object(newMembers)):
      for (key, value) in newMembers {
        let memberPath = path + "/" + escape(key)
        if let previous = oldMembers[key] {
          diff(from: previous, to: value, path: memberPath, into: &operations)
        } else {
          operations.append(add(memberPath, value))
        }
      }
      for (key, _) in oldMembers where newMembers[key] == nil {
        operations.append(remove(path + "/" + escape(key)))
      }
    case let (.array(oldElements), .array(newElements)):
      diffArrays(
        oldCount: oldElements.count, newCount: newElements.count, path: path,
        into: &operations,
        same: { oldElements[$0] == newElements[$1] },
        patch: { index, elementPath, operations in
          diff(
            from: oldElements[index], to: newElements[index], path: elementPath,
            into: &operations)
        },
        encode: { newElements[$0] })
    default:
      if old != new { operations.append(replace(path, new)) }
    }
  }

  /// The operations that turn an array of `oldCount` elements into one of `newCount`: the
  /// common prefix and suffix (by `same(oldIndex, newIndex)`) are skipped, the elements
  /// between patched in place (`patch`) as far as both have them, then the extra old ones
  /// removed (last first) or the extra new ones added (`encode(newIndex)`).
  static func diffArrays(
    oldCount: Int, newCount: Int, path: String, into operations: inout [JSONValue],
    same: (Int, Int) -> Bool,
    identicalRun: ((_ oldStart: Int, _ newStart: Int, _ count: Int) -> Bool)? = nil,
    patch: (_ index: Int, _ path: String, _ operations: inout [JSONValue]) -> Void,
    encode: (Int) -> JSONValue
  ) {
    let block = 64
    var prefix = 0
    let shorter = min(oldCount, newCount)
    while prefix < shorter {
      if let identicalRun, prefix + block <= shorter, identicalRun(prefix, prefix, block) {
        prefix += block
      } else if same(prefix, prefix) {
        prefix += 1
      } else {
        break
      }
    }
    var suffix = 0
    while suffix < shorter - prefix {
      if let identicalRun, suffix + block <= shorter - prefix,
        identicalRun(oldCount - suffix - block, newCount - suffix - block, block)
      {
        suffix += block
      } else if same(oldCount - 1 - suffix, newCount - 1 - suffix) {
        suffix += 1
      } else {
        break
      }
    }
    let oldMiddle = oldCount - prefix - suffix
    let newMiddle = newCount - prefix - suffix
    let paired = min(oldMiddle, newMiddle)
    for offset in 0..<paired {
      patch(prefix + offset, path + "/" + String(prefix + offset), &operations)
    }
    if oldMiddle > newMiddle {
      for index in stride(from: prefix + oldMiddle - 1, through: prefix + paired, by: -1) {
        operations.append(remove(path + "/" + String(index)))
      }
    } else {
      for offset in paired..<newMiddle {
        operations.append(add(path + "/" + String(prefix + offset), encode(prefix + offset)))
      }
    }
  }

  /// `document` with the operations of `patch` (a JSON array) applied in order: `add`,
  /// `remove`, `replace`, `move`, `copy` and `test` as RFC 6902 defines them.
  ///
  /// ```swift
  /// try JSONPatch.apply([["op": "remove", "path": "/a"]], to: ["a": 1, "b": 2])  // {"b":2}
  /// ```
  /// - Throws: `.shape` naming the operation (by its position) and what was wrong: not an
  ///   array of operations, an unknown `op`, a malformed path, a path that does not exist, a
  ///   `test` whose value differs.
  public static func apply(_ patch: JSONValue, to document: JSONValue) throws(ValueError)
    -> JSONValue
  {
    guard case let .array(operations) = patch else {
      throw ValueError(
        kind: .shape,
        message: "expected a JSON Patch (an array of operations), got "
          + ValueError.excerpt(of: patch))
    }
    var result = document
    for (position, operation) in operations.enumerated() {
      do throws(PatchFailure) {
        try apply(operation, to: &result)
      } catch {
        throw ValueError(
          kind: .shape, message: "JSON Patch operation \(position): \(error.message)")
      }
    }
    return result
  }

  private struct PatchFailure: Error {
    let message: String
  }

  private static func apply(_ operation: JSONValue, to document: inout JSONValue)
    throws(PatchFailure)
  {
    guard case let .object(members) = operation else {
      throw PatchFailure(message: "expected an object, got " + ValueError.excerpt(of: operation))
    }
    guard case let .string(op)? = members["op"] else {
      throw PatchFailure(message: "expected \"op\" as a string")
    }
    let path = try pointer(members["path"], "path")
    func value() throws(PatchFailure) -> JSONValue {
      guard let value = members["value"] else {
        throw PatchFailure(message: "\"\(op)\" needs a \"value\"")
      }
      return value
    }
    switch op {
    case "add":
      try add(try value(), at: path[...], in: &document)
    case "remove":
      _ = try remove(at: path[...], in: &document)
    case "replace":
      _ = try get(path[...], in: document)  // the target must exist
      try add(try value(), at: path[...], in: &document, replacing: true)
    case "move":
      let from = try pointer(members["from"], "from")
      if path.count > from.count, Array(path.prefix(from.count)) == from {
        throw PatchFailure(message: "cannot move a value into itself")
      }
      let moved = try remove(at: from[...], in: &document)
      try add(moved, at: path[...], in: &document)
    case "copy":
      let from = try pointer(members["from"], "from")
      try add(try get(from[...], in: document), at: path[...], in: &document)
    case "test":
      let expected = try value()
      let actual = try get(path[...], in: document)
      if actual != expected {
        throw PatchFailure(
          message: "test failed at \"\(render(path))\": expected "
            + ValueError.excerpt(of: expected) + ", got " + ValueError.excerpt(of: actual))
      }
    default:
      throw PatchFailure(
        message: "unknown op \"\(op)\" (expected add, remove, replace, move, copy or test)")
    }
  }

  /// A JSON Pointer's reference tokens, unescaped.
  private static func pointer(_ value: JSONValue?, _ name: String) throws(PatchFailure) -> [String]
  {
    guard case let .string(text)? = value else {
      throw PatchFailure(message: "expected \"\(name)\" as a string (a JSON Pointer)")
    }
    if text.isEmpty { return [] }
    // By scalar, not by character: a key may start with a combining mark, which would join
    // the "/" before it into one character.
    let scalars = text.unicodeScalars
    guard scalars.first == "/" else {
      throw PatchFailure(message: "\"\(name)\" \"\(text)\" is not a JSON Pointer (starts with /)")
    }
    var tokens: [String] = []
    for raw in scalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var token = ""
      var iterator = raw.makeIterator()
      while let scalar = iterator.next() {
        guard scalar == "~" else {
          token.unicodeScalars.append(scalar)
          continue
        }
        switch iterator.next() {
        case "0": token += "~"
        case "1": token += "/"
        default:
          throw PatchFailure(
            message: "\"\(name)\" \"\(text)\" has a ~ not followed by 0 or 1")
        }
      }
      tokens.append(token)
    }
    return tokens
  }

  private static func render(_ tokens: [String]) -> String {
    tokens.map { "/" + escape($0) }.joined()
  }

  /// An array index token: digits without a leading zero, below `limit` (inclusive when
  /// `allowsEnd`); `-` is `limit` when `allowsEnd`.
  private static func index(_ token: String, count: Int, allowsEnd: Bool) throws(PatchFailure)
    -> Int
  {
    if token == "-", allowsEnd { return count }
    guard let index = Int(token), index >= 0, String(index) == token,
      index < count || (allowsEnd && index == count)
    else {
      throw PatchFailure(
        message: "no element \"\(token)\" in an array of \(count)")
    }
    return index
  }

  private static func get(_ path: ArraySlice<String>, in document: JSONValue) throws(PatchFailure)
    -> JSONValue
  {
    guard let token = path.first else { return document }
    switch document {
    case let .object(members):
      guard let member = members[token] else {
        throw PatchFailure(message: "no member \"\(token)\"")
      }
      return try get(path.dropFirst(), in: member)
    case let .array(elements):
      return try get(
        path.dropFirst(), in: elements[try index(token, count: elements.count, allowsEnd: false)])
    default:
      throw PatchFailure(
        message: "cannot look up \"\(token)\" in " + document.kindDescription)
    }
  }

  /// Adds `value` at `path` (replacing: sets the existing member or element in place).
  private static func add(
    _ value: JSONValue, at path: ArraySlice<String>, in document: inout JSONValue,
    replacing: Bool = false
  ) throws(PatchFailure) {
    guard let token = path.first else {
      document = value
      return
    }
    let rest = path.dropFirst()
    switch document {
    case .object(var members):
      document = .null  // the members are uniquely held while they change
      defer { document = .object(members) }
      if rest.isEmpty {
        members[token] = value
        return
      }
      guard var member = members[token] else {
        throw PatchFailure(message: "no member \"\(token)\"")
      }
      members[token] = .null
      defer { members[token] = member }
      try add(value, at: rest, in: &member, replacing: replacing)
    case .array(var elements):
      document = .null
      defer { document = .array(elements) }
      let position = try index(
        token, count: elements.count, allowsEnd: rest.isEmpty && !replacing)
      if rest.isEmpty {
        if replacing {
          elements[position] = value
        } else {
          elements.insert(value, at: position)
        }
        return
      }
      var element = elements[position]
      elements[position] = .null
      defer { elements[position] = element }
      try add(value, at: rest, in: &element, replacing: replacing)
    default:
      throw PatchFailure(message: "cannot add \"\(token)\" to " + document.kindDescription)
    }
  }

  private static func remove(at path: ArraySlice<String>, in document: inout JSONValue)
    throws(PatchFailure) -> JSONValue
  {
    guard let token = path.first else {
      let removed = document
      document = .null
      return removed
    }
    let rest = path.dropFirst()
    switch document {
    case .object(var members):
      document = .null
      defer { document = .object(members) }
      guard var member = members[token] else {
        throw PatchFailure(message: "no member \"\(token)\"")
      }
      if rest.isEmpty {
        members.removeValue(forKey: token)
        return member
      }
      members[token] = .null
      defer { members[token] = member }
      return try remove(at: rest, in: &member)
    case .array(var elements):
      document = .null
      defer { document = .array(elements) }
      let position = try index(token, count: elements.count, allowsEnd: false)
      if rest.isEmpty { return elements.remove(at: position) }
      var element = elements[position]
      elements[position] = .null
      defer { elements[position] = element }
      return try remove(at: rest, in: &element)
    default:
      throw PatchFailure(
        message: "cannot remove \"\(token)\" from " + document.kindDescription)
    }
  }
}
