// The case-path spellings swift-case-paths still compiles, deprecated as there: the `/` operator
// over a case constructor (`/Action.child`), `/Root.self`, `~=` on a case path, `..` to append,
// and the old `CasePath` name.

prefix operator /

precedencegroup CasePathCompositionPrecedence {
  associativity: left
}

infix operator .. : CasePathCompositionPrecedence

/// The old name of `AnyCasePath`.
@available(*, deprecated, renamed: "AnyCasePath")
public typealias CasePath<Root, Value> = AnyCasePath<Root, Value>

/// The case path of a case constructor (`/Action.child`).
@available(*, deprecated, message: "Use a 'CasePathable' case key path, instead")
public prefix func / <Root, Value>(embed: @escaping (Value) -> Root) -> AnyCasePath<Root, Value> {
  AnyCasePath(embed)
}

/// The case path of a payload-less case (`/Action.tapped`).
@available(*, deprecated, message: "Use a 'CasePathable' case key path, instead")
public prefix func / <Root>(
  root: @autoclosure @escaping @Sendable () -> Root
) -> AnyCasePath<Root, Void> {
  let label = CaseReflection.case(of: root())?.label ?? "\(root())"
  return AnyCasePath(
    embed: { root() },
    extract: { value in
      let name = CaseReflection.case(of: value)?.label ?? "\(value)"
      return name == label ? () : nil
    })
}

/// The identity case path (`/Root.self`).
@available(*, deprecated, message: "Use the '\\.self' case key path, instead")
public prefix func / <Root>(type: Root.Type) -> AnyCasePath<Root, Root> {
  AnyCasePath()
}

/// A case path itself.
@available(*, deprecated, message: "Use a case key path (like '\\.self' or '\\.some'), instead")
public prefix func / <Root, Value>(path: AnyCasePath<Root, Value>) -> AnyCasePath<Root, Value> {
  path
}

extension AnyCasePath {
  /// Whether `value` is this path's case.
  @available(*, deprecated, message: "Use 'CasePathable.is' with a case key path, instead")
  public static func ~= (pattern: AnyCasePath, value: Root) -> Bool {
    pattern.extract(from: value) != nil
  }

  /// `lhs` followed by `rhs`.
  @available(*, deprecated, message: "Append 'CasePathable' case key paths, instead")
  public static func .. <AppendedValue>(
    lhs: AnyCasePath, rhs: AnyCasePath<Value, AppendedValue>
  ) -> AnyCasePath<Root, AppendedValue> {
    lhs.appending(path: rhs)
  }

  /// `lhs` followed by the case `rhs` constructs.
  @available(*, deprecated, message: "Append 'CasePathable' case key paths, instead")
  public static func .. <AppendedValue>(
    lhs: AnyCasePath, rhs: @escaping (AppendedValue) -> Value
  ) -> AnyCasePath<Root, AppendedValue> {
    lhs.appending(path: AnyCasePath<Value, AppendedValue>(rhs))
  }
}
