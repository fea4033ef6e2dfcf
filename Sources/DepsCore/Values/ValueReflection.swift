// `JSONValue(reflecting:)`: any Swift value → `JSONValue` through `Mirror`, for values that are not
// Encodable (the TestStore's state and action diffs). Shapes match the Codable convention of
// docs/values.md: structs/classes → objects in declaration order, enums → the action convention,
// nil optionals absent from objects (null elsewhere), Date → seconds since 1970, UUID →
// uppercase string. Class cycles and nesting beyond 64 levels print as "<cycle>" / "<…>".
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
  /// The value's shape as seen by `Mirror`, in the convention of docs/values.md.
  ///
  /// ```swift
  /// struct State { var count = 0; var fact: String? }
  /// JSONValue(reflecting: State())                          // {"count":0}
  /// JSONValue(reflecting: Action.numberFactResponse(.success("hi")))
  /// // {"numberFactResponse":{"success":"hi"}}
  /// ```
  public init(reflecting value: Any) {
    var reflector = ValueReflector()
    self = reflector.reflect(value, depth: 0)
  }
}

/// Walks a value with `Mirror`.
struct ValueReflector {
  static let maxDepth = 64
  private var visiting: Set<ObjectIdentifier> = []

  mutating func reflect(_ subject: Any, depth: Int) -> JSONValue {
    if let leaf = Self.leaf(subject) { return leaf }
    guard depth < Self.maxDepth else { return .string("<…>") }
    let mirror = Mirror(reflecting: subject)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return .null }
      return reflect(wrapped.value, depth: depth)
    case .collection, .set:
      return .array(mirror.children.map { reflect($0.value, depth: depth + 1) })
    case .dictionary:
      var object = ValueObject()
      for pair in mirror.children {
        let parts = Array(Mirror(reflecting: pair.value).children)
        guard parts.count == 2 else { continue }
        let key = parts[0].value as? String ?? String(describing: parts[0].value)
        object[key] = reflect(parts[1].value, depth: depth + 1)
      }
      return .object(object)
    case .enum:
      return reflectEnum(subject, mirror, depth: depth)
    case .tuple:
      return reflectTuple(mirror, depth: depth)
    case .class:
      let identity = ObjectIdentifier(subject as AnyObject)
      guard visiting.insert(identity).inserted else { return .string("<cycle>") }
      defer { visiting.remove(identity) }
      return .object(members(of: mirror, depth: depth))
    default:
      if mirror.children.isEmpty, mirror.displayStyle == nil {
        return .string(String(describing: subject))
      }
      return .object(members(of: mirror, depth: depth))
    }
  }

  /// Stored properties (superclass first), nil optionals left out.
  private mutating func members(of mirror: Mirror, depth: Int) -> ValueObject {
    var object = mirror.superclassMirror.map { members(of: $0, depth: depth) } ?? ValueObject()
    for child in mirror.children {
      guard let label = child.label, !Self.isNil(child.value) else { continue }
      object[label] = reflect(child.value, depth: depth + 1)
    }
    return object
  }

  private mutating func reflectEnum(_ subject: Any, _ mirror: Mirror, depth: Int) -> JSONValue {
    guard let payload = mirror.children.first, let name = payload.label else {
      if let raw = subject as? any RawRepresentable {
        return reflect(raw.rawValue, depth: depth + 1)
      }
      return .string(String(describing: subject))
    }
    let payloadMirror = Mirror(reflecting: payload.value)
    let value: JSONValue
    if payloadMirror.displayStyle == .tuple {
      value = reflectTuple(payloadMirror, depth: depth + 1)
    } else {
      value = reflect(payload.value, depth: depth + 1)
    }
    return .object(ValueObject([(name, value)]))
  }

  /// Unlabeled tuples → arrays; labeled ones → objects (unlabeled members keyed `_N`).
  private mutating func reflectTuple(_ mirror: Mirror, depth: Int) -> JSONValue {
    let children = Array(mirror.children)
    let unlabeled = children.allSatisfy { $0.label?.hasPrefix(".") ?? true }
    if unlabeled { return .array(children.map { reflect($0.value, depth: depth + 1) }) }
    var object = ValueObject()
    for (position, child) in children.enumerated() where !Self.isNil(child.value) {
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "_\(position)"
      object[label] = reflect(child.value, depth: depth + 1)
    }
    return .object(object)
  }

  private static func isNil(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
  }

  /// Values that are leaves of the JSON tree.
  private static func leaf(_ subject: Any) -> JSONValue? {
    switch subject {
    case let value as JSONValue: return value
    case let object as ValueObject: return .object(object)
    case let string as String: return .string(string)
    case let flag as Bool: return .bool(flag)
    case let integer as Int: return .int(integer)
    case let double as Double: return .double(double)
    case let float as Float: return ValueEncodingNode.number(float)
    case let integer as any BinaryInteger: return ValueEncodingNode.number(integer)
    case let substring as Substring: return .string(String(substring))
    case let character as Character: return .string(String(character))
    case let date as Date: return .double(date.timeIntervalSince1970)
    case let uuid as UUID: return .string(uuid.uuidString)
    case let url as URL: return .string(url.absoluteString)
    default: return nil
    }
  }
}
