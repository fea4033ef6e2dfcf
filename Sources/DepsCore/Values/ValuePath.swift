// `ValuePath`: where in a value something went wrong, written the way users write it:
// `todos[0].title`, `numberFactResponse.success`, `["odd key"]`. Used by the decoder's messages.

/// One step into a value: an object key or an array index.
enum ValuePathComponent: Sendable, Equatable {
  case key(String)
  case index(Int)

  /// A `CodingKey` for `codingPath`.
  var codingKey: any CodingKey {
    switch self {
    case let .key(key): return ValueCodingKey(stringValue: key)
    case let .index(index): return ValueCodingKey(intValue: index)
    }
  }
}

/// Renders paths in dotted/indexed form.
enum ValuePath {
  /// `a.b[2].c`; keys that are not identifiers are written `["a key"]`; root is `""`.
  static func render(_ components: [ValuePathComponent]) -> String {
    var text = ""
    for component in components {
      switch component {
      case let .index(index):
        text += "[\(index)]"
      case let .key(key) where isIdentifier(key):
        text += text.isEmpty ? key : "." + key
      case let .key(key):
        text += "[" + JSONValue.string(key).json() + "]"
      }
    }
    return text
  }

  /// Renders a `codingPath` from another coder (e.g. a user's `init(from:)` error): `_N`
  /// payload keys of enums read as indexes.
  static func render(_ codingPath: [any CodingKey]) -> String {
    render(
      codingPath.map { key in
        if let index = key.intValue { return .index(index) }
        let name = key.stringValue
        if name.hasPrefix("_"), let index = Int(name.dropFirst()) { return .index(index) }
        return .key(name)
      })
  }

  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    else { return false }
    return key.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
        return true
      default:
        return false
      }
    }
  }
}

/// A `CodingKey` made from any string or index (object members, array positions).
struct ValueCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }
}
