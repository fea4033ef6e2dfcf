// The Bridge's operations, from Swift through the same Bridge the C API uses: a Counter store
// opened from the feature registry (JSON action in, JSON state out), JSON action decoding,
// and an endpoint overridden by a foreign function against the same endpoint as a Swift
// closure.
import DepsCatalogue
import DepsCore

/// Declared exactly as the catalogue's `Counter.Action` (package access in DepsCore), so
/// its synthesized Codable is the one the Bridge runs.
enum CounterAction: Equatable, Codable, Sendable {
  case incrementButtonTapped
  case decrementButtonTapped
  case delayedIncrementButtonTapped
  case delayedIncrementFinished
}

/// As the catalogue's `ActionResult`.
enum ActionResult<Success: Equatable & Codable & Sendable>: Equatable, Codable, Sendable {
  case success(Success)
  case failure(String)
}

/// As the catalogue's `NumberFact.Action`.
enum NumberFactAction: Equatable, Codable, Sendable {
  case incrementButtonTapped
  case decrementButtonTapped
  case numberFactButtonTapped
  case numberFactResponse(ActionResult<String>)
}

/// An async throwing endpoint like `numberFact.fetch`, registered with the endpoint registry.
struct EchoClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension EchoClient: DependencyKey {
  static let liveValue = EchoClient { "\($0) is a number." }
}

extension DependencyValues {
  var echoClient: EchoClient {
    get { self[EchoClient.self] }
    set { self[EchoClient.self] = newValue }
  }
}

final class EchoModel {
  @Dependency(\.echoClient) var echoClient
}

enum BridgeBenchmarks {
  static let registered: Bool = {
    EndpointRegistry.shared.register("benchEcho.fetch", \.echoClient.fetch)
    return true
  }()

  /// Decodes the JSON text `json` as a `T`, `n` times, as the Bridge decodes an action's text.
  static func decodeLoop<T: Decodable>(_ type: T.Type, _ json: String, _ n: Int) {
    for _ in 0..<n {
      do {
        blackHole(try ValueDecoder().decode(T.self, fromJSON: json))
      } catch {
        Harness.printError("decode failed: \(error)")
        return
      }
    }
  }

  static func endpointLoop(_ n: Int) async {
    let model = EchoModel()
    for i in 0..<n {
      do {
        blackHole(try await model.echoClient.fetch(i))
      } catch {
        Harness.printError("endpoint failed: \(error)")
        return
      }
    }
  }

  /// The catalogue's features (Counter) in the process-wide registry, which starts empty.
  static let catalogue: Bool = {
    SeedCatalogue.module.register()
    return true
  }()

  static var all: [Benchmark] {
    [
      Benchmark(
        name: "bridge.counter.send+state",
        summary: "Counter via the feature registry: JSON action -> send -> state JSON",
        target: .nanoseconds(2_000)
      ) { n in
        _ = catalogue
        do {
          let store = try FeatureRegistry.shared.descriptor("Counter")
            .open(context: .live, overrides: DependencyOverrides())
          for _ in 0..<n {
            _ = try store.send(JSONValue(json: #""incrementButtonTapped""#))
            blackHole(store.state.json())
          }
          store.close()
        } catch {
          Harness.printError("Counter store failed: \(error)")
        }
      },
      Benchmark(
        name: "bridge.decode.counter",
        summary: #"JSON action decode: "incrementButtonTapped" -> Counter.Action"#,
        target: .nanoseconds(500)
      ) { n in
        decodeLoop(CounterAction.self, #""incrementButtonTapped""#, n)
      },
      Benchmark(
        name: "bridge.decode.numberFact",
        summary: #"JSON action decode: {"numberFactResponse":{"success":…}} -> NumberFact"#,
        target: .nanoseconds(500)
      ) { n in
        decodeLoop(
          NumberFactAction.self, #"{"numberFactResponse":{"success":"0 is a good number."}}"#, n)
      },
      Benchmark(
        name: "bridge.endpoint.swift",
        summary: "endpoint overridden by a Swift closure, called (baseline)",
        target: .none,
        async: { n in
          await withDependencies {
            $0.echoClient.fetch = { "\($0) is a number." }
          } operation: {
            await endpointLoop(n)
          }
        }),
      Benchmark(
        name: "bridge.endpoint.foreign",
        summary: "the same endpoint overridden by a foreign (JSONValue) -> JSONValue function",
        target: .nanosecondsOver(baseline: "bridge.endpoint.swift", 1_000),
        async: { n in
          _ = registered
          var overrides = DependencyOverrides()
          do {
            try overrides.set("benchEcho.fetch") { input in
              .string("\(input.intValue ?? 0) is a number.")
            }
          } catch {
            Harness.printError("override failed: \(error)")
            return
          }
          await withDependencies {
            overrides.apply(to: &$0)
          } operation: {
            await endpointLoop(n)
          }
        }),
    ]
  }
}
