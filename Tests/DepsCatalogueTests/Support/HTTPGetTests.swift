// HTTPGet, the built-in HTTP/1.1 client, against LocalHTTPServer (127.0.0.1, a random free
// port): the request it sends, each body framing (Content-Length, chunked, until close), its
// limits (body cap, read timeout), malformed responses, the URLs it refuses (https, invalid),
// and cancellation closing the socket. No test touches the internet.
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
@testable import DepsRuntime
@testable import IssueReporting
@testable import DepsCatalogue

@Suite struct HTTPGetTests {
  private func serve(_ raw: String, holdOpen: Bool = false) throws -> LocalHTTPServer {
    try LocalHTTPServer(response: Array(raw.utf8), holdOpen: holdOpen)
  }

  /// Polls `condition` every 10 ms for up to 5 s.
  private func eventually(_ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(15)
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      try await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  // MARK: Requests and bodies

  @Test func sendsOneGetWithHostConnectionAndUserAgent() async throws {
    let server = try serve("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
    defer { server.stop() }
    let response = try await HTTPGet().get("http://127.0.0.1:\(server.port)/3?x=1#fragment")
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == "hello")
    #expect(response.header("Content-Length") == "5")
    #expect(
      server.requests == [
        [
          "GET /3?x=1 HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Connection: close",
          "User-Agent: Deps/\(DepsVersion.string)",
        ]
      ])
  }

  @Test func chunkedBodyIsJoinedWithoutExtensionsAndTrailers() async throws {
    let server = try serve(
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "5\r\nhello\r\n7;name=value\r\n, world\r\nA\r\n0123456789\r\n0\r\nX-Trailer: 1\r\n\r\n")
    defer { server.stop() }
    let response = try await HTTPGet().get("http://127.0.0.1:\(server.port)/")
    #expect(String(decoding: response.body, as: UTF8.self) == "hello, world0123456789")
  }

  @Test func bodyWithoutLengthLastsUntilTheServerCloses() async throws {
    let large = String(repeating: "0123456789abcdef", count: 20_000)  // 320 KB: many reads
    for body in ["until close", large] {
      let server = try serve("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n\(body)")
      defer { server.stop() }
      let response = try await HTTPGet().get("http://127.0.0.1:\(server.port)")
      #expect(response.status == 200)
      #expect(String(decoding: response.body, as: UTF8.self) == body)
    }
  }

  @Test func interimResponsesAreSkippedAndNon200IsAResponse() async throws {
    let server = try serve(
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\nnope")
    defer { server.stop() }
    let response = try await HTTPGet().get("http://127.0.0.1:\(server.port)/missing")
    #expect(response.status == 404)
    #expect(String(decoding: response.body, as: UTF8.self) == "nope")
  }

  // MARK: Limits

  @Test(arguments: [
    "HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1388\r\n",
    "HTTP/1.1 200 OK\r\n\r\n",
  ])
  func bodyOverTheCapFails(head: String) async throws {
    let server = try serve(head + String(repeating: "x", count: 5000) + "\r\n0\r\n\r\n")
    defer { server.stop() }
    var client = HTTPGet()
    client.maxBodyBytes = 1000
    await #expect(throws: HTTPGetError.bodyTooLarge(limit: 1000)) {
      try await client.get("http://127.0.0.1:\(server.port)/")
    }
  }

  @Test func slowServerHitsTheReadTimeoutAndTheSocketIsClosed() async throws {
    let server = try serve("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", holdOpen: true)
    defer { server.stop() }
    var client = HTTPGet()
    client.readTimeout = .milliseconds(200)
    let start = ContinuousClock.now
    await #expect(throws: HTTPGetError.readTimedOut) {
      try await client.get("http://127.0.0.1:\(server.port)/")
    }
    // Far below "never" (the server holds the connection open); slack for sanitizers and load.
    #expect(ContinuousClock.now - start < .seconds(30))
    #expect(try await eventually { server.clientCloses == 1 })
  }

  @Test func refusedConnectionIsCannotConnect() async throws {
    let port = try LocalHTTPServer.unusedPort()
    await #expect(throws: HTTPGetError.cannotConnect("Connection refused")) {
      try await HTTPGet().get("http://127.0.0.1:\(port)/")
    }
  }

  // MARK: Malformed responses

  @Test(arguments: [
    ("HTP/1.1 200 OK\r\n\r\n", "invalid status line \"HTP/1.1 200 OK\""),
    ("HTTP/1.1 20 OK\r\n\r\n", "invalid status line \"HTTP/1.1 20 OK\""),
    ("HTTP/1.1 200OK\r\n\r\n", "invalid status line \"HTTP/1.1 200OK\""),
    ("\u{1}\r\n\r\n", "invalid status line \"?\""),
    ("", "the server closed the connection without a response"),
    ("HTTP/1.1 200 OK\r\nno colon\r\n\r\n", "invalid header field \"no colon\""),
    ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n", "the connection closed inside the header fields"),
    ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "invalid Content-Length \"-1\""),
    ("HTTP/1.1 200 OK\r\nContent-Length: 1, 2\r\n\r\nab", "invalid Content-Length \"1,2\""),
    (
      "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nshort",
      "the connection closed before the end of the body"
    ),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "invalid chunk size \"zz\""),
    (
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n",
      "a chunk is longer than its size"
    ),
    (
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab",
      "the connection closed inside the chunked body"
    ),
    ("HTTP/1.1 101 Switching Protocols\r\n\r\n", "unexpected 101 Switching Protocols"),
  ])
  func malformedResponseIsAnError(raw: String, reason: String) async throws {
    let server = try serve(raw)
    defer { server.stop() }
    await #expect(throws: HTTPGetError.malformedResponse(reason)) {
      try await HTTPGet().get("http://127.0.0.1:\(server.port)/")
    }
  }

  @Test func headerOverTheCapIsAnError() async throws {
    let server = try serve("HTTP/1.1 200 OK\r\nX: \(String(repeating: "y", count: 3000))\r\n\r\n")
    defer { server.stop() }
    var client = HTTPGet()
    client.maxHeadBytes = 1024
    await #expect(throws: HTTPGetError.malformedResponse("the header is longer than 1024 bytes")) {
      try await client.get("http://127.0.0.1:\(server.port)/")
    }
  }

  // MARK: URLs

  @Test func httpsAndOtherSchemesAreRefusedBeforeAnyConnection() async {
    await #expect(throws: HTTPGetError.unsupportedScheme("https")) {
      try await HTTPGet().get("https://numbersapi.com/3")
    }
    await #expect(throws: HTTPGetError.unsupportedScheme("ftp")) {
      try await HTTPGet().get("FTP://example.com/")
    }
  }

  @Test(arguments: [
    "", "numbersapi.com/3", "http:numbersapi.com", "http://", "http:///path", "http://:80/",
    "http://host:0/", "http://host:65536/", "http://host:8a/", "http://host:/",
    "http://user@host/", "http://ho st/", "http://host/a b", "http://host/\r\nX: y",
    "http://[::1/", "http://[::1]x/", "://host/", "1http//host",
  ])
  func invalidURLIsRefused(text: String) async {
    await #expect(throws: HTTPGetError.invalidURL(text)) {
      try await HTTPGet().get(text)
    }
  }

  @Test func urlsAreParsedIntoHostPortTargetAndHostHeader() throws {
    #expect(
      try HTTPURL.parse("HTTP://Example.com:8080/a/b?c=d#e")
        == HTTPURL(
          host: "Example.com", port: 8080, target: "/a/b?c=d", hostHeader: "Example.com:8080"))
    #expect(
      try HTTPURL.parse("http://numbersapi.com")
        == HTTPURL(host: "numbersapi.com", port: 80, target: "/", hostHeader: "numbersapi.com"))
    #expect(
      try HTTPURL.parse("http://[::1]:81?q")
        == HTTPURL(host: "::1", port: 81, target: "/?q", hostHeader: "[::1]:81"))
  }

  // MARK: Cancellation

  @Test func cancellationThrowsCancellationErrorAndClosesTheSocketPromptly() async throws {
    let server = try serve("", holdOpen: true)
    defer { server.stop() }
    let address = "http://127.0.0.1:\(server.port)/"
    let task = Task { try await HTTPGet().get(address) }
    #expect(try await eventually { server.requestLines.count == 1 })
    let start = ContinuousClock.now
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    // The read timeout is 30 s: well under it means cancellation did it (slack for load).
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(try await eventually { server.clientCloses == 1 })
  }

  @Test func aCancelledTaskSendsNoRequest() async throws {
    let server = try serve("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
    defer { server.stop() }
    let address = "http://127.0.0.1:\(server.port)/"
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await HTTPGet().get(address)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(server.requestLines.isEmpty)
  }
}

extension NumberFactEndpointTests {
  @Test func liveHTTPSFailsNamingTheBuiltInClient() async {
    let message =
      "https is not supported by the built-in client: https://numbersapi.com/3 "
      + "(use an http:// address, or override numberFact.fetch)"
    await #expect(throws: NumberFactError(message)) {
      try await NumberFactClient.live(baseURL: "https://numbersapi.com").fetch(3)
    }
  }
}
