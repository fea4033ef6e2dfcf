// Cassettes: NumberFact recorded against a local HTTP server (127.0.0.1) and replayed with the
// server stopped (no live call), each record mode, order-aware replay of identical calls, the
// pluggable matcher, secret filtering and the messages of a missing recording.
import Foundation
import Testing
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

// Inside the serialized NumberFactEndpointTests suite: it asserts LiveCalls counts exactly, which
// the other live tests there change.
extension NumberFactEndpointTests {
  @Suite struct CassetteTests {
    /// The endpoints a trace wraps are the registered ones: the seeds registered, as a host does.
    init() { registerSeedCatalogue() }

    private func temporaryPath(_ name: String) -> String {
      let directory = FileManager.default.temporaryDirectory.path
      let path = "\(directory)/deps-cassette-\(getpid())-\(name).json"
      try? FileManager.default.removeItem(atPath: path)
      return path
    }

    private func store(count: Int, trace: DependencyTrace)
      -> TestStore<NumberFact.State, NumberFact.Action>
    {
      TestStore(initialState: NumberFact.State(count: count)) {
        NumberFact()
      } withDependencies: {
        $0.dependencyTrace = trace
      }
    }

    private func fetch(_ store: TestStore<NumberFact.State, NumberFact.Action>, expect: String)
      async
    {
      await store.send(.numberFactButtonTapped)
      await store.receive(.numberFactResponse(.success(expect)), timeout: .seconds(5)) {
        $0.numberFact = expect
      }
    }

    @Test func recordAgainstLocalServerThenReplayWithServerStopped() async throws {
      let path = temporaryPath("record")
      let server = try LocalHTTPServer(status: 200, body: "7 is lucky.")
      let base = "http://127.0.0.1:\(server.port)"
      let recording = try Cassette(path: path, mode: .once)
      let liveBefore = LiveCalls.snapshot["numberFact.fetch", default: 0]
      let live = Store(initialState: NumberFact.State(count: 7)) {
        NumberFact()
      } withDependencies: {
        $0.context = .live
        $0.numberFact = .live(baseURL: base)
        $0.dependencyTrace = DependencyTrace(cassette: recording)
      }
      live.send(.numberFactButtonTapped)
      #expect(live.run(timeout: .seconds(5)))
      #expect(live.withState(\.numberFact) == "7 is lucky.")
      try recording.save()
      server.stop()
      #expect(LiveCalls.snapshot["numberFact.fetch", default: 0] == liveBefore + 1)
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(
        text == """
          {
            "version": 1,
            "interactions": [
              {"arguments":7,"endpoint":"numberFact.fetch","result":"7 is lucky."}
            ]
          }

          """)

      let liveAfterRecording = LiveCalls.snapshot["numberFact.fetch", default: 0]
      let trace = DependencyTrace(cassette: try Cassette(path: path, mode: .none))
      await fetch(store(count: 7, trace: trace), expect: "7 is lucky.")
      #expect(LiveCalls.snapshot["numberFact.fetch", default: 0] == liveAfterRecording)
      #expect(
        trace.events.first { $0.kind == .call }?.layer
          == "cassette \((path as NSString).lastPathComponent)")
    }

    @Test func modeNoneFailsNamingEndpointAndArguments() async throws {
      let path = temporaryPath("none")
      #expect(
        throws: CassetteError("cassette \(path) does not exist (record mode none replays only)")
      ) {
        try Cassette(path: path, mode: .none)
      }
      try Cassette.write(
        [.init(endpoint: "numberFact.fetch", arguments: 1, outcome: .success("one"))], to: path)
      let store = store(
        count: 3, trace: DependencyTrace(cassette: try Cassette(path: path, mode: .none)))
      let message = "cassette \(path) has no recording of numberFact.fetch(3) (record mode none)"
      await store.send(.numberFactButtonTapped)
      await store.receive(.numberFactResponse(.failure(message))) { $0.errorMessage = message }
    }

    @Test func modeOnceReplaysAnExistingFileOnly() async throws {
      let path = temporaryPath("once")
      try Cassette.write(
        [.init(endpoint: "numberFact.fetch", arguments: 1, outcome: .success("one"))], to: path)
      let cassette = try Cassette(path: path, mode: .once)
      let (replayed, fromTape) = try await cassette.handle("numberFact.fetch", 1) { _ in "live" }
      #expect(try replayed.get() == "one")
      #expect(fromTape)
      await #expect(
        throws: CassetteError(
          "cassette \(path) has no recording of numberFact.fetch(2) (record mode once)")
      ) {
        _ = try await cassette.handle("numberFact.fetch", 2) { _ in "live" }
      }
    }

    @Test func modeNewEpisodesAppendsUnknownCalls() async throws {
      let path = temporaryPath("episodes")
      try Cassette.write(
        [.init(endpoint: "numberFact.fetch", arguments: 1, outcome: .success("one"))], to: path)
      let cassette = try Cassette(path: path, mode: .newEpisodes)
      #expect(try await cassette.handle("numberFact.fetch", 1) { _ in "live" }.0.get() == "one")
      #expect(try await cassette.handle("numberFact.fetch", 2) { _ in "two" }.0.get() == "two")
      try cassette.save()
      #expect(
        try Cassette.load(path) == [
          .init(endpoint: "numberFact.fetch", arguments: 1, outcome: .success("one")),
          .init(endpoint: "numberFact.fetch", arguments: 2, outcome: .success("two")),
        ])
    }

    @Test func modeAllCallsThroughAndRerecords() async throws {
      let path = temporaryPath("all")
      try Cassette.write(
        [.init(endpoint: "numberFact.fetch", arguments: 1, outcome: .success("old"))], to: path)
      let cassette = try Cassette(path: path, mode: .all)
      let (outcome, replayed) = try await cassette.handle("numberFact.fetch", 1) { _ in
        throw NumberFactError("down")
      }
      #expect(!replayed)
      #expect(throws: NumberFactError("down")) { try outcome.get() }
      try cassette.save()
      #expect(
        try Cassette.load(path) == [
          .init(
            endpoint: "numberFact.fetch", arguments: 1, outcome: .failure(CassetteError("down")))
        ])
    }

    @Test func identicalCallsReplayInRecordedOrder() async throws {
      let path = temporaryPath("order")
      try Cassette.write(
        [
          .init(endpoint: "numberFact.fetch", arguments: 1, outcome: .success("first")),
          .init(endpoint: "numberFact.fetch", arguments: 2, outcome: .success("other")),
          .init(endpoint: "numberFact.fetch", arguments: 1, outcome: .success("second")),
        ], to: path)
      let cassette = try Cassette(path: path, mode: .none)
      #expect(try await cassette.handle("numberFact.fetch", 1) { _ in "live" }.0.get() == "first")
      #expect(try await cassette.handle("numberFact.fetch", 1) { _ in "live" }.0.get() == "second")
      await #expect(
        throws: CassetteError(
          "cassette \(path) has no recording of numberFact.fetch(1) (record mode none)")
      ) {
        _ = try await cassette.handle("numberFact.fetch", 1) { _ in "live" }
      }
    }

    @Test func matcherIsPluggable() async throws {
      let path = temporaryPath("matcher")
      try Cassette.write(
        [.init(endpoint: "numberFact.fetch", arguments: 1, outcome: .success("any"))], to: path)
      let cassette = try Cassette(path: path, mode: .none, matcher: Cassette.matchEndpoint)
      #expect(try await cassette.handle("numberFact.fetch", 99) { _ in "live" }.0.get() == "any")
    }

    @Test func secretsAreFilteredWhenRecordedAndMatched() async throws {
      let path = temporaryPath("secrets")
      let cassette = try Cassette(path: path, mode: .all, secrets: ["token"])
      _ = try await cassette.handle("api.get", ["token": "s3cret", "q": "x"]) { _ in
        ["token": "s3cret2", "data": 1]
      }
      try cassette.save()
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(!text.contains("s3cret"))
      let replay = try Cassette(path: path, mode: .none, secrets: ["token"])
      let (outcome, _) = try await replay.handle("api.get", ["token": "other", "q": "x"]) { _ in
        .null
      }
      #expect(try outcome.get() == ["token": "<filtered>", "data": 1])
    }

    @Test func unreadableFileIsRefusedWithItsReason() throws {
      let path = temporaryPath("bad")
      try Data("{\"interactions\": [{\"endpoint\": 1}]}".utf8).write(to: URL(fileURLWithPath: path))
      #expect(throws: CassetteError("cassette \(path): interaction 1 has no \"endpoint\" string")) {
        try Cassette(path: path, mode: .once)
      }
    }
  }
}
