// The built-in clients' one network operation: an HTTP/1.1 GET of an `http://` URL over POSIX
// sockets, so nothing links FoundationNetworking or libcurl, which keeps cold start low
// (docs/performance.md).
// The blocking work (getaddrinfo, connect, send, recv) runs on a thread of its own and resumes
// the awaiting caller through a continuation: inside a store it is work that "completes
// elsewhere" and is enqueued back on the store's executor. Cancelling the awaiting task resumes
// it at once with CancellationError and wakes the thread, which closes the socket. Every
// failure is an `HTTPGetError` value; no input crashes. Used by `NumberFactClient.live`; tests
// in HTTPGetTests.swift. https is not supported (no TLS library is linked on purpose).
import DepsCore
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Why an `HTTPGet` request failed.
enum HTTPGetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not an `http://host[:port][/path]` URL.
  case invalidURL(String)
  /// The URL's scheme (lowercased) is not `http`, e.g. `https`.
  case unsupportedScheme(String)
  /// getaddrinfo failed for the host.
  case cannotResolve(host: String, reason: String)
  /// No address of the host accepted the connection.
  case cannotConnect(String)
  /// The connection was not established within the connect timeout.
  case connectTimedOut
  /// The whole response did not arrive within the read timeout.
  case readTimedOut
  /// Sending the request or receiving the response failed.
  case connectionFailed(String)
  /// The bytes received are not an HTTP/1.x response.
  case malformedResponse(String)
  /// The body is longer than the client's limit (in bytes).
  case bodyTooLarge(limit: Int)
  /// The process could not create a socket or a thread.
  case systemFailure(String)

  var description: String {
    switch self {
    case .invalidURL(let text): "invalid URL: \(text)"
    case .unsupportedScheme(let scheme): "\(scheme) is not supported"
    case .cannotResolve(let host, let reason): "cannot resolve \(host): \(reason)"
    case .cannotConnect(let reason): "cannot connect: \(reason)"
    case .connectTimedOut: "connect timed out"
    case .readTimedOut: "timed out waiting for the response"
    case .connectionFailed(let reason): "connection failed: \(reason)"
    case .malformedResponse(let reason): "malformed response: \(reason)"
    case .bodyTooLarge(let limit): "the body is larger than \(limit) bytes"
    case .systemFailure(let reason): reason
    }
  }
}

/// A parsed `http://` URL: what the request line and the connection need.
struct HTTPURL: Equatable, Sendable {
  /// The host name or address, without the brackets of an IPv6 literal.
  var host: String
  /// The port to connect to (80 unless the URL names one).
  var port: UInt16
  /// The request target: the path (at least `/`) and the query, without the fragment.
  var target: String
  /// The `Host` header's value: the host as written, plus `:port` when the URL names one.
  var hostHeader: String

  /// Parses `http://host[:port][/path][?query][#fragment]`. Userinfo, whitespace and control
  /// characters are refused (they could not be sent safely in a request line).
  static func parse(_ text: String) throws(HTTPGetError) -> HTTPURL {
    let bytes = Array(text.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      bytes[..<colon].allSatisfy(isSchemeByte)
    else { throw .invalidURL(text) }
    let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    guard scheme == "http" else { throw .unsupportedScheme(scheme) }
    let rest = bytes[(colon + 1)...]
    guard rest.starts(with: "//".utf8), !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F })
    else { throw .invalidURL(text) }
    let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
    let authorityEnd =
      rest[afterSlashes...].firstIndex {
        $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      } ?? rest.endIndex
    let authority = rest[afterSlashes..<authorityEnd]
    var target = rest[authorityEnd...]
    if let hash = target.firstIndex(of: UInt8(ascii: "#")) { target = target[..<hash] }
    guard !authority.contains(UInt8(ascii: "@")) else { throw .invalidURL(text) }

    let hostPart: ArraySlice<UInt8>
    let portPart: ArraySlice<UInt8>?
    if authority.first == UInt8(ascii: "[") {
      guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
        throw .invalidURL(text)
      }
      hostPart = authority[(authority.startIndex + 1)..<close]
      let after = authority[(close + 1)...]
      if after.isEmpty {
        portPart = nil
      } else if after.first == UInt8(ascii: ":") {
        portPart = after.dropFirst()
      } else {
        throw .invalidURL(text)
      }
    } else if let portColon = authority.lastIndex(of: UInt8(ascii: ":")) {
      hostPart = authority[..<portColon]
      portPart = authority[(portColon + 1)...]
    } else {
      hostPart = authority
      portPart = nil
    }
    guard !hostPart.isEmpty,
      !hostPart.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") })
    else { throw .invalidURL(text) }

    var port: UInt16 = 80
    if let portPart {
      guard !portPart.isEmpty, portPart.count <= 5,
        portPart.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        let value = UInt16(String(decoding: portPart, as: UTF8.self)), value > 0
      else { throw .invalidURL(text) }
      port = value
    }
    let path = target.isEmpty || target.first == UInt8(ascii: "?") ? "/" : ""
    return HTTPURL(
      host: String(decoding: hostPart, as: UTF8.self),
      port: port,
      target: path + String(decoding: target, as: UTF8.self),
      hostHeader: String(decoding: authority, as: UTF8.self))
  }

  private static func isSchemeByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
      UInt8(ascii: "."):
      true
    default: false
    }
  }
}

/// A complete HTTP response.
struct HTTPResponse: Equatable, Sendable {
  /// The status code, e.g. 200.
  var status: Int
  /// The header fields in order, names lowercased, values without surrounding blanks.
  var headers: [(name: String, value: String)]
  /// The body, after removing any chunked transfer-coding.
  var body: [UInt8]

  /// The value of the first header field called `name` (case-insensitive).
  func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return headers.first { $0.name == lowered }?.value
  }

  static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
    lhs.status == rhs.status && lhs.body == rhs.body
      && lhs.headers.map(\.name) == rhs.headers.map(\.name)
      && lhs.headers.map(\.value) == rhs.headers.map(\.value)
  }
}

/// An HTTP/1.1 GET client for `http://` URLs with its limits. `HTTPGet().get(url)` uses the
/// defaults; tests shorten the timeouts and the body limit.
struct HTTPGet: Sendable {
  /// How long resolving the host and connecting may take, in total.
  var connectTimeout: Duration = .seconds(10)
  /// How long the whole response may take to arrive once the connection is open.
  var readTimeout: Duration = .seconds(30)
  /// The longest body accepted, in bytes (1 MB).
  var maxBodyBytes = 1 << 20
  /// The longest status line plus header fields accepted, in bytes (and of one chunk-size line).
  var maxHeadBytes = 64 << 10
  /// The `User-Agent` header's value.
  var userAgent = "Deps/\(DepsVersion.string)"

  /// Fetches `address` with a GET request. Throws `HTTPGetError`, or `CancellationError` when
  /// the calling task is cancelled (the socket is closed promptly). Any status is a response.
  func get(_ address: String) async throws -> HTTPResponse {
    let url = try HTTPURL.parse(address)
    try Task.checkCancellation()
    let exchange = try Exchange()
    let job = Job(request: self, url: url, exchange: exchange)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard exchange.install(continuation) else { return }
        job.start()
      }
    } onCancel: {
      exchange.cancel()
    }
  }

  /// The request's bytes.
  func requestHead(for url: HTTPURL) -> [UInt8] {
    Array(
      ("GET \(url.target) HTTP/1.1\r\nHost: \(url.hostHeader)\r\nConnection: close\r\n"
        + "User-Agent: \(userAgent)\r\n\r\n").utf8)
  }
}

// MARK: - The hand-over between the awaiting task and the I/O thread

/// The continuation, the cancelled flag, and the socket pair that wakes the I/O thread when the
/// task is cancelled. The pair is closed when both sides let go (deinit), so a late wake never
/// writes to a reused descriptor.
private final class Exchange: Sendable {
  private struct State {
    var continuation: CheckedContinuation<HTTPResponse, any Error>?
    var cancelled = false
    var finished = false
  }

  /// Readable once the task is cancelled.
  let wakeReader: Int32
  private let wakeWriter: Int32
  private let state = Mutex(State())

  init() throws(HTTPGetError) {
    var pair: [Int32] = [-1, -1]
    let kind =
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
      | Int32(SOCK_NONBLOCK.rawValue)
    guard socketpair(AF_UNIX, kind, 0, &pair) == 0 else {
      throw .systemFailure("could not create a socket pair: \(errnoText(errno))")
    }
    wakeReader = pair[0]
    wakeWriter = pair[1]
  }

  deinit {
    close(wakeReader)
    close(wakeWriter)
  }

  /// Keeps `continuation` for `finish`; when the task was already cancelled, resumes it with
  /// CancellationError instead and returns false (the request must not start).
  func install(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
    let cancelled = state.withLock { state in
      if !state.cancelled { state.continuation = continuation }
      return state.cancelled
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
    return !cancelled
  }

  /// The task was cancelled: resume it now and wake the I/O thread.
  func cancel() {
    let continuation = state.withLock { state in
      state.cancelled = true
      defer { state.continuation = nil }
      return state.continuation
    }
    var byte: UInt8 = 1
    _ = send(wakeWriter, &byte, 1, Int32(MSG_NOSIGNAL))
    continuation?.resume(throwing: CancellationError())
  }

  /// The I/O thread's result; ignored when the task was cancelled first.
  func finish(_ result: Result<HTTPResponse, HTTPGetError>) {
    let continuation = state.withLock { state in
      defer { state.continuation = nil }
      return state.continuation
    }
    switch result {
    case .success(let response): continuation?.resume(returning: response)
    case .failure(let error): continuation?.resume(throwing: error)
    }
  }
}

/// One request on its own thread.
private final class Job: Sendable {
  let request: HTTPGet
  let url: HTTPURL
  let exchange: Exchange

  init(request: HTTPGet, url: HTTPURL, exchange: Exchange) {
    self.request = request
    self.url = url
    self.exchange = exchange
  }

  /// Runs the request on a new detached thread (its result goes to the exchange).
  func start() {
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
        job.exchange.finish(job.run())
        return nil
      }, context)
    if status == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<Job>.fromOpaque(context).release()
      exchange.finish(.failure(.systemFailure("could not start a thread: \(errnoText(status))")))
    }
  }

  /// The blocking request.
  func run() -> Result<HTTPResponse, HTTPGetError> {
    let connection: Connection
    switch connect() {
    case .success(let open): connection = open
    case .failure(let error): return .failure(error)
    }
    defer { close(connection.socket) }
    var reader = ResponseReader(
      connection: connection,
      deadline: MonotonicClock.deadline(after: request.readTimeout),
      request: request)
    do {
      try reader.send(request.requestHead(for: url))
      return .success(try reader.readResponse())
    } catch {
      return .failure(error)
    }
  }

  /// Resolves the host and connects to the first address that accepts, within the timeout.
  private func connect() -> Result<Connection, HTTPGetError> {
    let deadline = MonotonicClock.deadline(after: request.connectTimeout)
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let resolved = getaddrinfo(url.host, String(url.port), &hints, &list)
    defer { if let list { freeaddrinfo(list) } }
    guard resolved == 0 else {
      let reason =
        resolved == EAI_SYSTEM ? errnoText(errno) : String(cString: gai_strerror(resolved))
      return .failure(.cannotResolve(host: url.host, reason: reason))
    }
    var failure = HTTPGetError.cannotConnect("no address for \(url.host)")
    var next = list
    while let info = next?.pointee {
      next = info.ai_next
      if exchange.isCancelled { return .failure(.connectionFailed("cancelled")) }
      let kind = info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
      let descriptor = socket(info.ai_family, kind, info.ai_protocol)
      guard descriptor >= 0 else {
        failure = .systemFailure("could not create a socket: \(errnoText(errno))")
        continue
      }
      let connection = Connection(socket: descriptor, wake: exchange.wakeReader)
      if Glibc.connect(descriptor, info.ai_addr, info.ai_addrlen) == 0 {
        return .success(connection)
      }
      guard errno == EINPROGRESS else {
        failure = .cannotConnect(errnoText(errno))
        close(descriptor)
        continue
      }
      switch connection.wait(for: Int16(POLLOUT), until: deadline) {
      case .ready:
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) != 0 { code = errno }
        if code == 0 { return .success(connection) }
        failure = .cannotConnect(errnoText(code))
      case .timedOut:
        close(descriptor)
        return .failure(.connectTimedOut)
      case .cancelled:
        close(descriptor)
        return .failure(.connectionFailed("cancelled"))
      case .failed(let code):
        failure = .cannotConnect(errnoText(code))
      }
      close(descriptor)
    }
    return .failure(failure)
  }
}

extension Exchange {
  /// True once the task was cancelled (the thread should stop).
  fileprivate var isCancelled: Bool { state.withLock { $0.cancelled } }
}

// MARK: - Sockets

/// An open, non-blocking socket and the descriptor that becomes readable on cancellation.
private struct Connection {
  enum Readiness: Equatable {
    case ready, timedOut, cancelled
    case failed(Int32)
  }

  let socket: Int32
  let wake: Int32

  /// Waits until the socket has `events`, the deadline passes, or the task is cancelled.
  func wait(for events: Int16, until deadline: UInt64) -> Readiness {
    var fds = [
      pollfd(fd: socket, events: events, revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let now = MonotonicClock.now
      guard now < deadline else { return .timedOut }
      let milliseconds = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
      let count = poll(&fds, 2, milliseconds)
      if count < 0 {
        if errno == EINTR { continue }
        return .failed(errno)
      }
      if fds[1].revents != 0 { return .cancelled }
      if fds[0].revents != 0 { return .ready }
    }
  }
}

/// Sends the request and reads one response from a connection, within one deadline.
private struct ResponseReader {
  let connection: Connection
  let deadline: UInt64
  let request: HTTPGet
  private var buffer: [UInt8] = []
  private var position = 0
  private var closed = false
  private var headBytes = 0

  init(connection: Connection, deadline: UInt64, request: HTTPGet) {
    self.connection = connection
    self.deadline = deadline
    self.request = request
  }

  mutating func send(_ bytes: [UInt8]) throws(HTTPGetError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { raw in
        Glibc.send(
          connection.socket, raw.baseAddress.map { $0 + offset }, raw.count - offset,
          Int32(MSG_NOSIGNAL))
      }
      if written > 0 {
        offset += written
        continue
      }
      let code = errno
      guard written < 0, code == EAGAIN || code == EWOULDBLOCK || code == EINTR else {
        throw .connectionFailed("send failed: \(errnoText(code))")
      }
      try wait(for: Int16(POLLOUT))
    }
  }

  /// Reads the status line, the header fields and the body (skipping 1xx interim responses).
  mutating func readResponse() throws(HTTPGetError) -> HTTPResponse {
    while true {
      headBytes = 0
      let status = try readStatusLine()
      let headers = try readHeaders()
      if (100..<200).contains(status) {
        if status == 101 { throw .malformedResponse("unexpected 101 Switching Protocols") }
        continue
      }
      var response = HTTPResponse(status: status, headers: headers, body: [])
      if status == 204 || status == 304 { return response }
      response.body = try readBody(headers: headers)
      return response
    }
  }

  private mutating func readStatusLine() throws(HTTPGetError) -> Int {
    guard let line = try readLine() else {
      throw .malformedResponse("the server closed the connection without a response")
    }
    // HTTP/1.x SP 3DIGIT [SP reason]
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    guard line.count >= 12, line.starts(with: "HTTP/1.".utf8), digits.contains(line[7]),
      line[8] == UInt8(ascii: " "), line[9...11].allSatisfy({ digits.contains($0) }),
      line.count == 12 || line[12] == UInt8(ascii: " ")
    else { throw .malformedResponse("invalid status line \"\(printable(line))\"") }
    return line[9...11].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }

  private mutating func readHeaders() throws(HTTPGetError) -> [(name: String, value: String)] {
    var headers: [(name: String, value: String)] = []
    while true {
      guard let line = try readLine() else {
        throw .malformedResponse("the connection closed inside the header fields")
      }
      if line.isEmpty { return headers }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
        !line[..<colon].contains(where: isBlank)
      else { throw .malformedResponse("invalid header field \"\(printable(line))\"") }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      let value = Substring(String(decoding: line[(colon + 1)...], as: UTF8.self))
      headers.append((name, value.trimmingBlanks))
    }
  }

  private mutating func readBody(headers: [(name: String, value: String)]) throws(HTTPGetError)
    -> [UInt8]
  {
    let codings = headers.filter { $0.name == "transfer-encoding" }
      .flatMap { $0.value.split(separator: ",") }
      .map { $0.trimmingBlanks.lowercased() }
    if let last = codings.last {
      return last == "chunked" ? try readChunkedBody() : try readUntilClose()
    }
    let lengths = headers.filter { $0.name == "content-length" }
      .flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }
      .map { $0.trimmingBlanks }
    guard let first = lengths.first else { return try readUntilClose() }
    guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
      first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let length = Int(first)
    else {
      throw .malformedResponse("invalid Content-Length \"\(lengths.joined(separator: ","))\"")
    }
    guard length <= request.maxBodyBytes else { throw .bodyTooLarge(limit: request.maxBodyBytes) }
    return try readExactly(length)
  }

  private mutating func readChunkedBody() throws(HTTPGetError) -> [UInt8] {
    var body: [UInt8] = []
    while true {
      headBytes = 0
      guard let line = try readLine() else {
        throw .malformedResponse("the connection closed inside the chunked body")
      }
      let sizeText = Array(
        Substring(String(decoding: line.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self))
          .trimmingBlanks.utf8)
      guard !sizeText.isEmpty, sizeText.count <= 15, sizeText.allSatisfy(isHexDigit),
        let size = Int(String(decoding: sizeText, as: UTF8.self), radix: 16)
      else { throw .malformedResponse("invalid chunk size \"\(printable(line))\"") }
      if size == 0 {
        while let trailer = try readLine(), !trailer.isEmpty {}
        return body
      }
      guard body.count + size <= request.maxBodyBytes else {
        throw .bodyTooLarge(limit: request.maxBodyBytes)
      }
      body += try readExactly(size)
      guard let end = try readLine() else {
        throw .malformedResponse("the connection closed inside the chunked body")
      }
      guard end.isEmpty else { throw .malformedResponse("a chunk is longer than its size") }
    }
  }

  private mutating func readUntilClose() throws(HTTPGetError) -> [UInt8] {
    repeat {
      if buffer.count - position > request.maxBodyBytes {
        throw .bodyTooLarge(limit: request.maxBodyBytes)
      }
    } while try fill()
    let body = Array(buffer[position...])
    position = buffer.count
    return body
  }

  private mutating func readExactly(_ count: Int) throws(HTTPGetError) -> [UInt8] {
    while buffer.count - position < count {
      guard try fill() else {
        throw .malformedResponse("the connection closed before the end of the body")
      }
    }
    let bytes = Array(buffer[position..<(position + count)])
    position += count
    return bytes
  }

  /// The next line without its `\n` or `\r\n`; nil when the connection closed before one.
  private mutating func readLine() throws(HTTPGetError) -> [UInt8]? {
    var searched = position
    while true {
      if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        headBytes += newline + 1 - position
        guard headBytes <= request.maxHeadBytes else {
          throw .malformedResponse("the header is longer than \(request.maxHeadBytes) bytes")
        }
        let end =
          newline > position && buffer[newline - 1] == UInt8(ascii: "\r")
          ? newline - 1 : newline
        let line = Array(buffer[position..<end])
        position = newline + 1
        return line
      }
      searched = buffer.count
      guard headBytes + (buffer.count - position) <= request.maxHeadBytes else {
        throw .malformedResponse("the header is longer than \(request.maxHeadBytes) bytes")
      }
      guard try fill() else { return nil }
    }
  }

  /// Receives more bytes into the buffer; false at the end of the stream.
  private mutating func fill() throws(HTTPGetError) -> Bool {
    if closed { return false }
    if position > 0 && position >= buffer.count / 2 {
      buffer.removeSubrange(..<position)
      position = 0
    }
    let chunk = 16 << 10
    while true {
      let start = buffer.count
      buffer.append(contentsOf: repeatElement(0, count: chunk))
      let received = buffer.withUnsafeMutableBytes { raw in
        recv(connection.socket, raw.baseAddress.map { $0 + start }, chunk, 0)
      }
      let code = errno
      buffer.removeLast(chunk - max(received, 0))
      if received > 0 { return true }
      if received == 0 {
        closed = true
        return false
      }
      guard code == EAGAIN || code == EWOULDBLOCK || code == EINTR else {
        throw .connectionFailed("receive failed: \(errnoText(code))")
      }
      try wait(for: Int16(POLLIN))
    }
  }

  private func wait(for events: Int16) throws(HTTPGetError) {
    switch connection.wait(for: events, until: deadline) {
    case .ready: return
    case .timedOut: throw .readTimedOut
    case .cancelled: throw .connectionFailed("cancelled")
    case .failed(let code): throw .connectionFailed("poll failed: \(errnoText(code))")
    }
  }
}

// MARK: - Helpers

private func isBlank(_ byte: UInt8) -> Bool {
  byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
}

private func isHexDigit(_ byte: UInt8) -> Bool {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
    UInt8(ascii: "A")...UInt8(ascii: "F"):
    true
  default: false
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingBlanks: String {
    let bytes = Array(utf8)
    let start = bytes.firstIndex { !isBlank($0) } ?? bytes.endIndex
    let end = bytes.lastIndex { !isBlank($0) }.map { $0 + 1 } ?? start
    return String(decoding: bytes[start..<Swift.max(start, end)], as: UTF8.self)
  }
}

/// At most 60 bytes of `line`, bytes outside printable ASCII shown as `?`.
private func printable(_ line: [UInt8]) -> String {
  let shown = line.prefix(60).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }
  return String(decoding: shown, as: UTF8.self) + (line.count > 60 ? "…" : "")
}

private func errnoText(_ code: Int32) -> String {
  guard let text = strerror(code) else { return "errno \(code)" }
  return String(cString: text)
}
