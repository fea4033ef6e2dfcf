// Case key paths, as in swift-case-paths: an enum marked `@CasePathable` has one `AnyCasePath`
// per case in its `AllCasePaths`, and `Case<Enum>` looks them up by dynamic member, so
// `\Enum.Cases.child` — written `\.child` wherever the root is known — is a key path from
// `Case<Enum>` to `Case<Child>`: a `CaseKeyPath<Enum, Child>`. Case key paths append like key
// paths (`\.destination.detail.save`), embed by calling them (`\.child(value)`), and match in
// `switch`/`if case` (`case \.child:`).

import IssueReporting

/// An enum whose cases have case paths (what `@CasePathable` adds).
public protocol CasePathable {
  /// The type holding one case path per case.
  associatedtype AllCasePaths
  /// The case paths.
  static var allCasePaths: AllCasePaths { get }
}

/// A `CasePathable` enum whose case paths can be listed.
public protocol CasePathIterable: CasePathable
where AllCasePaths: Sequence, AllCasePaths.Element == PartialCaseKeyPath<Self> {}

/// Case paths that can tell the case key path of a value.
public protocol CasePathReflectable<Root> {
  /// The enum.
  associatedtype Root: CasePathable
  /// The case key path of `root`'s case.
  subscript(root: Root) -> PartialCaseKeyPath<Root> { get }
}

/// The "case" a case key path starts from and leads to: how to embed a `Value` into the root
/// enum and extract it back. Only ever used through key paths (`\Case<Root>.child`).
@dynamicMemberLookup
public struct Case<Value>: @unchecked Sendable {
  private let embedValue: (Value) -> Any
  private let extractValue: (Any) -> Value?
  /// Whether this is the root itself (`init()`), which the first step of a path starts from.
  private let isRoot: Bool
  /// On a case one step from its root enum: that step's `AnyCasePath<Root, Value>`, so a path
  /// made from it embeds and extracts without passing the root through `Any`.
  fileprivate let firstStep: Any?

  /// A case of `Root`.
  public init<Root>(
    embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embedValue = embed
    self.extractValue = { ($0 as? Root).flatMap(extract) }
    self.isRoot = false
    self.firstStep = nil
  }

  /// The root itself (`\.self`).
  public init() {
    self.embedValue = { $0 }
    self.extractValue = { $0 as? Value }
    self.isRoot = true
    self.firstStep = nil
  }

  /// The case at the end of `keyPath`.
  public init<Root>(_ keyPath: CaseKeyPath<Root, Value>) {
    self = Case<Root>()[keyPath: keyPath]
  }

  /// The case of `Value` named by `keyPath` in its case paths, appended to this one.
  public subscript<AppendedValue>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, AppendedValue>>
  ) -> Case<AppendedValue> where Value: CasePathable {
    let path = Value.allCasePaths[keyPath: keyPath]
    let embedValue = self.embedValue
    let extractValue = self.extractValue
    return Case<AppendedValue>(
      embedAny: { embedValue(path.embed($0)) },
      extractAny: { extractValue($0).flatMap(path.extract(from:)) },
      firstStep: isRoot ? path : nil)
  }

  private init(
    embedAny: @escaping (Value) -> Any, extractAny: @escaping (Any) -> Value?, firstStep: Any?
  ) {
    self.embedValue = embedAny
    self.extractValue = extractAny
    self.isRoot = false
    self.firstStep = firstStep
  }

  /// Embeds `value`, as the root enum (type-erased).
  public func _embed(_ value: Value) -> Any { embedValue(value) }

  /// Extracts the value from a root enum (type-erased), if it is this case.
  public func _extract(from root: Any) -> Value? { extractValue(root) }
}

/// Extracts from a type-erased root (a partial case key path's case).
private protocol AnyCaseExtracting {
  func extractAny(from root: Any) -> Any?
  func embedAny(_ value: Any) -> Any?
}

extension Case: AnyCaseExtracting {
  fileprivate func extractAny(from root: Any) -> Any? { _extract(from: root) }
  fileprivate func embedAny(_ value: Any) -> Any? {
    (value as? Value).map { _embed($0) }
  }
}

/// A key path from a case of `Root` to a case of `Value`: `\.child` on a `@CasePathable` enum.
public typealias CaseKeyPath<Root, Value> = KeyPath<Case<Root>, Case<Value>>

/// A case key path of `Root` whose value type is not known statically.
public typealias PartialCaseKeyPath<Root> = PartialKeyPath<Case<Root>>

extension KeyPath {
  /// Embeds `value` in the case: `(\Action.Cases.child)(.tapped)` is `Action.child(.tapped)`.
  public func callAsFunction<Enum, AssociatedValue>(_ value: AssociatedValue) -> Enum
  where Root == Case<Enum>, Value == Case<AssociatedValue> {
    embedCase(self, value)
  }

  /// The payload-less case itself: `(\Action.Cases.tapped)()` is `Action.tapped`.
  public func callAsFunction<Enum>() -> Enum
  where Root == Case<Enum>, Value == Case<Void> {
    embedCase(self, ())
  }

  /// Whether `value` is this key path's case (`case \.child: …`).
  public static func ~= <Enum: CasePathable, AssociatedValue>(lhs: KeyPath, rhs: Enum) -> Bool
  where Root == Case<Enum>, Value == Case<AssociatedValue> {
    rhs[case: lhs] != nil
  }
}

/// `value` embedded by the case at the end of `keyPath`. The case's embed builds a `Root`
/// whatever the path (every `Case` made from `Root`'s case paths does).
func embedCase<Root, Value>(_ keyPath: CaseKeyPath<Root, Value>, _ value: Value) -> Root {
  guard let root = Case(keyPath)._embed(value) as? Root else {
    preconditionFailure("a case key path of \(Root.self) embedded another type")
  }
  return root
}

extension CasePathable {
  /// The cases of this enum, the root of its case key paths (`\Action.Cases.child`).
  public typealias Cases = Case<Self>

  /// The payload of `keyPath`'s case, or nil when this value is another case.
  ///
  /// ```swift
  /// action[case: \.child]  // ChildAction?
  /// ```
  public subscript<Value>(case keyPath: CaseKeyPath<Self, Value>) -> Value? {
    Case(keyPath)._extract(from: self)
  }

  /// The payload of `keyPath`'s case as `Any`, or nil when this value is another case.
  @_disfavoredOverload
  public subscript(case keyPath: PartialCaseKeyPath<Self>) -> Any? {
    (Case<Self>()[keyPath: keyPath] as? any AnyCaseExtracting)?.extractAny(from: self)
  }

  /// Replaces the payload of `keyPath`'s case when this value is that case (else nothing).
  @_disfavoredOverload
  public subscript<Value>(case keyPath: CaseKeyPath<Self, Value>) -> Value {
    @available(*, unavailable)
    get { fatalError("unavailable") }
    set {
      let path = Case(keyPath)
      guard path._extract(from: self) != nil, let root = path._embed(newValue) as? Self else {
        return
      }
      self = root
    }
  }

  /// The payload of a case, by its name: `action.child` is `ChildAction?`. Writable so that
  /// optional chaining changes a payload in place (`state.destination?.detail?.count = 1`);
  /// assigning to it changes nothing when the value is another case, or when given nil.
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Self.AllCasePaths, AnyCasePath<Self, Value>>
  ) -> Value? {
    get { Self.allCasePaths[keyPath: keyPath].extract(from: self) }
    set {
      let path = Self.allCasePaths[keyPath: keyPath]
      guard path.extract(from: self) != nil, let newValue else { return }
      self = path.embed(newValue)
    }
  }

  /// A case's payload, changed in place when this value is that case: `state.child.count += 1`.
  @_disfavoredOverload
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Self.AllCasePaths, AnyCasePath<Self, Value>>
  ) -> Value {
    @available(*, unavailable)
    get { fatalError("unavailable") }
    set {
      let path = Self.allCasePaths[keyPath: keyPath]
      guard path.extract(from: self) != nil else { return }
      self = path.embed(newValue)
    }
  }

  /// Whether this value is `keyPath`'s case.
  ///
  /// ```swift
  /// action.is(\.child)
  /// ```
  public func `is`(_ keyPath: PartialCaseKeyPath<Self>) -> Bool {
    self[case: keyPath] != nil
  }

  /// Changes the payload of `keyPath`'s case in place; reports an issue when this value is
  /// another case.
  ///
  /// ```swift
  /// $0.destination?.modify(\.edit) { $0.title = "New" }
  /// ```
  public mutating func modify<Value>(
    _ keyPath: CaseKeyPath<Self, Value>,
    yield: (inout Value) -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let path = Case(keyPath)
    guard var value = path._extract(from: self) else {
      reportIssue(
        """
        Can't modify '\(String(describing: self))' via 'CaseKeyPath<\(Self.self), \(Value.self)>' \
        (aka '\(String(reflecting: keyPath))')
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    yield(&value)
    if let root = path._embed(value) as? Self { self = root }
  }
}

extension CasePathable where AllCasePaths: CasePathReflectable<Self> {
  /// The case key path of this value's case.
  public var `case`: PartialCaseKeyPath<Self> { Self.allCasePaths[self] }
}

extension AnyCasePath {
  /// The case path at the end of `keyPath`.
  ///
  /// ```swift
  /// AnyCasePath(\Action.Cases.child)
  /// ```
  public init(_ keyPath: CaseKeyPath<Root, Value>) {
    let path = Case(keyPath)
    if let firstStep = path.firstStep as? AnyCasePath<Root, Value> {
      self = firstStep
      return
    }
    self.init(
      embed: { value in
        guard let root = path._embed(value) as? Root else {
          preconditionFailure("a case key path of \(Root.self) embedded another type")
        }
        return root
      },
      extract: { path._extract(from: $0) })
  }
}

extension AnyCasePath where Value: CasePathable {
  /// This path followed by a case of `Value`, by name.
  public subscript<AppendedValue>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, AppendedValue>>
  ) -> AnyCasePath<Root, AppendedValue> {
    appending(path: Value.allCasePaths[keyPath: keyPath])
  }
}
