// Reusing keyed containers' boxes in the text encoder: the check passes on this toolchain, a
// box is reused only when nothing else holds it, and the text is the same with and without
// reuse (the safe path) for values whose containers nest, recurse or outlive their value.
import Foundation
import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import IssueReporting
@testable import DepsRuntime

private struct Leaf: Codable {
  var count: Int
  var flag: Bool
}

/// Nested values with the same key type: the outer container is alive while the inner ones
/// are written, so each level needs a box of its own.
private struct Tree: Codable {
  var value: Int
  var children: [Tree]
}

/// Keeps its container after its value is written.
private final class Kept: @unchecked Sendable {
  nonisolated(unsafe) static var container: KeyedEncodingContainer<ValueCodingKey>?
}

private struct Keeper: Encodable {
  var mark: Int
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ValueCodingKey.self)
    try container.encode(mark, forKey: ValueCodingKey(stringValue: "mark"))
    Kept.container = container
  }
}

@Suite struct KeyedContainerReuseTests {
  private func text<T: Encodable>(_ value: T, _ encoder: JSONTextEncoder) -> String? {
    encoder.encode(value) ? String(decoding: encoder.output, as: UTF8.self) : nil
  }

  private func tree<T: Encodable>(_ value: T) throws -> String {
    try ValueEncoder().encode(value).json()
  }

  @Test func checkPassesOnThisToolchain() {
    #expect(KeyedContainerReuse.check())
    #expect(
      KeyedContainerReuse.usable
        == !(RuntimeSwitch.isSafeForced || RuntimeSwitch.failsCheck("keyed_containers")))
  }

  @Test func aBoxIsKeptOncePerKeyTypeAndReused() throws {
    let encoder = JSONTextEncoder(reusesBoxes: true)
    for count in 0..<5 {
      let leaf = Leaf(count: count, flag: count % 2 == 0)
      #expect(text(leaf, encoder) == (try tree(leaf)))
    }
    #expect(encoder.keptBoxes == (KeyedContainerReuse.usable ? 1 : 0))
    let safe = JSONTextEncoder(reusesBoxes: false)
    #expect(text(Leaf(count: 1, flag: true), safe) == #"{"count":1,"flag":true}"#)
    #expect(safe.keptBoxes == 0)
  }

  @Test func nestedContainersOfOneKeyTypeGetTheirOwnBoxes() throws {
    func make(_ depth: Int, _ value: Int) -> Tree {
      Tree(
        value: value,
        children: depth == 0 ? [] : (0..<2).map { make(depth - 1, value * 2 + $0) })
    }
    for reuse in [true, false] {
      let encoder = JSONTextEncoder(reusesBoxes: reuse)
      for depth in [3, 1, 4, 0, 2] {
        let value = make(depth, depth)
        #expect(text(value, encoder) == (try tree(value)))
      }
      // One box per level alive at once (the deepest tree has 5 levels), none when off.
      #expect(encoder.keptBoxes == (reuse && KeyedContainerReuse.usable ? 5 : 0))
    }
  }

  @Test func aBoxHeldByTheValuesCodeIsNotHandedOut() throws {
    let encoder = JSONTextEncoder(reusesBoxes: true)
    #expect(text(Keeper(mark: 1), encoder) == #"{"mark":1}"#)
    // The kept container still holds its box: the next value gets another one, and a write
    // through the kept container during that value sends it to the tree (which ignores it).
    struct WritesKept: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ValueCodingKey.self)
        try container.encode(2, forKey: ValueCodingKey(stringValue: "own"))
        try Kept.container?.encode(3, forKey: ValueCodingKey(stringValue: "stray"))
      }
    }
    #expect(text(WritesKept(), encoder) == nil)
    #expect(try tree(WritesKept()) == #"{"own":2}"#)
    #expect(encoder.keptBoxes == (KeyedContainerReuse.usable ? 2 : 0))
    Kept.container = nil
    // Released: both boxes are free again and the values are written directly.
    #expect(text(Keeper(mark: 4), encoder) == #"{"mark":4}"#)
    Kept.container = nil
    #expect(text(Leaf(count: 5, flag: false), encoder) == #"{"count":5,"flag":false}"#)
    #expect(encoder.keptBoxes == (KeyedContainerReuse.usable ? 3 : 0))
  }

  @Test func anEncoderAndItsKeptBoxesAreFreed() {
    weak var weakEncoder: JSONTextEncoder?
    weak var weakEncoding: JSONTextEncoding?
    do {
      let encoder = JSONTextEncoder(reusesBoxes: true)
      #expect(text(Leaf(count: 1, flag: true), encoder) == #"{"count":1,"flag":true}"#)
      #expect(encoder.keptBoxes == (KeyedContainerReuse.usable ? 1 : 0))
      weakEncoder = encoder
      weakEncoding = encoder.encoding
    }
    #expect(weakEncoder == nil)
    #expect(weakEncoding == nil)
  }
}
