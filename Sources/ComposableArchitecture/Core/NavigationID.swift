// Where a child feature sits among its parents' navigation, as TCA tracks it: the path of
// navigation ids from the store's root down to the feature whose reducer is running (the
// `navigationIDPath` dependency). A navigation operator (`ifLet`, the presentation `ifLet`,
// `ifCaseLet`, `forEach`) runs its child with its own id appended, so every cancellation id the
// child uses is scoped to it: the child's `.cancellable(id:)` effects are registered under its
// path and every prefix of it, so the parent (a prefix) can cancel them, while the child's
// `.cancel(id:)` reaches only its own path and what is below it — never a sibling's or its
// parent's effects. A child's identity is the key path it lives at, its enum case, and its
// `Identifiable` id (of the state or of the case's payload), so presenting another child (or
// another case, or another element) is a new path.
import CasePaths
import Dependencies
import DepsRuntime
import Synchronization

/// The navigation ids from a store's root down to the running feature.
struct NavigationIDPath: Hashable, Sendable {
  private(set) var path: [NavigationID] = []

  /// This path and every shorter prefix of it, down to the root's empty path.
  var prefixes: [NavigationIDPath] {
    (0...path.count).map { NavigationIDPath(path: Array(path.prefix($0))) }
  }

  /// This path with `element` at its end.
  func appending(_ element: NavigationID) -> Self {
    var copy = self
    copy.path.append(element)
    return copy
  }

  /// Whether this path is `prefix` with `element` at its end (`prefix.appending(element) ==
  /// self`, without making that path).
  func isPath(_ prefix: NavigationIDPath, followedBy element: NavigationID) -> Bool {
    // (Compared in place: a copy of an id copies its `AnyHashable`, which costs more.)
    guard path.count == prefix.path.count + 1, path[prefix.path.count] == element else {
      return false
    }
    for index in prefix.path.indices where path[index] != prefix.path[index] { return false }
    return true
  }

  /// Whether this is the root's path.
  var isEmpty: Bool { path.isEmpty }
}

/// One step of a navigation path: where a child's state lives and which child it is.
struct NavigationID: Hashable, @unchecked Sendable {
  /// Where the parent keeps the child: a key path, or (an enum state's case) the pair of types.
  enum Place: Hashable {
    case keyPath(AnyKeyPath)
    case types(ObjectIdentifier, ObjectIdentifier)
  }

  private let place: Place
  private let identifier: AnyHashable?
  private let tag: String?

  /// The child `base` presented (or held optionally) at `keyPath`.
  init<Root, Value>(base: Value, keyPath: KeyPath<Root, Value?>) {
    self.init(base: base, place: .keyPath(keyPath))
  }

  /// The child `base` held at `place`.
  init<Value>(base: Value, place: Place) {
    self.place = place
    let facts = NavigationTypeFacts.of(type(of: base))
    // (Branches rather than optionals combined: each optional copy of an `AnyHashable` or of a
    // case's payload is a value-witness call, and this runs twice per presented action.)
    if facts.mayBeEnum, let payload = CaseReflection.case(of: base) {
      tag = payload.label
      if facts.isIdentifiable, let id = identity(of: base) {
        identifier = id
      } else {
        identifier = identity(of: payload.payload)
      }
    } else {
      tag = nil
      identifier = facts.isIdentifiable ? identity(of: base) : nil
    }
  }

  /// The element with `id` of an identified collection or a stack at `keyPath`.
  init<Root, Collection>(id: some Hashable & Sendable, keyPath: KeyPath<Root, Collection>) {
    place = .keyPath(keyPath)
    tag = nil
    identifier = AnyHashable(id)
  }

  /// The case of `root` that `value` is (an enum state's child).
  init<Root, Value>(root: Root, value: Value, casePath: AnyCasePath<Root, Value>) {
    place = .types(ObjectIdentifier(Root.self), ObjectIdentifier(Value.self))
    tag = CaseReflection.case(of: root)?.label
    identifier = identity(of: root) ?? identity(of: value)
  }
}

/// Facts about types, each found once per type and kept: what the navigation operators ask of a
/// state's type on every action (is it `Identifiable`, can it be an enum, is it ephemeral) never
/// changes, and a dynamic cast costs more than this lookup.
final class TypeFactCache<Fact: Sendable>: Sendable {
  private let known = Mutex<[ObjectIdentifier: Fact]>([:])
  private let find: @Sendable (Any.Type) -> Fact

  /// A cache whose facts `find` works out.
  init(_ find: @escaping @Sendable (Any.Type) -> Fact) { self.find = find }

  /// The fact about `type`.
  subscript(type: Any.Type) -> Fact {
    let key = ObjectIdentifier(type)
    if let fact = known.withLock({ $0[key] }) { return fact }
    let fact = find(type)
    known.withLock { $0[key] = fact }
    return fact
  }
}

/// What a navigation id asks of a state's type.
struct NavigationTypeFacts: Sendable {
  let isIdentifiable: Bool
  let mayBeEnum: Bool

  private static let cache = TypeFactCache { type in
    NavigationTypeFacts(
      isIdentifiable: type is any Identifiable.Type, mayBeEnum: !RuntimeType.isKnownNotEnum(type))
  }

  /// The facts of `type`.
  static func of(_ type: Any.Type) -> NavigationTypeFacts { cache[type] }
}

/// The `Identifiable` id of `value`, if it has one.
private func identity(of value: Any) -> AnyHashable? {
  guard NavigationTypeFacts.of(type(of: value)).isIdentifiable,
    let identifiable = value as? any Identifiable
  else { return nil }
  func open<T: Identifiable>(_ value: T) -> AnyHashable { AnyHashable(value.id) }
  return open(identifiable)
}

private enum NavigationIDPathKey: TestDependencyKey {
  static let testValue = NavigationIDPath()
}

extension DependencyValues {
  /// The navigation path of the feature whose reducer runs in these values (the root's when
  /// none was set).
  var navigationIDPath: NavigationIDPath {
    // Only an override counts: the root's empty path is what no override means.
    get {
      storage.lookup(ObjectIdentifier(NavigationIDPathKey.self)).flatMap {
        ($0 as? ValueBox<NavigationIDPath>)?.value
      } ?? NavigationIDPath()
    }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}

extension Reducer {
  /// Runs this reducer as the child at `path` (its effects' cancellation ids are scoped there).
  func reduce(
    into state: inout State, action: Action, navigationIDPath path: NavigationIDPath
  ) -> Effect<Action> {
    var values = DependencyScope.current
    values.navigationIDPath = path
    switch DependencyScope.enterUnlessCurrent(values) {
    case .alreadyCurrent:
      return reduce(into: &state, action: action)
    case .entered:
      defer { DependencyScope.exit() }
      return reduce(into: &state, action: action)
    case .safePathNeeded:
      return DependencyScope.withValuesSafely(values) { reduce(into: &state, action: action) }
    }
  }
}
