// Fuzz target `actions`: the first byte picks a built-in feature and what to decode
// ('0'…'4': an action of Counter, NumberFact, Todos, Timer, App; '5'…'9': a state of the same),
// the rest is JSON text. Actions go through the registry's checks and codec: the descriptor's
// name validation, then the Codable codec refusing payloads on payload-less cases — the same
// `FeatureCodec.codable.rejectingPayloads` that `FeatureRegistry.register` builds. States go
// through `FeatureRegistry.initialState` (merge onto the default, decode), as a store opens.
// Invariants: never a crash; every failure is a BridgeError (.decode or .notFound) with a
// non-empty message; a decoded action or state encodes to a JSONValue that decodes back to an
// equal action/state, and encoding is stable from then on. An action decoded straight from its
// text (`ValueDecoder.decode(_:fromJSONBytes:)`) is the value or error of the parsed tree's.
@testable import DepsCatalogue
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

private struct Subject: Sendable {
  let name: String
  let checkAction: @Sendable (JSONValue, FeatureDescriptor) -> Void
  let checkState: @Sendable (JSONValue, FeatureDescriptor) -> Void
  let checkText: @Sendable (UnsafeRawBufferPointer) -> Void
}

/// The seed features, registered once into a registry of this target's own.
private let seedFeatures: FeatureRegistry = {
  let features = FeatureRegistry()
  SeedCatalogue.module.register(into: features, endpoints: EndpointRegistry())
  return features
}()

private func subject<State, Action>(_ name: String, _: State.Type, _: Action.Type) -> Subject
where
  State: Codable & Equatable & SendableMetatype, Action: Codable & Equatable & SendableMetatype
{
  Subject(
    name: name,
    checkAction: { value, descriptor in
      let codec = FeatureCodec<State, Action>.codable.rejectingPayloads(
        of: Set(descriptor.actions.filter { $0.payload == nil }.map(\.name)), feature: name)
      let action: Action
      do throws(BridgeError) {
        try descriptor.validateActionName(value)
        action = try codec.decodeAction(value)
      } catch {
        checkFailure(error, value: value)
        return
      }
      let encoded = codec.encodeAction(action)
      do throws(BridgeError) {
        let again = try codec.decodeAction(encoded)
        require(
          again == action, "\(name) action changed by a round trip: \(encoded)",
          input: value.json())
        require(
          codec.encodeAction(again) == encoded, "\(name) action encoding is unstable",
          input: value.json())
      } catch {
        require(
          false, "\(name) cannot decode its own action \(encoded): \(error.message)",
          input: value.json())
      }
    },
    checkState: { value, descriptor in
      let codec = FeatureCodec<State, Action>.codable
      let state: State
      do throws(BridgeError) {
        state = try FeatureRegistry.initialState(
          value, defaults: descriptor.defaultState, codec: codec)
      } catch {
        checkFailure(error, value: value)
        return
      }
      let encoded = codec.encodeState(state)
      do throws(BridgeError) {
        let again = try codec.decodeState(encoded)
        let reencoded = codec.encodeState(again)
        require(
          reencoded == encoded,
          "\(name) state encoding is unstable: \(encoded) then "
            + "\(reencoded)", input: value.json())
        let third = try codec.decodeState(reencoded)
        require(
          third == again, "\(name) state changed by a second round trip: \(encoded)",
          input: value.json())
      } catch {
        require(
          false, "\(name) cannot decode its own state \(encoded): \(error.message)",
          input: value.json())
      }
    },
    checkText: { utf8 in
      // Before and after the tree decode (which may learn a plan the text path then uses).
      let first = Result { () throws(ValueError) in
        try ValueDecoder().decode(Action.self, fromJSONBytes: utf8)
      }
      let tree = Result { () throws(ValueError) in
        try ValueDecoder().decode(Action.self, from: JSONValue(jsonBytes: utf8))
      }
      let second = Result { () throws(ValueError) in
        try ValueDecoder().decode(Action.self, fromJSONBytes: utf8)
      }
      require(
        first == tree && second == tree,
        "\(name) action from text \(first) / \(second), from the tree \(tree)",
        input: String(decoding: utf8, as: UTF8.self))
    })
}

private func checkFailure(_ error: BridgeError, value: JSONValue) {
  require(!error.message.isEmpty, "empty error message", input: value.json())
  require(
    error.status == .decode || error.status == .notFound,
    "unexpected status \(error.status) for bad input: \(error.message)", input: value.json())
}

private let subjects: [Subject] = [
  subject("Counter", Counter.State.self, Counter.Action.self),
  subject("NumberFact", NumberFact.State.self, NumberFact.Action.self),
  subject("Todos", Todos.State.self, Todos.Action.self),
  subject("Timer", TimerFeature.State.self, TimerFeature.Action.self),
  subject("App", AppFeature.State.self, AppFeature.Action.self),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func actionsFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  guard let selector = input.first else { return 0 }
  let choice = Int(selector &- UInt8(ascii: "0")) % 10
  let subject = subjects[choice % 5]
  if choice < 5 {
    input.dropFirst().withUnsafeBytes { subject.checkText($0) }
  }
  guard let value = try? JSONValue(jsonBytes: Array(input.dropFirst())) else { return 0 }
  let descriptor: FeatureDescriptor
  do throws(BridgeError) {
    descriptor = try seedFeatures.descriptor(subject.name)
  } catch {
    require(false, "built-in feature \(subject.name) is not registered: \(error.message)")
    return 0
  }
  if choice < 5 {
    subject.checkAction(value, descriptor)
  } else {
    subject.checkState(value, descriptor)
  }
  return 0
}
