// `ValueDecoder`: `JSONValue` → `Decodable` directly (no JSON text in between). Accepts the action
// convention of docs/values.md for any enum with synthesized Codable (see EnumCoding.swift), `Date`
// from seconds since 1970, `UUID` from its string. Every failure is a `ValueError` naming the
// path and what was expected, e.g. `expected an integer at numberFactResponse.success, got "abc"`.
// The `Decoder` a value's `init(from:)` is handed is ValueDecodingNode.swift's, its containers
// ValueDecodingContainers.swift's; the cache of payload-free cases is here.

import DepsRuntime
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Decodes any `Decodable` type from a `JSONValue`, in the convention of docs/values.md.
///
/// ```swift
/// enum CounterAction: Codable { case incrementButtonTapped, setCount(Int) }
/// let action = try ValueDecoder().decode(CounterAction.self, from: "incrementButtonTapped")
/// ```
public struct ValueDecoder: Sendable {
  /// A decoder.
  ///
  /// ```swift
  /// let decoder = ValueDecoder()
  /// ```
  public init() {}

  /// Decodes a `T` from `value`.
  ///
  /// ```swift
  /// try ValueDecoder().decode(Int.self, from: .double(3))  // 3
  /// ```
  /// - Throws: `.shape` (`expected a string at todos[0].title, got 1`,
  ///   `missing key "title" at setTitle`) or `.notFound` (`unknown case "x"; did you mean …?`).
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(ValueError) -> T {
    do {
      if case .string(let name) = value, RuntimeType.isEnum(decodable: T.self) {
        return try ValueDecodingNode.decodeBareCase(
          T.self, name: name, value: value, parent: nil, component: nil)
      }
      if case .object(let object) = value, object.count == 1, let only = object.entries.first,
        RuntimeType.isEnum(T.self), let plan = EnumPlanCache.shared.plan(T.self, only.key)
      {
        return try ValueDecodingNode.decode(T.self, by: plan, payload: only.value) {
          try ValueDecodingNode(value: value, parent: nil, component: nil, isEnum: false)
            .unbox(T.self, from: value, component: nil)
        }
      }
      return try ValueDecodingNode(value: value, parent: nil, component: nil, isEnum: false)
        .unbox(T.self, from: value, component: nil)
    } catch let error as ValueError {
      throw error
    } catch let error as DecodingError {
      throw Self.translate(error, root: value)
    } catch {
      throw ValueError(kind: .shape, message: "cannot decode: \(error)")
    }
  }

  /// Decodes a `T` from the JSON text `json`: the same value or error as
  /// `decode(_:from: JSONValue(json: json))`. An action this decoder decoded before (a bare
  /// case, or `{"case": payload}` whose payload is a string, number, boolean or another such
  /// case) is read straight from the text, without building a `JSONValue`.
  ///
  /// ```swift
  /// try ValueDecoder().decode(CounterAction.self, fromJSON: #""incrementButtonTapped""#)
  /// ```
  /// - Throws: a `.malformed`/`.limit` error for text that is not JSON, else what
  ///   `decode(_:from:)` throws.
  public func decode<T: Decodable>(_ type: T.Type, fromJSON json: String) throws(ValueError)
    -> T
  {
    if Self.fitsScratch(T.self) {
      var scratch = Self.emptyScratch
      let filled = json.utf8.withContiguousStorageIfAvailable { utf8 in
        JSONActionText.fill(T.self, UnsafeRawBufferPointer(utf8), into: &scratch)
      }
      if case .some(.some) = filled { return Self.move(T.self, from: &scratch) }
    }
    return try decode(T.self, from: JSONValue(json: json))
  }

  /// Decodes a `T` from JSON text given as UTF-8 bytes (invalid UTF-8 is a `.malformed`
  /// error), as `decode(_:fromJSON:)` does.
  ///
  /// ```swift
  /// let bytes = Array(#"{"setCount":3}"#.utf8)
  /// let action = try bytes.withUnsafeBytes {
  ///   try ValueDecoder().decode(CounterAction.self, fromJSONBytes: $0)
  /// }
  /// ```
  /// - Throws: a `.malformed`/`.limit` error for text that is not JSON, else what
  ///   `decode(_:from:)` throws.
  public func decode<T: Decodable>(_ type: T.Type, fromJSONBytes utf8: UnsafeRawBufferPointer)
    throws(ValueError) -> T
  {
    if Self.fitsScratch(T.self) {
      var scratch = Self.emptyScratch
      if JSONActionText.fill(T.self, utf8, into: &scratch) != nil {
        return Self.move(T.self, from: &scratch)
      }
    }
    return try decode(T.self, from: JSONValue(jsonBytes: utf8))
  }

  /// Stack room for a value decoded from text (`JSONActionText.fill`).
  typealias Scratch = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

  static var emptyScratch: Scratch { (0, 0, 0, 0, 0, 0, 0, 0) }

  /// Whether a `T` fits in `Scratch`.
  @inline(__always)
  static func fitsScratch<T>(_ type: T.Type) -> Bool {
    MemoryLayout<T>.size <= MemoryLayout<Scratch>.size
      && MemoryLayout<T>.alignment <= MemoryLayout<Scratch>.alignment
  }

  /// The `T` initialized at `scratch`, moved out.
  @inline(__always)
  static func move<T>(_ type: T.Type, from scratch: UnsafeMutableRawPointer) -> T {
    scratch.assumingMemoryBound(to: T.self).move()
  }

  /// A `DecodingError` thrown by a type's own `init(from:)` as a `ValueError`.
  static func translate(_ error: DecodingError, root: JSONValue) -> ValueError {
    switch error {
    case let .typeMismatch(type, context):
      let path = ValuePath.render(context.codingPath)
      let found = navigate(root, context.codingPath) ?? .null
      if context.debugDescription.hasPrefix("Invalid number of keys found") {
        return .mismatch(expected: "exactly one case", path: path, got: found)
      }
      return .mismatch(expected: "\(type)", path: path, got: found)
    case let .valueNotFound(type, context):
      return .mismatch(
        expected: "\(type)", path: ValuePath.render(context.codingPath), got: .null)
    case let .keyNotFound(key, context):
      return ValueError(
        kind: .shape,
        message: "missing key \(JSONValue.string(key.stringValue).json())"
          + ValueError.at(ValuePath.render(context.codingPath)))
    case let .dataCorrupted(context):
      let path = ValuePath.render(context.codingPath)
      return ValueError(
        kind: .shape, message: "invalid value\(ValueError.at(path)): \(context.debugDescription)")
    @unknown default:
      return ValueError(kind: .shape, message: "cannot decode: \(error)")
    }
  }

  /// The value at `path` (as built by this decoder's `codingPath`), if any.
  private static func navigate(_ root: JSONValue, _ path: [any CodingKey]) -> JSONValue? {
    var current = root
    for key in path {
      if let index = key.intValue, case let .array(array) = current,
        array.indices.contains(index)
      {
        current = array[index]
      } else if let next = current[key.stringValue] {
        current = next
      } else {
        return nil
      }
    }
    return current
  }
}

/// Payload-free enum cases decoded from their bare name (`"incrementButtonTapped"`), per type.
/// The synthesized decoding of one builds two containers and probes the payload key type, with
/// a generic-metadata lookup at every step (~12,000 instructions); the case is the same value
/// every time, so after the first decoding it comes from here. Only values that are cases
/// without a payload are kept (checked once, by reflection), and only successful decodings.
final class BareCaseCache: @unchecked Sendable {
  static let shared = BareCaseCache()

  private struct Key: Hashable {
    let type: ObjectIdentifier
    let name: String
  }

  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var values: [Key: Any] = [:]

  typealias Bits = BitwiseIdentity.Bits

  /// The cached cases of plain (POD: no references anywhere in them) enums, as their bits:
  /// loading them back makes the value without a dynamic cast or an `Optional<T>` (whose
  /// metadata an unspecialized lookup would fetch from the runtime). Read without the lock
  /// and searched linearly: few features, few cases, and comparing a type and a short name
  /// is cheaper than hashing the name.
  private let plain = CaseNameTable<Bits>(capacity: 256)

  /// Whether cases of `T` may be kept as bits: a POD enum of at most 32 bytes.
  @inline(__always)
  private static func isPlain<T>(_ type: T.Type) -> Bool {
    BitwiseIdentity.isPlain(T.self) && RuntimeType.isEnum(T.self)
  }

  /// The bits of the cached case of the plain enum `T` named `name`, if any.
  @inline(__always)
  func plainBits<T>(_ type: T.Type, _ name: String) -> Bits? {
    guard Self.isPlain(T.self) else { return nil }
    return plain.value(T.self, name)
  }

  /// The bits of the cached case of the plain enum `T` whose name is the UTF-8 `name`.
  @inline(__always)
  func plainBits<T>(_ type: T.Type, utf8 name: UnsafeRawBufferPointer) -> Bits? {
    guard Self.isPlain(T.self) else { return nil }
    return plain.value(T.self, name)
  }

  private init() { pthread_mutex_init(mutex, nil) }

  /// The cached case of `type` named `name`, if any.
  @inline(__always)
  func value<T>(_ type: T.Type, _ name: String) -> T? {
    guard RuntimeType.isEnum(T.self) else { return nil }
    pthread_mutex_lock(mutex)
    let cached = values[Key(type: ObjectIdentifier(T.self), name: name)]
    pthread_mutex_unlock(mutex)
    guard let cached else { return nil }
    return cached as? T
  }

  /// Keeps `value`, decoded from the bare name `name`, when it is a case without a payload.
  func remember<T>(_ value: T, _ name: String) {
    guard RuntimeType.isEnum(T.self), Mirror(reflecting: value).children.isEmpty else { return }
    pthread_mutex_lock(mutex)
    if Self.isPlain(T.self) {
      if plain.value(T.self, name) == nil {
        plain.append(T.self, name, BitwiseIdentity.bits(of: value))
      }
    } else if values.count < 4096 {
      values[Key(type: ObjectIdentifier(T.self), name: name)] = value
    }
    pthread_mutex_unlock(mutex)
  }
}
