// `JSONValue: Codable`: a `JSONValue` can sit inside any Codable type (e.g. a dependency storing
// arbitrary JSON) and travel through any coder. `ValueEncoder`/`ValueDecoder` pass it through
// unchanged; other coders see plain JSON shapes.

extension JSONValue: Codable {
  /// Decodes whatever JSON-shaped value the decoder holds.
  ///
  /// ```swift
  /// let any = try JSONDecoder().decode(JSONValue.self, from: data)
  /// ```
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: ValueCodingKey.self) {
      var object = ValueObject()
      for key in container.allKeys {
        object[key.stringValue] = try container.decode(Value.self, forKey: key)
      }
      self = .object(object)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var array: [Value] = []
      while !container.isAtEnd { array.append(try container.decode(Value.self)) }
      self = .array(array)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let flag = try? single.decode(Bool.self) {
      self = .bool(flag)
    } else if let integer = try? single.decode(Int.self) {
      self = .int(integer)
    } else if let double = try? single.decode(Double.self) {
      self = .double(double)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  /// Encodes the JSON shape as is.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(["a": 1] as JSONValue)
  /// ```
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case let .bool(flag):
      var single = encoder.singleValueContainer()
      try single.encode(flag)
    case let .int(integer):
      var single = encoder.singleValueContainer()
      try single.encode(integer)
    case let .double(double):
      var single = encoder.singleValueContainer()
      try single.encode(double)
    case let .string(text):
      var single = encoder.singleValueContainer()
      try single.encode(text)
    case let .array(array):
      var container = encoder.unkeyedContainer()
      for element in array { try container.encode(element) }
    case let .object(object):
      var container = encoder.container(keyedBy: ValueCodingKey.self)
      for (key, value) in object {
        try container.encode(value, forKey: ValueCodingKey(stringValue: key))
      }
    }
  }
}
