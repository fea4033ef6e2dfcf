// Converting values of any type to and from `JSONValue` when the type is only known generically:
// `Void` is null, Codable types go through ValueEncoder/ValueDecoder. Endpoint registration
// uses this so one generic `register` covers every closure shape.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum DynamicCoding {
  /// `value` as a `JSONValue` (Void → null).
  static func encode<T>(_ value: T) throws(BridgeError) -> JSONValue {
    if T.self == Void.self { return .null }
    guard let encodable = value as? any Encodable else {
      throw BridgeError(.invalid, "\(T.self) is not Encodable")
    }
    do {
      return try ValueEncoder().encode(encodable)
    } catch {
      throw BridgeError(error)
    }
  }

  /// `value` decoded as `T` (Void accepts anything).
  /// What a front's function (a Lua or C override) returned for the endpoint at `path`, as
  /// `T`; a value of the wrong type is an error naming the endpoint:
  /// `override of numberFact.fetch returned the wrong type: expected a string, got 42`.
  static func decodeResult<T>(_ type: T.Type, of path: String, from value: JSONValue)
    throws(BridgeError) -> T
  {
    do throws(BridgeError) {
      return try decode(type, from: value)
    } catch {
      throw BridgeError(
        error.status, "override of \(path) returned the wrong type: \(error.message)")
    }
  }

  static func decode<T>(_ type: T.Type, from value: JSONValue) throws(BridgeError) -> T {
    if let void = () as? T { return void }
    guard let decodable = T.self as? any Decodable.Type else {
      throw BridgeError(.invalid, "\(T.self) is not Decodable")
    }
    func open<D: Decodable>(_ type: D.Type) throws(ValueError) -> Any {
      try ValueDecoder().decode(type, from: value)
    }
    let decoded: Any
    do {
      decoded = try open(decodable)
    } catch {
      throw BridgeError(error)
    }
    guard let typed = decoded as? T else {
      throw BridgeError(.decode, "expected \(shape(of: T.self)), got \(value.json())")
    }
    return typed
  }

  /// A short name of the JSON shape a type travels as (for catalogues and messages).
  static func shape(of type: Any.Type) -> String {
    switch type {
    case is Void.Type: return "null"
    case is Int.Type, is Int32.Type, is Int64.Type, is UInt.Type: return "integer"
    case is Double.Type, is Float.Type: return "number"
    case is String.Type: return "string"
    case is Bool.Type: return "boolean"
    case is UUID.Type: return "uuid"
    case is Date.Type: return "number (seconds since 1970)"
    case let array as any ArrayShape.Type: return "array of \(array.elementShape)"
    default: return "object"
    }
  }
}

/// An array's JSON shape, named by its element's (`array of integer`).
private protocol ArrayShape {
  static var elementShape: String { get }
}

extension Array: ArrayShape {
  fileprivate static var elementShape: String { DynamicCoding.shape(of: Element.self) }
}
