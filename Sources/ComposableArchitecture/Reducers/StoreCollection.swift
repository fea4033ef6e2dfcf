// `_StoreCollection`: what `store.scope(\.rows, action: \.rows)` returns for an identified array
// of child state, as in TCA — a random-access collection of one store per element, in the
// array's order as of the scope.
import CasePaths
import IdentifiedCollections

/// The stores of an identified array's elements, in order (TCA's store collection). Each store
/// reads its element by id and sends its actions as `.element(id:action:)`; once the element is
/// gone from the array, its store keeps showing the element's last state.
///
/// ```swift
/// let rows = Array(store.scope(\.rows, action: \.rows))
/// rows[0].send(.toggle)   // the parent receives .rows(.element(id: rows[0].id, action: .toggle))
/// ```
public struct _StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  private let store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  private let elements: IdentifiedArray<ID, State>
  private let ids: [ID]

  init(_ store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>) {
    self.store = store
    self.elements = store.state
    self.ids = elements.ids
  }

  /// The first position (0).
  public var startIndex: Int { elements.startIndex }
  /// One past the last position: the number of elements when the collection was made.
  public var endIndex: Int { elements.endIndex }

  /// The store of the element at `position`.
  public subscript(position: Int) -> Store<State, Action> {
    let id = ids[position]
    return store.scope(
      optionalState: \.[id: id], showing: elements[position],
      action: AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: { action in
          guard case .element(let elementID, let elementAction) = action, elementID == id
          else { return nil }
          return elementAction
        }))
  }
}
