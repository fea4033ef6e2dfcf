// Stack navigation without SwiftUI: `StackState` (elements with generational ids),
// `StackAction` (element / popFrom / push), and `forEach` over a stack, which runs the element's
// reducer, pops and pushes, cancels the effects of popped elements and lets an element dismiss
// itself with `\.dismiss`.
import Synchronization

/// Identifies an element of a `StackState`: a generation number, counting up from 0 in each
/// test store (and each store) as elements are added.
///
/// ```swift
/// await store.send(.path(.element(id: 0, action: .saveButtonTapped)))
/// ```
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The generation: 0 for the first element added, then 1, 2, …
  public var generation: Int

  /// The id with `generation`.
  public init(generation: Int) { self.generation = generation }

  /// The id with generation `value` (`0`, `1`, … in tests).
  public init(integerLiteral value: Int) { self.init(generation: value) }

  /// `#0`, `#1`, …
  public var description: String { "#\(generation)" }

  /// Orders by generation.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.generation < rhs.generation }
}

extension DependencyValues {
  /// Makes the ids of new stack elements (generational, starting at 0 per store).
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}

/// Makes stack element ids: 0, 1, 2, … (the type of `\.stackElementID`).
///
/// ```swift
/// let ids = StackElementIDGenerator.incrementing
/// ids.next()  // #0
/// ```
public final class StackElementIDGenerator: Sendable {
  private let counter = Mutex(0)

  /// A generator starting at 0.
  public static var incrementing: StackElementIDGenerator { StackElementIDGenerator() }

  init() {}

  /// The next id.
  public func next() -> StackElementID {
    StackElementID(
      generation: counter.withLock { value in
        defer { value += 1 }
        return value
      })
  }

  /// The id `next()` would return, without taking it.
  public func peek() -> StackElementID { StackElementID(generation: counter.withLock { $0 }) }

  /// Runs `body` taking ids from `id` on (from where they are when `id` is nil), then puts the
  /// counter back: what a test store's assertion closure appends with, so the ids it states are
  /// the ones the reducer took and the reducer's next id is left as the reducer left it.
  func replaying<R>(from id: StackElementID?, _ body: () throws -> R) rethrows -> R {
    let saved = counter.withLock { value in
      defer { if let id { value = id.generation } }
      return value
    }
    defer { counter.withLock { $0 = saved } }
    return try body()
  }

  /// Makes sure later ids are greater than `id`.
  func skip(past id: StackElementID) {
    counter.withLock { $0 = max($0, id.generation + 1) }
  }
}

private enum StackElementIDGeneratorKey: DependencyKey {
  static var liveValue: StackElementIDGenerator { .incrementing }
  static var testValue: StackElementIDGenerator { .incrementing }
}

/// The elements of a navigation stack, each with a `StackElementID`.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// state.path.append(.detail(Detail.State()))
/// state.path[id: 0]                          // in tests: the first element pushed
/// ```
public struct StackState<Element> {
  private var entries: [(id: StackElementID, element: Element)] = []
  /// The ids as the stack's `forEach` last left them (not part of equality): an element another
  /// reducer removed since is noticed, and its effects cancelled, the next time it runs.
  var mounted: [StackElementID] = []

  /// An empty stack.
  public init() {}

  /// A stack of `elements`, with fresh ids.
  public init(_ elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// The ids, bottom to top.
  public var ids: [StackElementID] { entries.map(\.id) }

  /// The element with `id`. Setting nil removes it; setting a value for an id the stack does
  /// not hold pushes it with that id (how tests state what was pushed: `$0.path[id: 0] = …`).
  public subscript(id id: StackElementID) -> Element? {
    get { entries.first { $0.id == id }?.element }
    set {
      if let index = entries.firstIndex(where: { $0.id == id }) {
        if let newValue { entries[index].element = newValue } else { entries.remove(at: index) }
      } else if let newValue {
        entries.append((id, newValue))
        DependencyValues._current.stackElementID.skip(past: id)
      }
    }
  }

  /// The payload of `path`'s case of the element with `id`. Setting it replaces the payload;
  /// setting nil removes the element; a write while the element is another case (or absent)
  /// changes nothing and reports "Can't modify unrelated case "int"", as TCA does.
  ///
  /// ```swift
  /// state.path[id: 0, case: \.detail]?.title = "Groceries"
  /// ```
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case?
  where Element: CasePathable {
    get { self[id: id].flatMap { $0[case: path] } }
    set { self[id: id, case: AnyCasePath(path)] = newValue }
  }

  /// The case-path form of `subscript(id:case:)` (`stack[id: 0, case: /Element.int]`).
  public subscript<Case>(
    id id: StackElementID, case path: AnyCasePath<Element, Case>,
    fileID fileID: StaticString = #fileID, filePath filePath: StaticString = #filePath,
    line line: UInt = #line, column column: UInt = #column
  ) -> Case? {
    get { self[id: id].flatMap(path.extract) }
    set {
      guard let root = self[id: id], path.extract(from: root) != nil else {
        reportIssue(
          unrelatedCaseMessage(self[id: id]), fileID: fileID, filePath: filePath, line: line,
          column: column)
        return
      }
      self[id: id] = newValue.map(path.embed)
    }
  }

  /// Pushes `element` with a new id.
  public mutating func append(_ element: Element) {
    entries.append((DependencyValues._current.stackElementID.next(), element))
  }

  /// Pops the element with `id` and every element above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
    entries.removeSubrange(index...)
  }

  /// Pops every element above the one with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
    entries.removeSubrange((index + 1)...)
  }

  /// Pops the top element, if any.
  @discardableResult
  public mutating func popLast() -> Element? { entries.popLast()?.element }

  /// Pops the top element (the stack must not be empty).
  @discardableResult
  public mutating func removeLast() -> Element { entries.removeLast().element }

  /// Pops every element.
  public mutating func removeAll() { entries.removeAll() }

  mutating func push(_ element: Element, id: StackElementID) { entries.append((id, element)) }
}

extension StackState: RandomAccessCollection {
  /// The bottom position.
  public var startIndex: Int { entries.startIndex }
  /// The position above the top.
  public var endIndex: Int { entries.endIndex }
  /// The element at `position` (0 is the bottom).
  public subscript(position: Int) -> Element { entries[position].element }
}

extension StackState: RangeReplaceableCollection {
  /// Replaces the elements at `subrange` with `newElements`, each pushed with a new id (the
  /// elements kept keep theirs): `removeLast(2)`, `insert(_:at:)`, `removeFirst()`, … all go
  /// through it.
  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    let generator = DependencyValues._current.stackElementID
    entries.replaceSubrange(subrange, with: newElements.map { (generator.next(), $0) })
  }
}

extension StackElementID: CustomDumpStringConvertible {
  /// `#0`, `#1`, … (how a dump or a diff shows the id).
  public var customDumpDescription: String { description }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the literal's elements, with fresh ids.
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension StackState: Equatable where Element: Equatable {
  /// Equal when ids and elements are equal, in order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.entries.count == rhs.entries.count
      && zip(lhs.entries, rhs.entries).allSatisfy { $0.id == $1.id && $0.element == $1.element }
  }
}

extension StackState: @unchecked Sendable where Element: Sendable {}

extension StackState: CustomDumpReflectable {
  /// Dumps as TCA's: a dictionary from each id to its element, bottom to top
  /// (`[#0: Child.State(), #1: …]`), so a diff shows which id differs.
  public var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: entries.map { ($0.id, $0.element) }, displayStyle: .dictionary)
  }
}

extension StackState: CustomReflectable {
  /// Reflects as the elements, bottom to top.
  public var customMirror: Mirror { Mirror(reflecting: entries.map(\.element)) }
}

/// An action of a navigation stack (TCA's `StackAction`).
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// store.send(.path(.element(id: 0, action: .detail(.saveButtonTapped))))
/// store.send(.path(.popFrom(id: 0)))
/// ```
public enum StackAction<State, Action> {
  /// `action` for the element with `id`.
  indirect case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and every element above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id`.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The stack action of reducer `R`'s elements.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension Reducer {
  /// Runs `destination` on the stack element a `.element(id:action:)` names, before this
  /// reducer; `.popFrom` pops after this reducer ran; `.push` pushes before it; popped
  /// elements have their effects cancelled; an element's effects can call `\.dismiss`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: Action.path) { Path() }
  /// ```
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: @escaping (StackAction<DestinationState, DestinationAction>) -> Action,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _StackReducer(
      base: self, toStackState: toStackState, toStackAction: AnyCasePath(toStackAction),
      destination: destination(),
      location: ReducerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A parent reducer with a navigation stack (see the stack `Reducer.forEach`).
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  let base: Base
  let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  let toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  let destination: Destination
  let location: ReducerLocation

  /// Runs the element reducer and the base in TCA's order; cancels popped elements' effects.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let path = DependencyScope.current.navigationIDPath
    let stackBefore = state[keyPath: toStackState]
    let idsBefore =
      stackBefore.mounted.isEmpty
      ? stackBefore.ids
      : stackBefore.mounted + stackBefore.ids.filter { !stackBefore.mounted.contains($0) }
    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>
    switch toStackAction.extract(from: action) {
    case .element(let id, let destinationAction):
      if state[keyPath: toStackState][id: id] != nil {
        let elementPath = elementPath(id, in: path)
        let casePath = toStackAction
        destinationEffects = destination.reduce(
          into: &state[keyPath: toStackState][id: id]!, action: destinationAction,
          navigationIDPath: elementPath
        )
        .map { casePath.embed(.element(id: id, action: $0)) }
        .bindingDismiss(to: casePath.embed(.popFrom(id: id)))
        .cancellable(id: PresentedEffects(), at: elementPath)
      } else {
        location.report(
          ReducerMessages.missingElement(location: location, action: destinationAction, stack: true)
        )
      }
      baseEffects = base.reduce(into: &state, action: action)
    case .popFrom(let id):
      let canPop = state[keyPath: toStackState].ids.contains(id)
      baseEffects = base.reduce(into: &state, action: action)
      if canPop {
        state[keyPath: toStackState].pop(from: id)
      } else {
        location.report(
          ReducerMessages.popOfMissingElement(
            location: location, id: id, ids: state[keyPath: toStackState].ids))
      }
    case .push(let id, let element):
      if state[keyPath: toStackState].ids.contains(id) {
        location.report(
          ReducerMessages.pushOfExistingElement(
            location: location, id: id, ids: state[keyPath: toStackState].ids))
        baseEffects = base.reduce(into: &state, action: action)
        break
      }
      let generator = DependencyValues._current.stackElementID
      if DependencyValues._current.context == .test {
        let next = generator.peek()
        if id.generation > next.generation {
          location.report(
            ReducerMessages.pushOfUnexpectedID(location: location, received: id, expected: next))
        } else if id.generation == next.generation {
          _ = generator.next()
        }
      } else {
        generator.skip(past: id)
      }
      state[keyPath: toStackState].push(element, id: id)
      baseEffects = base.reduce(into: &state, action: action)
    case .none:
      baseEffects = base.reduce(into: &state, action: action)
    }
    let ids = state[keyPath: toStackState].ids
    let idsAfter = Set(ids)
    let cancels = idsBefore.filter { !idsAfter.contains($0) }.map {
      Effect<Base.Action>.cancel(id: PresentedEffects(), at: elementPath($0, in: path))
    }
    if state[keyPath: toStackState].mounted != ids { state[keyPath: toStackState].mounted = ids }
    return .merge([destinationEffects, baseEffects] + cancels)
  }

  /// The navigation path of the element `id` of this stack.
  private func elementPath(_ id: StackElementID, in path: NavigationIDPath) -> NavigationIDPath {
    path.appending(NavigationID(id: id, keyPath: toStackState))
  }
}
