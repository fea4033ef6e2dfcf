// `ValueObject`: a JSON object that keeps its keys in insertion order (so encoded states read
// in declaration order) with fast lookup: a linear scan while small (actions and most states),
// a hash index once it grows. Equality and hashing ignore order, as JSON objects do.

/// An ordered JSON object: keys in insertion order, lookup by key, equality ignoring order.
///
/// ```swift
/// var state: ValueObject = ["count": 0]
/// state["isLoading"] = false   // appended
/// state["count"] = nil         // removed
/// ```
public struct ValueObject: Sendable {
  /// One member: a key and its value.
  struct Entry: Sendable {
    var key: String
    var value: JSONValue
  }

  /// Objects up to this many members are searched linearly; larger ones keep `index`.
  static let indexThreshold = 12

  var entries: [Entry]
  var index: [String: Int]?

  /// An empty object.
  ///
  /// ```swift
  /// ValueObject().isEmpty  // true
  /// ```
  public init() {
    entries = []
    index = nil
  }

  /// The object of one member.
  init(onlyKey key: String, value: JSONValue) {
    entries = [Entry(key: key, value: value)]
    index = nil
  }

  /// An object from key/value pairs, in order; a repeated key keeps its first position and
  /// its last value.
  ///
  /// ```swift
  /// ValueObject([("a", 1), ("b", 2)]).keys  // ["a", "b"]
  /// ```
  public init(_ pairs: [(String, JSONValue)]) {
    self.init()
    entries.reserveCapacity(pairs.count)
    for (key, value) in pairs { self[key] = value }
  }

  /// The keys, in insertion order.
  ///
  /// ```swift
  /// ValueObject([("b", 1), ("a", 2)]).keys  // ["b", "a"]
  /// ```
  public var keys: [String] { entries.map(\.key) }

  /// The values, in key insertion order.
  ///
  /// ```swift
  /// ValueObject([("a", 1)]).values  // [.int(1)]
  /// ```
  public var values: [JSONValue] { entries.map(\.value) }

  /// The number of members.
  ///
  /// ```swift
  /// ValueObject([("a", 1)]).count  // 1
  /// ```
  public var count: Int { entries.count }

  /// Whether the object has no members.
  ///
  /// ```swift
  /// ValueObject().isEmpty  // true
  /// ```
  public var isEmpty: Bool { entries.isEmpty }

  /// The position of `key` in `entries`, if present.
  func position(of key: String) -> Int? {
    if let index { return index[key] }
    for position in entries.indices where entries[position].key == key { return position }
    return nil
  }

  /// The value for `key`; setting `nil` removes the key, setting a new key appends it.
  ///
  /// ```swift
  /// var o = ValueObject()
  /// o["title"] = "Milk"
  /// o["title"]  // .string("Milk")
  /// ```
  public subscript(key: String) -> Value? {
    get {
      guard let position = position(of: key) else { return nil }
      return entries[position].value
    }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else {
        removeValue(forKey: key)
      }
    }
  }

  /// Sets `value` for `key` (appending a new key) and returns the previous value.
  ///
  /// ```swift
  /// var o: ValueObject = ["a": 1]
  /// o.updateValue(2, forKey: "a")  // .int(1)
  /// ```
  @discardableResult
  public mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
    if let position = position(of: key) {
      let old = entries[position].value
      entries[position].value = value
      return old
    }
    appendUnchecked(key, value)
    return nil
  }

  /// Removes `key` and returns its value, keeping the order of the other keys.
  ///
  /// ```swift
  /// var o: ValueObject = ["a": 1, "b": 2]
  /// o.removeValue(forKey: "a")  // .int(1); o.keys == ["b"]
  /// ```
  @discardableResult
  public mutating func removeValue(forKey key: String) -> Value? {
    guard let position = position(of: key) else { return nil }
    let old = entries.remove(at: position).value
    rebuildIndex()
    return old
  }

  /// Appends a member known not to be present yet.
  mutating func appendUnchecked(_ key: String, _ value: Value) {
    entries.append(Entry(key: key, value: value))
    if index != nil {
      index?[key] = entries.count - 1
    } else if entries.count > Self.indexThreshold {
      rebuildIndex()
    }
  }

  private mutating func rebuildIndex() {
    guard entries.count > Self.indexThreshold else {
      index = nil
      return
    }
    var built = [String: Int](minimumCapacity: entries.count)
    for (position, entry) in entries.enumerated() { built[entry.key] = position }
    index = built
  }

  /// The members with keys in ascending order (for stable output).
  var sortedEntries: [Entry] {
    entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
  }
}

extension ValueObject: Equatable {
  /// Same keys with equal values, in any order.
  ///
  /// ```swift
  /// ValueObject([("a", 1), ("b", 2)]) == ValueObject([("b", 2), ("a", 1)])  // true
  /// ```
  public static func == (lhs: ValueObject, rhs: ValueObject) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for entry in lhs.entries {
      guard let other = rhs[entry.key], other == entry.value else { return false }
    }
    return true
  }
}

extension ValueObject: Hashable {
  /// An order-independent hash of the members.
  ///
  /// ```swift
  /// Set([ValueObject([("a", 1)])]).count  // 1
  /// ```
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for entry in entries {
      var member = Hasher()
      member.combine(entry.key)
      member.combine(entry.value)
      combined ^= member.finalize()
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}

extension ValueObject: Sequence {
  /// Iterates the members in insertion order.
  ///
  /// ```swift
  /// for (key, value) in object { print(key, value) }
  /// ```
  public struct Iterator: IteratorProtocol {
    var base: IndexingIterator<[Entry]>

    /// The next member, or `nil` at the end.
    ///
    /// ```swift
    /// var it = object.makeIterator(); it.next()?.key
    /// ```
    public mutating func next() -> (key: String, value: Value)? {
      guard let entry = base.next() else { return nil }
      return (entry.key, entry.value)
    }
  }

  /// An iterator over the members in insertion order.
  ///
  /// ```swift
  /// var it = object.makeIterator()
  /// ```
  public func makeIterator() -> Iterator { Iterator(base: entries.makeIterator()) }

  /// The number of members (lets `Array(object)` reserve once).
  ///
  /// ```swift
  /// object.underestimatedCount == object.count
  /// ```
  public var underestimatedCount: Int { entries.count }
}

extension ValueObject: ExpressibleByDictionaryLiteral {
  /// An object literal; keys keep the literal's order.
  ///
  /// ```swift
  /// let o: ValueObject = ["count": 0]
  /// ```
  public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}

extension ValueObject: CustomStringConvertible {
  /// The compact JSON text.
  ///
  /// ```swift
  /// "\(ValueObject([("a", 1)]))"  // {"a":1}
  /// ```
  public var description: String { Value.object(self).json() }
}
