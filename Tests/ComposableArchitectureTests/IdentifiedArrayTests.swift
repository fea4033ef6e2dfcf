// swift-identified-collections' rules for `IdentifiedArray`, through `import
// ComposableArchitecture`: lookups by id and by position stay in step through filter, sort,
// move, swap, partition, reverse and removals from either end; position writes keep the id; an array encodes as a JSON
// array and a repeated id fails its decoding at its offset.
import ComposableArchitecture
import Foundation
import Testing
import XCTest

private struct Item: Identifiable, Equatable, Codable, Comparable {
  let id: Int
  var title: String

  static func < (lhs: Item, rhs: Item) -> Bool { lhs.title < rhs.title }
}

private func items(_ titles: String...) -> IdentifiedArrayOf<Item> {
  IdentifiedArrayOf(
    uniqueElements: titles.enumerated().map { Item(id: $0.offset, title: $0.element) })
}

/// Every id is found at the position that holds it.
private func isConsistent(_ array: IdentifiedArrayOf<Item>) -> Bool {
  array.indices.allSatisfy { array.index(id: array[$0].id) == $0 }
}

@Suite struct IdentifiedArrayTests {
  @Test func filterKeepsAnIdentifiedArray() {
    let open: IdentifiedArrayOf<Item> = items("a", "b", "c").filter { $0.title != "b" }
    #expect(open.ids == [0, 2])
    #expect(open[id: 2]?.title == "c")
    #expect(open.index(id: 2) == 1)
    #expect(open.index(id: 1) == nil)
  }

  @Test func sortingAndReorderingKeepTheIdsInStep() {
    var array = items("c", "a", "b")
    array.sort()
    #expect(array.map(\.title) == ["a", "b", "c"])
    #expect(isConsistent(array))
    array.sort { $0.title > $1.title }
    #expect(array.map(\.title) == ["c", "b", "a"])
    array.swapAt(0, 2)
    #expect(array.map(\.title) == ["a", "b", "c"])
    #expect(isConsistent(array))
    let pivot = array.partition { $0.title == "a" }
    #expect(pivot == 2)
    #expect(array.last?.title == "a")
    #expect(isConsistent(array))
    array.reverse()
    #expect(array.first?.title == "a")
    #expect(isConsistent(array))
  }

  @Test func removingFromTheEndsKeepsTheIdsInStep() {
    var array = items("a", "b", "c", "d", "e", "f")
    #expect(array.removeLast().title == "f")
    #expect(array.removeFirst().title == "a")
    array.removeLast(2)
    #expect(array.map(\.title) == ["b", "c"])
    #expect(array[id: 3] == nil)
    array.removeFirst(1)
    #expect(array.map(\.title) == ["c"])
    #expect(array[id: 1] == nil)
    #expect(isConsistent(array))
    array.append(Item(id: 1, title: "b again"))
    array.removeSubrange(0..<1)
    #expect(array.ids == [1])
    #expect(isConsistent(array))
  }

  @Test func moveTakesTheOffsetsBeforeTheMove() {
    var array = items("a", "b", "c", "d")
    array.move(fromOffsets: [0], toOffset: 3)
    #expect(array.map(\.title) == ["b", "c", "a", "d"])
    array.move(fromOffsets: [2, 3], toOffset: 0)
    #expect(array.map(\.title) == ["a", "d", "b", "c"])
    #expect(isConsistent(array))
  }

  @Test func positionWritesKeepTheElement() {
    var array = items("a", "b")
    array[1].title = "B"
    #expect(array[id: 1]?.title == "B")
  }

  @Test func codableAsAnArray() throws {
    let array = items("a", "b")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(array)
    #expect(
      String(decoding: data, as: UTF8.self) == #"[{"id":0,"title":"a"},{"id":1,"title":"b"}]"#)
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: data) == array)
    let repeated = Data(#"[{"id":0,"title":"a"},{"id":0,"title":"b"}]"#.utf8)
    #expect {
      try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: repeated)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription == "Duplicate element at offset 1"
    }
  }

  @Test func aPositionWriteThatChangesTheIdStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      var array = IdentifiedArrayOf(uniqueElements: [Item(id: 0, title: "a")])
      array[0] = Item(id: 9, title: "z")
    }
  }
}

final class IdentifiedArrayXCTests: XCTestCase {
  func testSortKeepsLookupsInStep() {
    var array = items("b", "a")
    array.sort()
    XCTAssertEqual(array.map(\.title), ["a", "b"])
    XCTAssertEqual(array.index(id: 1), 0)
    XCTAssertEqual(array[id: 0]?.title, "b")
  }
}
