// `AnyCasePath`: a pair of functions that embed a value into an enum case and extract it back,
// as in swift-case-paths. A `@CasePathable` enum's case key paths (`\.todos`) make one
// (`AnyCasePath(\.todos)`); so do explicit functions, and — for enums without the macro — the
// case's constructor alone (`AnyCasePath(Action.todos)`), whose extraction compares the case
// names reported by reflection.
import DepsRuntime

/// Embeds a value into an enum case and extracts it back.
///
/// ```swift
/// let todos = AnyCasePath(\AppFeature.Action.Cases.todos)
/// todos.embed(.addButtonTapped)            // .todos(.addButtonTapped)
/// todos.extract(from: .todos(.addButtonTapped))  // .addButtonTapped
/// ```
@dynamicMemberLookup
public struct AnyCasePath<Root, Value>: @unchecked Sendable {
  private let embedValue: (Value) -> Root
  private let extractValue: (Root) -> Value?

  /// A case path from explicit embed and extract functions.
  public init(embed: @escaping (Value) -> Root, extract: @escaping (Root) -> Value?) {
    self.embedValue = embed
    self.extractValue = extract
  }

  /// A case path from a case constructor (`Action.todos`), or a chain of them
  /// (`{ .destination(.presented(.addContact($0))) }`, the translation of
  /// `\.destination.addContact`), extracting by reflection.
  public init(_ embed: @escaping (Value) -> Root) {
    self.embedValue = embed
    self.extractValue = { root in CaseReflection.extract(Value.self, from: root, embed: embed) }
  }

  /// Puts `value` into the case.
  public func embed(_ value: Value) -> Root { embedValue(value) }

  /// The case's payload if `root` is that case.
  public func extract(from root: Root) -> Value? { extractValue(root) }

  /// What a `@CasePathable` expansion builds each case path with: the case's constructor and
  /// its pattern match.
  public static func _$embed(
    _ embed: @escaping (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?
  ) -> Self {
    Self(embed: embed, extract: extract)
  }

  /// This path followed by `path`.
  public func appending<AppendedValue>(path: AnyCasePath<Value, AppendedValue>)
    -> AnyCasePath<Root, AppendedValue>
  {
    AnyCasePath<Root, AppendedValue>(
      embed: { embed(path.embed($0)) },
      extract: { extract(from: $0).flatMap(path.extract(from:)) })
  }
}

extension AnyCasePath {
  /// Changes the payload of `root` in place when `root` is this case; throws (leaving `root`
  /// as it was) when it is another case, or when `body` throws.
  ///
  /// ```swift
  /// try (/Destination.State.counter).modify(&state.destination) { $0.count = 1 }
  /// ```
  @discardableResult
  public func modify<Result>(_ root: inout Root, _ body: (inout Value) throws -> Result) throws
    -> Result
  {
    guard var value = extract(from: root) else { throw CasePathMismatch() }
    let result = try body(&value)
    root = embed(value)
    return result
  }

  /// `modify(_:_:)` for an optional root (`&state.destination`, a presented enum): throws when
  /// the root is nil or another case.
  @discardableResult
  public func modify<Result>(_ root: inout Root?, _ body: (inout Value) throws -> Result) throws
    -> Result
  {
    guard var whole = root else { throw CasePathMismatch() }
    let result = try modify(&whole, body)
    root = whole
    return result
  }
}

/// What `AnyCasePath.modify` throws when the root is not its case.
struct CasePathMismatch: Error {}

extension AnyCasePath where Root == Value {
  /// The identity path (`\.self`).
  public init() { self.init(embed: { $0 }, extract: { $0 }) }

  /// The identity path.
  public static var `self`: Self { Self() }
}

extension AnyCasePath: CustomDebugStringConvertible {
  /// `AnyCasePath<Root, Value>`.
  public var debugDescription: String {
    "AnyCasePath<\(caseTypeName(Root.self)), \(caseTypeName(Value.self))>"
  }
}

/// A type's name without its module (`Feature.Action`).
func caseTypeName(_ type: Any.Type) -> String {
  let name = String(reflecting: type)
  guard let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") else { return name }
  return String(name[name.index(after: dot)...])
}

/// Case name and payload of an enum value, through `Mirror`.
package enum CaseReflection {
  /// The payload of `root` that `embed` would put back at the same place: the shallowest
  /// payload (following nested enum cases) of type `Value`, when the chain of case names from
  /// the root down to it is the one `embed` builds.
  static func extract<Root, Value>(
    _: Value.Type, from root: Root, embed: (Value) -> Root
  ) -> Value? {
    var labels: [String] = []
    var current: Any = root
    while let (label, payload) = CaseReflection.case(of: current) {
      labels.append(label)
      if let value = cast(payload, to: Value.self) {
        // Down to here the chain `embed` builds comes from its constructors alone: the root
        // either follows it (the value is here) or has left it (no match deeper either).
        return caseLabels(of: embed(value), depth: labels.count) == labels ? value : nil
      }
      current = unwrapSingleTuple(payload)
    }
    return nil
  }

  /// The case names of `value` and its nested payloads, `depth` levels deep.
  static func caseLabels(of value: Any, depth: Int) -> [String] {
    var labels: [String] = []
    var current = value
    while labels.count < depth, let (label, payload) = CaseReflection.case(of: current) {
      labels.append(label)
      current = unwrapSingleTuple(payload)
    }
    return labels
  }

  /// The element of a one-element (labeled) tuple, or the value itself.
  static func unwrapSingleTuple(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .tuple, mirror.children.count == 1, let only = mirror.children.first {
      return only.value
    }
    return value
  }

  package static func `case`(of value: Any) -> (label: String, payload: Any)? {
    // Most values asked about are no enum (a presented feature's struct state): the type's
    // metadata says so without building a Mirror.
    if RuntimeType.isKnownNotEnum(type(of: value)) { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first,
      let label = child.label
    else { return nil }
    return (label, child.value)
  }

  /// `payload` as `Value`; a single-element labeled tuple payload is unwrapped too.
  static func cast<Value>(_ payload: Any, to: Value.Type) -> Value? {
    if let value = payload as? Value { return value }
    let mirror = Mirror(reflecting: payload)
    if mirror.displayStyle == .tuple, mirror.children.count == 1,
      let only = mirror.children.first?.value as? Value
    {
      return only
    }
    return nil
  }
}
