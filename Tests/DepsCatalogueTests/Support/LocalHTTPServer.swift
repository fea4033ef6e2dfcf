// A tiny blocking HTTP/1.1 server on 127.0.0.1 for the live NumberFact and HTTPGet tests: it
// listens on a random free port and answers every request with one fixed response (a status and
// body, or raw bytes, optionally then held open like a slow server), on a thread of its own,
// until stopped. No test touches the internet.
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

struct LocalServerError: Error, CustomStringConvertible {
  let description: String
}

final class LocalHTTPServer: Sendable {
  /// The port the server listens on.
  let port: UInt16
  private let listener: Int32
  private let stopped = DispatchSemaphore(value: 0)
  private let received = Mutex<[String]>([])
  private let held = Mutex<(client: Int32, stopping: Bool)>((-1, false))
  private let closesByClient = Mutex(0)

  /// Starts a server answering every request with `status` and `body`.
  convenience init(status: Int, body: String) throws {
    let reason = status == 200 ? "OK" : "Error"
    let bytes = Array(body.utf8)
    let response =
      Array(
        ("HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\n"
          + "Content-Length: \(bytes.count)\r\nConnection: close\r\n\r\n").utf8) + bytes
    try self.init(response: response)
  }

  /// Starts a server answering every request with the bytes `response` as they are (status
  /// line, header fields, body). With `holdOpen` it then keeps the connection open, sending
  /// nothing more, until the client closes it (a slow server).
  init(response: [UInt8], holdOpen: Bool = false) throws {
    let (listener, port) = try Self.bindLoopback()
    guard listen(listener, 16) == 0 else {
      close(listener)
      throw LocalServerError(description: "listen failed: errno \(errno)")
    }
    self.listener = listener
    self.port = port
    let thread = Thread { [self] in
      serve(response: response, holdOpen: holdOpen)
      stopped.signal()
    }
    thread.start()
  }

  /// The request lines received so far (`GET /3 HTTP/1.1`).
  var requestLines: [String] { requests.compactMap { $0.first } }

  /// The requests received so far, each as its head's lines (request line, header fields).
  var requests: [[String]] {
    received.withLock { $0 }.map {
      $0.split(separator: "\r\n", omittingEmptySubsequences: true).map(String.init)
    }
  }

  /// How many held-open connections the client closed (see `init(response:holdOpen:)`).
  var clientCloses: Int { closesByClient.withLock { $0 } }

  /// Stops accepting, waits for the serving thread and closes the socket.
  func stop() {
    held.withLock {
      $0.stopping = true
      if $0.client >= 0 { _ = shutdown($0.client, Int32(SHUT_RDWR)) }
    }
    shutdown(listener, Int32(SHUT_RDWR))
    stopped.wait()
    close(listener)
  }

  /// A port on 127.0.0.1 nothing listens on (bound, then released): connecting is refused.
  static func unusedPort() throws -> UInt16 {
    let (socket, port) = try bindLoopback()
    close(socket)
    return port
  }

  private static func bindLoopback() throws -> (Int32, UInt16) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else {
      throw LocalServerError(description: "socket failed: errno \(errno)")
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw LocalServerError(description: "bind failed: errno \(errno)")
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  private func serve(response: [UInt8], holdOpen: Bool) {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR { continue }
        return
      }
      if let head = Self.readRequestHead(client) { received.withLock { $0.append(head) } }
      response.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count, let base = buffer.baseAddress {
          let written = send(client, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
          if written <= 0 { break }
          offset += written
        }
      }
      if holdOpen { holdUntilClientCloses(client) }
      close(client)
    }
  }

  /// Waits (reading and dropping bytes) until the client closes `client`, or `stop()`.
  private func holdUntilClientCloses(_ client: Int32) {
    let stopping = held.withLock {
      $0.client = $0.stopping ? -1 : client
      return $0.stopping
    }
    if stopping { return }
    var chunk = [UInt8](repeating: 0, count: 256)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      if count > 0 || (count < 0 && errno == EINTR) { continue }
      if count == 0 { closesByClient.withLock { $0 += 1 } }
      break
    }
    held.withLock { $0.client = -1 }
  }

  /// Reads the request head (up to the blank line) and returns it.
  private static func readRequestHead(_ client: Int32) -> String? {
    var head: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1024)
    while !head.ends(with: Array("\r\n\r\n".utf8)) && head.count < 65_536 {
      let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      head += chunk[..<count]
    }
    return head.isEmpty ? nil : String(decoding: head, as: UTF8.self)
  }
}

extension Array where Element: Equatable {
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
