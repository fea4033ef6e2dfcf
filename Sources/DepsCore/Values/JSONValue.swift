// `JSONValue`: the JSON-shaped value every front speaks (C as JSON text, Lua as tables, the
// TestStore as diffs). Numbers compare by magnitude: `.int(1) == .double(1.0)`, because C and
// Lua send `1` where Swift encodes `1.0`. Parsing, printing, coding and diffs live next door.

/// A JSON-shaped value: what states and actions look like outside Swift.
///
/// ```swift
/// let action: JSONValue = ["numberFactResponse": ["success": "0 is a number"]]
/// action.json()  // {"numberFactResponse":{"success":"0 is a number"}}
/// ```
public enum JSONValue: Sendable {
  /// JSON `null`.
  case null
  /// JSON `true` / `false`.
  case bool(Bool)
  /// A JSON number without fraction or exponent that fits in `Int`.
  case int(Int)
  /// Any other JSON number.
  case double(Double)
  /// A JSON string.
  case string(String)
  /// A JSON array.
  case array([JSONValue])
  /// A JSON object, keys in insertion order.
  case object(ValueObject)
}

extension JSONValue: Equatable {
  /// Structural equality; `.int(1) == .double(1.0)` and object key order is ignored.
  ///
  /// ```swift
  /// JSONValue.int(1) == JSONValue.double(1.0)  // true
  /// ```
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.int(a), .int(b)): return a == b
    case let (.double(a), .double(b)): return a == b
    case let (.int(a), .double(b)), let (.double(b), .int(a)): return Int(exactly: b) == a
    case let (.string(a), .string(b)): return a == b
    case let (.array(a), .array(b)): return a == b
    case let (.object(a), .object(b)): return a == b
    default: return false
    }
  }
}

extension JSONValue: Hashable {
  /// Hashes consistently with `==`: an integral double hashes as the equal `Int`.
  ///
  /// ```swift
  /// Set<JSONValue>([.int(1), .double(1)]).count  // 1
  /// ```
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0 as UInt8)
    case let .bool(b): hasher.combine(1 as UInt8); hasher.combine(b)
    case let .int(i): hasher.combine(2 as UInt8); hasher.combine(i)
    case let .double(d):
      if let i = Int(exactly: d) {
        hasher.combine(2 as UInt8); hasher.combine(i)
      } else {
        hasher.combine(3 as UInt8); hasher.combine(d)
      }
    case let .string(s): hasher.combine(4 as UInt8); hasher.combine(s)
    case let .array(a): hasher.combine(5 as UInt8); hasher.combine(a)
    case let .object(o): hasher.combine(6 as UInt8); hasher.combine(o)
    }
  }
}

extension JSONValue {
  /// The member `key` of an object, or `nil` (also when `self` is not an object).
  ///
  /// ```swift
  /// (["count": 1] as JSONValue)["count"]  // .int(1)
  /// ```
  public subscript(key: String) -> JSONValue? {
    if case let .object(object) = self { return object[key] }
    return nil
  }

  /// The element at `index` of an array, or `nil` (out of range, or not an array).
  ///
  /// ```swift
  /// ([1, 2] as JSONValue)[1]  // .int(2)
  /// ```
  public subscript(index: Int) -> JSONValue? {
    if case let .array(array) = self, array.indices.contains(index) { return array[index] }
    return nil
  }

  /// The string, when `self` is `.string`.
  ///
  /// ```swift
  /// JSONValue.string("a").stringValue  // "a"
  /// ```
  public var stringValue: String? {
    if case let .string(s) = self { return s }
    return nil
  }

  /// The number as an `Int`, when `self` is an integral number that fits.
  ///
  /// ```swift
  /// JSONValue.double(3).intValue  // 3
  /// ```
  public var intValue: Int? {
    switch self {
    case let .int(i): return i
    case let .double(d): return Int(exactly: d)
    default: return nil
    }
  }

  /// The number as a `Double`, when `self` is a number.
  ///
  /// ```swift
  /// JSONValue.int(3).doubleValue  // 3.0
  /// ```
  public var doubleValue: Double? {
    switch self {
    case let .int(i): return Double(i)
    case let .double(d): return d
    default: return nil
    }
  }

  /// The boolean, when `self` is `.bool`.
  ///
  /// ```swift
  /// JSONValue.bool(true).boolValue  // true
  /// ```
  public var boolValue: Bool? {
    if case let .bool(b) = self { return b }
    return nil
  }

  /// The elements, when `self` is `.array`.
  ///
  /// ```swift
  /// ([1] as JSONValue).arrayValue  // [.int(1)]
  /// ```
  public var arrayValue: [JSONValue]? {
    if case let .array(a) = self { return a }
    return nil
  }

  /// The members, when `self` is `.object`.
  ///
  /// ```swift
  /// (["a": 1] as JSONValue).objectValue?.keys  // ["a"]
  /// ```
  public var objectValue: ValueObject? {
    if case let .object(o) = self { return o }
    return nil
  }

  /// Whether `self` is `.null`.
  ///
  /// ```swift
  /// JSONValue.null.isNull  // true
  /// ```
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// A short name of the JSON type, as used in messages: `"a string"`, `"an object"`, …
  var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .int, .double: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact JSON text.
  ///
  /// ```swift
  /// "\(["a": [1, 2]] as JSONValue)"  // {"a":[1,2]}
  /// ```
  public var description: String { json() }
}

extension JSONValue: ExpressibleByNilLiteral {
  /// `nil` is JSON `null`.
  ///
  /// ```swift
  /// let v: JSONValue = nil  // .null
  /// ```
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// A boolean literal.
  ///
  /// ```swift
  /// let v: JSONValue = true  // .bool(true)
  /// ```
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// An integer literal.
  ///
  /// ```swift
  /// let v: JSONValue = 1  // .int(1)
  /// ```
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// A floating-point literal.
  ///
  /// ```swift
  /// let v: JSONValue = 1.5  // .double(1.5)
  /// ```
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// A string literal.
  ///
  /// ```swift
  /// let v: JSONValue = "incrementButtonTapped"  // .string("incrementButtonTapped")
  /// ```
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// An array literal.
  ///
  /// ```swift
  /// let v: JSONValue = [1, "two", nil]
  /// ```
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// An object literal; keys keep the literal's order.
  ///
  /// ```swift
  /// let v: JSONValue = ["count": 0, "isLoading": false]
  /// ```
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(ValueObject(elements))
  }
}
