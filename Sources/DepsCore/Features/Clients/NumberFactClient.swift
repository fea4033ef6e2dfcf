// Seed 000's NumberFactClient: live = HTTP GET $DEPS_NUMBER_FACT_URL/<n> (default
// http://numbersapi.com) with the body as text; preview = the seed's Korean preview text;
// test = unimplemented (a test must override it; the live implementation is never called).
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
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
  /// address of a local server.
  static func live(baseURL: String? = nil) -> NumberFactClient {
    NumberFactClient { number in
      LiveCalls.record("numberFact.fetch")
      let base = baseURL ?? environmentBaseURL
      let address = base.hasSuffix("/") ? "\(base)\(number)" : "\(base)/\(number)"
      guard let url = URL(string: address) else {
        throw NumberFactError("invalid number fact URL: \(address)")
      }
      let data: Data
      let response: URLResponse
      do {
        (data, response) = try await URLSession.shared.data(from: url)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        throw NumberFactError("could not reach \(address)")
      }
      if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
        throw NumberFactError("HTTP \(http.statusCode) from \(address)")
      }
      return String(decoding: data, as: UTF8.self)
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
