// `AnyCasePath`: the smallest equivalent of TCA's case key paths (a macro there) — a pair of
// functions that embed a child value into an enum case and extract it back. Built from the
// case's constructor alone (`AnyCasePath(Action.todos)`), extraction compares the case name
// reported by reflection, so no per-case boilerplate is needed.

/// Embeds a value into an enum case and extracts it back.
///
/// ```swift
/// let todos = AnyCasePath(AppFeature.Action.todos)
/// todos.embed(.addButtonTapped)            // .todos(.addButtonTapped)
/// todos.extract(from: .todos(.addButtonTapped))  // .addButtonTapped
/// ```
public struct AnyCasePath<Root, Value>: @unchecked Sendable {
  private let embedValue: (Value) -> Root
  private let extractValue: (Root) -> Value?

  /// A case path from explicit embed and extract functions.
  public init(embed: @escaping (Value) -> Root, extract: @escaping (Root) -> Value?) {
    self.embedValue = embed
    self.extractValue = extract
  }

  /// A case path from a case constructor (`Action.todos`), extracting by reflection.
  public init(_ embed: @escaping (Value) -> Root) {
    self.embedValue = embed
    self.extractValue = { root in
      guard let (label, payload) = CaseReflection.case(of: root) else { return nil }
      guard let value = CaseReflection.cast(payload, to: Value.self) else { return nil }
      return CaseReflection.case(of: embed(value))?.label == label ? value : nil
    }
  }

  /// Puts `value` into the case.
  public func embed(_ value: Value) -> Root { embedValue(value) }

  /// The case's payload if `root` is that case.
  public func extract(from root: Root) -> Value? { extractValue(root) }
}

/// Case name and payload of an enum value, through `Mirror`.
enum CaseReflection {
  static func `case`(of value: Any) -> (label: String, payload: Any)? {
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
