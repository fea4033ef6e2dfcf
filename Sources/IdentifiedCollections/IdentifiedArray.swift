// `IdentifiedArray`: an array of elements with unique ids, read and written by id or by
// position, as in swift-identified-collections: a position write keeps the element's id, and
// every reordering (sort, move, swap, partition) keeps the id index in step.

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

  /// Removes and returns the first element (the array must not be empty).
  @discardableResult
  public mutating func removeFirst() -> Element { remove(at: storage.startIndex) }

  /// Removes and returns the last element (the array must not be empty).
  @discardableResult
  public mutating func removeLast() -> Element { remove(at: storage.endIndex - 1) }

  /// Removes the first `k` elements.
  public mutating func removeFirst(_ k: Int) { removeSubrange(0..<k) }

  /// Removes the last `k` elements.
  public mutating func removeLast(_ k: Int) { removeSubrange((storage.count - k)..<storage.count) }

  /// Removes the elements in `bounds`.
  public mutating func removeSubrange(_ bounds: Range<Int>) {
    for element in storage[bounds] { positions[element[keyPath: id]] = nil }
    storage.removeSubrange(bounds)
    reindex(from: bounds.lowerBound)
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

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The first position.
  public var startIndex: Int { storage.startIndex }
  /// The position after the last element.
  public var endIndex: Int { storage.endIndex }
  /// The element at `position`. A write must keep the element's id (`todos[0].title = "x"`);
  /// one that changes it stops the program, as in swift-identified-collections.
  public subscript(position: Int) -> Element {
    get { storage[position] }
    set {
      precondition(
        newValue[keyPath: id] == storage[position][keyPath: id],
        "Element identity must remain constant")
      storage[position] = newValue
    }
  }

  /// Swaps the elements at `i` and `j`.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    storage.swapAt(i, j)
    positions[storage[i][keyPath: id]] = i
    positions[storage[j][keyPath: id]] = j
  }

  /// Reorders the elements so that those for which `belongsInSecondPartition` is true come
  /// last; returns the index of the first of them.
  public mutating func partition(
    by belongsInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Int {
    let pivot = try storage.partition(by: belongsInSecondPartition)
    reindex(from: 0)
    return pivot
  }
}

extension IdentifiedArray {
  /// The position of the element with `id`, if any.
  ///
  /// ```swift
  /// todos.index(id: todo.id)  // 2
  /// ```
  public func index(id elementID: ID) -> Int? { positions[elementID] }

  /// The elements for which `isIncluded` is true, as an identified array.
  ///
  /// ```swift
  /// let open = todos.filter { !$0.isComplete }
  /// ```
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    try Self(uncheckedUniqueElements: storage.filter(isIncluded), id: id)
  }

  /// Sorts the elements in place by `areInIncreasingOrder`.
  ///
  /// ```swift
  /// todos.sort { $0.title < $1.title }
  /// ```
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    try storage.sort(by: areInIncreasingOrder)
    reindex(from: 0)
  }

  /// Moves the elements at `source` to just before the element at `destination` (the offsets
  /// are those before the move, as SwiftUI's `onMove` gives them).
  ///
  /// ```swift
  /// todos.move(fromOffsets: [0], toOffset: 3)
  /// ```
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source).filter { storage.indices.contains($0) }.sorted()
    guard !moving.isEmpty else { return }
    let moved = moving.map { storage[$0] }
    let before = moving.filter { $0 < destination }.count
    for index in moving.reversed() { storage.remove(at: index) }
    let target = Swift.min(Swift.max(destination - before, 0), storage.count)
    storage.insert(contentsOf: moved, at: target)
    reindex(from: 0)
  }

  /// Reverses the order of the elements.
  public mutating func reverse() {
    storage.reverse()
    reindex(from: 0)
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in place, in increasing order.
  public mutating func sort() { sort(by: <) }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(storage)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an array of elements; a repeated id is a decoding error naming its offset.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    self.init()
    for (offset, element) in elements.enumerated() where !append(element).inserted {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Duplicate element at offset \(offset)")
    }
  }
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
