// `IdentifiedArray`: an array of elements with unique ids, read and written by id — the small
// part of swift-identified-collections that TCA features use with `forEach`.

/// An ordered collection of elements with unique ids, addressable by id.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo.State> = [Todo.State(id: 1), Todo.State(id: 2)]
/// todos[id: 1]?.isComplete = true
/// todos.remove(id: 2)
/// ```
public struct IdentifiedArray<ID: Hashable, Element> {
  private var storage: [Element]
  private var positions: [ID: Int]
  /// How an element's id is read.
  public let id: KeyPath<Element, ID> & Sendable

  /// An array of `elements` (which must have unique ids; a later duplicate replaces an earlier
  /// one, keeping its position).
  public init(
    uncheckedUniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID> & Sendable
  ) {
    self.id = id
    self.storage = []
    self.positions = [:]
    for element in elements { updateOrAppend(element) }
  }

  /// The ids, in order.
  public var ids: [ID] { storage.map { $0[keyPath: id] } }

  /// The elements, in order.
  public var elements: [Element] { storage }

  /// The element with `id`; setting nil removes it, setting a value for a new id appends it.
  public subscript(id elementID: ID) -> Element? {
    get { positions[elementID].map { storage[$0] } }
    set {
      if let newValue {
        if let index = positions[elementID] {
          storage[index] = newValue
        } else {
          append(newValue)
        }
      } else {
        remove(id: elementID)
      }
    }
  }

  /// Appends `element` unless one with its id exists; returns whether it was appended and its
  /// index.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let elementID = element[keyPath: id]
    if let index = positions[elementID] { return (false, index) }
    storage.append(element)
    positions[elementID] = storage.count - 1
    return (true, storage.count - 1)
  }

  /// Replaces the element with the same id, or appends `element`; returns the replaced one.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let elementID = element[keyPath: id]
    if let index = positions[elementID] {
      let old = storage[index]
      storage[index] = element
      return old
    }
    append(element)
    return nil
  }

  /// Inserts `element` at `index` unless one with its id exists.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let elementID = element[keyPath: id]
    if let existing = positions[elementID] { return (false, existing) }
    storage.insert(element, at: index)
    reindex(from: index)
    return (true, index)
  }

  /// Removes and returns the element with `id` (nil when there is none).
  @discardableResult
  public mutating func remove(id elementID: ID) -> Element? {
    guard let index = positions[elementID] else { return nil }
    return remove(at: index)
  }

  /// Removes and returns the element at `index`.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = storage.remove(at: index)
    positions[element[keyPath: id]] = nil
    reindex(from: index)
    return element
  }

  /// Removes the elements for which `shouldBeRemoved` is true.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    try storage.removeAll(where: shouldBeRemoved)
    reindex(from: 0)
  }

  /// Removes every element.
  public mutating func removeAll() {
    storage.removeAll()
    positions.removeAll()
  }

  /// Removes the elements at `offsets`.
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    for index in Set(offsets).sorted(by: >) where storage.indices.contains(index) {
      storage.remove(at: index)
    }
    reindex(from: 0)
  }

  private mutating func reindex(from start: Int) {
    if start == 0 { positions.removeAll(keepingCapacity: true) }
    for index in start..<storage.count { positions[storage[index][keyPath: id]] = index }
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// An array of identifiable elements (ids must be unique).
  ///
  /// ```swift
  /// IdentifiedArray(uniqueElements: [Todo.State(id: 1)])
  /// ```
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uncheckedUniqueElements: elements, id: \Element.id)
  }

  /// An empty array.
  public init() {
    self.init(uncheckedUniqueElements: [], id: \Element.id)
  }
}

/// An identified array of `Identifiable` elements.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// An array from a literal (ids must be unique).
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: RandomAccessCollection {
  /// The first position.
  public var startIndex: Int { storage.startIndex }
  /// The position after the last element.
  public var endIndex: Int { storage.endIndex }
  /// The element at `position` (read-only: change elements through `[id:]`).
  public subscript(position: Int) -> Element { storage[position] }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Equal when the elements are equal, in order.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension IdentifiedArray: @unchecked Sendable where Element: Sendable, ID: Sendable {}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { storage.description }
}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as the array of elements (so dumps and diffs show the elements).
  public var customMirror: Mirror { Mirror(reflecting: storage) }
}
