// NumberFact's live value against a local HTTP server (127.0.0.1, a random free port): the
// body reaches state; a non-200 status and a refused connection reach it as `errorMessage`,
// with NumberFactError's texts. No test touches the internet.
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
@testable import DepsCatalogue

extension NumberFactEndpointTests {
  private func store(baseURL: String, count: Int) -> TestStore<NumberFact.State, NumberFact.Action>
  {
    TestStore(initialState: NumberFact.State(count: count)) {
      NumberFact()
    } withDependencies: {
      $0.numberFact = .live(baseURL: baseURL)
    }
  }

  @Test func liveSuccessPutsTheBodyInState() async throws {
    let server = try LocalHTTPServer(status: 200, body: "3 is the number of spatial dimensions.")
    defer { server.stop() }
    let before = LiveCalls.snapshot["numberFact.fetch", default: 0]
    let store = store(baseURL: "http://127.0.0.1:\(server.port)", count: 3)
    await store.send(.numberFactButtonTapped)
    await store.receive(
      .numberFactResponse(.success("3 is the number of spatial dimensions.")),
      timeout: .seconds(5)
    ) {
      $0.numberFact = "3 is the number of spatial dimensions."
    }
    #expect(server.requestLines == ["GET /3 HTTP/1.1"])
    #expect(LiveCalls.snapshot["numberFact.fetch", default: 0] == before + 1)
  }

  @Test func liveNon200StatusReachesStateAsErrorMessage() async throws {
    let server = try LocalHTTPServer(status: 500, body: "boom")
    defer { server.stop() }
    let address = "http://127.0.0.1:\(server.port)/"
    let store = store(baseURL: address, count: 42)
    let message = "HTTP 500 from \(address)42"
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.failure(message)), timeout: .seconds(5)) {
      $0.errorMessage = message
    }
  }

  @Test func liveRefusedConnectionReachesStateAsErrorMessage() async throws {
    let address = "http://127.0.0.1:\(try LocalHTTPServer.unusedPort())"
    let store = store(baseURL: address, count: 0)
    let message = "could not reach \(address)/0"
    await store.send(.numberFactButtonTapped)
    await store.receive(.numberFactResponse(.failure(message)), timeout: .seconds(5)) {
      $0.errorMessage = message
    }
  }
}
