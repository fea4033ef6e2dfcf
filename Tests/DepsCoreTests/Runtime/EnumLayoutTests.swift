// The enum layout reads and value witnesses: their checks pass on this toolchain, and each
// fast result equals what the language (the safe path) gives.
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

private enum Shape: Equatable, Codable {
  case circle(Double)
  case label(String)
  case pair(Int, Int)
  case named(id: Int, title: String)
  case point
  case none
}

private enum Outcome: Equatable, Codable {
  case success(String)
  case failure(Int)
  case ratio(Double)
  case flag(Bool)
}

private enum Reply: Equatable, Codable {
  case response(Outcome)
  case count(Int)
}

private indirect enum Tree: Equatable {
  case leaf(Int)
  case node(Tree, Tree)
}

private enum Payloads: Equatable {
  case small(UInt8)
  case inlineBox(Tree)
  indirect case boxed(Tree)
  case empty
}

private enum Colors: CaseIterable { case red, green, blue, cyan }
private enum Single: CaseIterable { case only }

/// The safe path's answer: the case index, from a `switch` (payload cases first).
private func safeTag(_ shape: Shape) -> UInt32 {
  switch shape {
  case .circle: 0
  case .label: 1
  case .pair: 2
  case .named: 3
  case .point: 4
  case .none: 5
  }
}

@Suite struct EnumLayoutTests {
  @Test func checksPassOnThisToolchain() {
    #expect(RuntimeType.checkLayout())
    #expect(
      RuntimeType.layoutChecked
        == !(RuntimeSwitch.isSafeForced || RuntimeSwitch.failsCheck("enum_layout")))
    #expect(EnumWitnesses.check())
    #expect(
      EnumWitnesses.usable
        == !(RuntimeSwitch.isSafeForced || RuntimeSwitch.failsCheck("enum_witnesses")
        || RuntimeSwitch.failsCheck("enum_layout")))
  }

  @Test func kindAndCaseCountsMatchTheLanguage() {
    #expect(RuntimeType.readIsEnum(Shape.self))
    #expect(RuntimeType.readIsEnum(Colors.self))
    #expect(RuntimeType.readIsEnum(Never.self))
    #expect(!RuntimeType.readIsEnum(Int?.self))
    #expect(!RuntimeType.readIsEnum(String.self))
    #expect(!RuntimeType.readIsEnum([Int].self))
    #expect(!RuntimeType.readIsEnum(RecordingIssueReporter.self))
    #expect(RuntimeType.readCaseCount(Colors.self) == Colors.allCases.count)
    #expect(RuntimeType.readCaseCount(Single.self) == 1)
    #expect(RuntimeType.readCaseCount(Never.self) == 0)
    #expect(RuntimeType.readCaseCount(Shape.self) == nil)
    enum ColorKeys: CodingKey, CaseIterable { case red, green, blue, cyan }
    enum SingleKey: CodingKey, CaseIterable { case only }
    enum NoKey: CodingKey {}
    // The same cases from public API (one case has size 0: public API cannot list it).
    #expect(EnumProbe.payloadFreeCases(of: ColorKeys.self) == ColorKeys.allCases)
    #expect(EnumProbe.payloadFreeCases(of: SingleKey.self) == nil)
    #expect(RuntimeType.payloadFreeCases(of: NoKey.self) == nil)
    guard RuntimeType.readsLayout else { return }
    #expect(RuntimeType.payloadFreeCases(of: ColorKeys.self) == ColorKeys.allCases)
    #expect(RuntimeType.payloadFreeCases(of: SingleKey.self) == SingleKey.allCases)
  }

  @Test func tagsMatchTheSwitch() {
    let shapes: [Shape] = [
      .circle(1.5), .label("a"), .pair(1, 2), .named(id: 3, title: "t"), .point, .none,
    ]
    for shape in shapes {
      #expect(EnumWitnesses.readTag(of: shape) == safeTag(shape))
    }
    #expect(EnumWitnesses.readTag(of: 3) == nil)
  }

  @Test func injectedCasesEqualTheLanguagesOwn() throws {
    let inject = try #require(EnumWitnesses.readInjector(Shape.self))
    let circle = try EnumWitnesses.make(Shape.self, inject: inject, tag: 0) {
      $0.initializeMemory(as: Double.self, to: 2.5)
    }
    let label = try EnumWitnesses.make(Shape.self, inject: inject, tag: 1) {
      $0.initializeMemory(as: String.self, to: String(repeating: "long ", count: 8))
    }
    let point = try EnumWitnesses.make(Shape.self, inject: inject, tag: 4) { _ in }
    #expect(circle == .circle(2.5))
    #expect(label == .label(String(repeating: "long ", count: 8)))
    #expect(point == .point)
  }

  @Test func indirectCasesAreNotInline() {
    #expect(EnumWitnesses.readIsInlinePayloadCase(Payloads.self, tag: 0))
    #expect(EnumWitnesses.readIsInlinePayloadCase(Payloads.self, tag: 1))
    #expect(!EnumWitnesses.readIsInlinePayloadCase(Payloads.self, tag: 2))
    #expect(!EnumWitnesses.readIsInlinePayloadCase(Payloads.self, tag: 3))
    #expect(!EnumWitnesses.readIsInlinePayloadCase(Tree.self, tag: 0))
  }

  /// The first decoding of a case runs its synthesized `init(from:)` (the safe path) and
  /// learns a plan; later ones build the case through the witnesses: the values are equal.
  @Test func plannedDecodingEqualsTheSynthesizedOne() throws {
    let decoder = ValueDecoder()
    let inputs: [(JSONValue, Shape)] = [
      (["circle": .double(4.25)], .circle(4.25)),
      (["label": .string("first label")], .label("first label")),
      (["pair": .array([.int(1), .int(2)])], .pair(1, 2)),
      (.string("point"), .point),
    ]
    for (input, expected) in inputs {
      let first = try decoder.decode(Shape.self, from: input)
      let second = try decoder.decode(Shape.self, from: input)
      #expect(first == expected)
      #expect(second == expected)
    }
    #expect(
      EnumPlanCache.shared.lookup(Shape.self, "circle").map { $0 != nil }
        == EnumWitnesses.usable)
  }

  /// A case whose payload is a leaf or another planned case is built without decoder nodes
  /// once its plan is learned: the same values as the synthesized decoding, and the same
  /// messages for a payload that does not fit (those take the path with nodes).
  @Test func nodeFreePlannedDecodingEqualsTheSynthesizedOne() throws {
    let decoder = ValueDecoder()
    let long = "a fact long enough to live on the heap"
    let inputs: [(String, Reply)] = [
      (#"{"response":{"success":"\#(long)"}}"#, .response(.success(long))),
      (#"{"response":{"failure":7}}"#, .response(.failure(7))),
      (#"{"response":{"failure":7.0}}"#, .response(.failure(7))),
      (#"{"response":{"ratio":2}}"#, .response(.ratio(2))),
      (#"{"response":{"ratio":2.5}}"#, .response(.ratio(2.5))),
      (#"{"response":{"flag":true}}"#, .response(.flag(true))),
      (#"{"count":3}"#, .count(3)),
    ]
    for _ in 0..<3 {
      for (json, expected) in inputs {
        #expect(try decoder.decode(Reply.self, fromJSON: json) == expected)
      }
    }
    let failures: [(String, String)] = [
      (#"{"response":{"failure":"x"}}"#, #"expected an integer at response.failure, got "x""#),
      (#"{"response":{"success":1}}"#, "expected a string at response.success, got 1"),
      (#"{"response":{"flag":null}}"#, "expected a boolean at response.flag, got null"),
      (
        #"{"response":{"sucess":"x"}}"#,
        #"unknown case "sucess" at response; did you mean "success"?"#
      ),
    ]
    for _ in 0..<2 {
      for (json, message) in failures {
        #expect(
          throws: ValueError(
            kind: message.hasPrefix("unknown") ? .notFound : .shape,
            message: message)
        ) {
          try decoder.decode(Reply.self, fromJSON: json)
        }
      }
    }
    guard EnumWitnesses.usable else {
      #expect(EnumPlanCache.shared.plan(Reply.self, "response") == nil)
      return
    }
    let plan = try #require(EnumPlanCache.shared.plan(Reply.self, "response"))
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<Reply>.size, alignment: MemoryLayout<Reply>.alignment)
    defer { raw.deallocate() }
    #expect(plan.fill(Reply.self, ["success": .string(long)], into: raw))
    #expect(raw.assumingMemoryBound(to: Reply.self).move() == .response(.success(long)))
    #expect(!plan.fill(Reply.self, ["success": .int(1)], into: raw))
    #expect(!plan.fill(Reply.self, ["failure": .double(7)], into: raw))
    #expect(!plan.fill(Reply.self, ["other": .int(1)], into: raw))
    #expect(!plan.fill(Reply.self, .string("success"), into: raw))
  }
}
