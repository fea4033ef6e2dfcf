// Seed 000's NumberFactClient: live = HTTP GET $DEPS_NUMBER_FACT_URL/<n> (default
// http://numbersapi.com) with the body as text, through the built-in HTTPGet (http:// only, no
// FoundationNetworking); preview = the seed's Korean preview text; test = unimplemented (a test
// must override it; the live implementation is never called).
import DepsCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches a fact about a number.
package struct NumberFactClient: Sendable {
  /// The fact about the number.
  package var fetch: @Sendable (Int) async throws -> String

  package init(fetch: @escaping @Sendable (Int) async throws -> String) { self.fetch = fetch }
}

/// Why the live number-fact request failed, worded for the user.
package struct NumberFactError: Error, Equatable, CustomStringConvertible, LocalizedError {
  package let description: String
  package var errorDescription: String? { description }
  package init(_ description: String) { self.description = description }
}

extension NumberFactClient: DependencyKey {
  package static let liveValue = live()

  /// The live client: HTTP GET `<baseURL>/<n>`, the body as text. With no `baseURL`,
  /// `$DEPS_NUMBER_FACT_URL` (read at each call) or `http://numbersapi.com`. Tests pass the
  /// address of a local server. Only `http://` is supported (the built-in `HTTPGet`, whose
  /// cancellation closes the socket at once: there is no URLSessionTask whose `cancel()` could
  /// hang or crash, as swift-corelibs-foundation #5412 did).
  static func live(baseURL: String? = nil, http: HTTPGet = HTTPGet()) -> NumberFactClient {
    NumberFactClient { number in
      LiveCalls.record("numberFact.fetch")
      let base = baseURL ?? environmentBaseURL
      let address = base.hasSuffix("/") ? "\(base)\(number)" : "\(base)/\(number)"
      let response: HTTPResponse
      do {
        response = try await http.get(address)
      } catch let error as HTTPGetError {
        throw NumberFactError(message(for: error, address: address))
      }
      guard (200..<300).contains(response.status) else {
        throw NumberFactError("HTTP \(response.status) from \(address)")
      }
      return String(decoding: response.body, as: UTF8.self)
    }
  }

  /// NumberFactError's text for a failed request of `address`.
  static func message(for error: HTTPGetError, address: String) -> String {
    switch error {
    case .invalidURL:
      "invalid number fact URL: \(address)"
    case .unsupportedScheme(let scheme):
      "\(scheme) is not supported by the built-in client: \(address) (use an http:// address, "
        + "or override numberFact.fetch)"
    case .malformedResponse:
      "invalid HTTP response from \(address)"
    case .bodyTooLarge(let limit):
      "the response from \(address) is longer than \(limit) bytes"
    case .cannotResolve, .cannotConnect, .connectTimedOut, .readTimedOut, .connectionFailed,
      .systemFailure:
      "could not reach \(address)"
    }
  }

  private static var environmentBaseURL: String {
    ProcessInfo.processInfo.environment["DEPS_NUMBER_FACT_URL"].flatMap {
      $0.isEmpty ? nil : $0
    } ?? "http://numbersapi.com"
  }

  package static let previewValue = NumberFactClient { "\($0)은 Preview용 숫자입니다." }

  package static let testValue = NumberFactClient(
    fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  /// The number-fact client.
  package var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

/// The text an effect puts in state for a failed endpoint call.
package func userMessage(for error: any Error) -> String {
  if let localized = error as? LocalizedError, let text = localized.errorDescription {
    return text
  }
  return String(describing: error)
}
