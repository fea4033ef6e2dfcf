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
@testable import DepsRuntime
@testable import IssueReporting

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A bridged store's state read as JSON text (the text encoder, or the tree when it gives up)
/// is `state.json()`, and its merge patches are those of the encodings, whichever read came
/// before (a text read keeps the state as a value, a patch or a `readState()` keeps its
/// encoding).
@Suite struct BridgedStoreReadTests {
  struct Temperature: Codable, Equatable {
    var celsius: Double
    init(celsius: Double) { self.celsius = celsius }
    init(from decoder: any Decoder) throws {
      let text = try decoder.singleValueContainer().decode(String.self)
      celsius = Double(text.prefix { $0 != " " }) ?? 0
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode("\(celsius) °C")
    }
  }

  enum Phase: Codable, Equatable {
    case idle
    case loading(Int)
    case failed(reason: String)
  }

  struct Child: Codable, Equatable {
    var count = 0
    var note: String?
  }

  struct State: Codable, Equatable, Sendable {
    var count = 0
    var title = "Milk \"2%\""
    var child: Child?
    var phase = Phase.idle
    var tags: [String] = []
    var temperature = Temperature(celsius: 20)
    var scores: [String: Int] = [:]
    /// Written twice when `duplicate` is set (the text encoder gives up; the tree decides).
    var duplicate = false

    enum CodingKeys: String, CodingKey {
      case count, title, child, phase, tags, temperature, scores, duplicate
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(count, forKey: .count)
      try container.encode(title, forKey: .title)
      try container.encodeIfPresent(child, forKey: .child)
      try container.encode(phase, forKey: .phase)
      try container.encode(tags, forKey: .tags)
      try container.encode(temperature, forKey: .temperature)
      try container.encode(scores, forKey: .scores)
      try container.encode(duplicate, forKey: .duplicate)
      if duplicate { try container.encode(count + 1, forKey: .count) }
    }
  }

  enum Action: Codable, Equatable, Sendable {
    case step(Int)
  }

  struct Feature: Reducer {
    typealias State = BridgedStoreReadTests.State
    typealias Action = BridgedStoreReadTests.Action
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        guard case let .step(roll) = action else { return .none }
        switch roll % 9 {
        case 0: state.count += 1
        case 1: state.child = state.child == nil ? Child(count: roll) : nil
        case 2: state.child?.note = roll % 2 == 0 ? "n\(roll)" : nil
        case 3: state.phase = [.idle, .loading(roll), .failed(reason: "r\(roll)")][roll % 3]
        case 4: state.tags.append("t\(roll)\n")
        case 5: state.temperature.celsius = Double(roll) / 4
        case 6: state.scores["k\(roll % 3)"] = roll
        case 7: state.duplicate.toggle()
        default: break
        }
        return .none
      }
    }
  }

  private func text(_ store: any BridgedStore) -> String {
    var text = ""
    store.readStateJSON { text = String(decoding: $0, as: UTF8.self) }
    return text
  }

  @Test func readsAndPatchesFollowRandomSends() throws {
    let registry = FeatureRegistry()
    registry.register(
      name: "Reads", summary: "", actions: [ActionDescriptor("step", payload: "integer")],
      dependencies: [], initialState: State(), codec: .codable
    ) { Feature() }
    let store = try registry.descriptor("Reads").open(context: .test, overrides: .init())
    defer { store.close() }
    // The first patch is the whole state.
    var previous = store.state
    #expect(store.statePatch() == previous)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      for _ in 0..<Int.random(in: 0...2, using: &generator) {
        #expect(try store.send(["step": .int(Int.random(in: 0..<1_000, using: &generator))]) == [])
      }
      let current = store.state
      switch Int.random(in: 0..<3, using: &generator) {
      case 0:
        #expect(text(store) == current.json())
      case 1:
        // Lua's `s.state`: the same base for the next patch as a text read.
        #expect(store.readState() == current)
      default:
        let patch = store.statePatch()
        #expect(patch == (MergePatch.diff(from: previous, to: current) ?? .object(ValueObject())))
        #expect(MergePatch.apply(patch, to: previous) == current)
      }
      previous = current
    }
  }
}
