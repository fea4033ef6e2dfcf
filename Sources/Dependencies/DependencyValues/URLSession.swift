// The `urlSession` dependency: `DependencyValues.urlSession` and its key, as in
// swift-dependencies, behind the package trait `URLSession` (Package.swift: it links
// FoundationNetworking). live: `URLSession.shared`. test: reports "Unimplemented:
// @Dependency(\.urlSession)" (not while a `withDependencies` closure sets it up) and hands out an
// ephemeral session whose every request fails.
#if URLSession
import Foundation
import IssueReporting
#if canImport(FoundationNetworking)
// Re-exported: code that reads `\.urlSession` makes sessions too (`URLSession(configuration:)`),
// which Foundation has on Apple platforms and FoundationNetworking on Linux.
@_exported @preconcurrency import FoundationNetworking
#endif

extension DependencyValues {
  /// The URL session features should use to make URL requests.
  ///
  /// ```swift
  /// @Dependency(\.urlSession) var urlSession
  /// let (data, _) = try await urlSession.data(from: url)
  ///
  /// // In a test:
  /// withDependencies {
  ///   let configuration = URLSessionConfiguration.ephemeral
  ///   configuration.protocolClasses = [MockURLProtocol.self]
  ///   $0.urlSession = URLSession(configuration: configuration)
  /// } operation: { … }
  /// ```
  /// live: `URLSession.shared`. In tests, reading it without an override reports
  /// "Unimplemented: @Dependency(\.urlSession)" and hands out a session whose requests all
  /// fail. Available with the package trait `URLSession`.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }

  private enum URLSessionKey: DependencyKey {
    static let liveValue = URLSession.shared
    static var testValue: URLSession {
      if !SettingScope.isActive {
        reportIssue(#"Unimplemented: @Dependency(\.urlSession)"#)
      }
      let configuration = URLSessionConfiguration.ephemeral
      configuration.protocolClasses = [UnimplementedURLProtocol.self]
      return URLSession(configuration: configuration)
    }
  }
}

/// Fails every request: the protocol of the test value's session.
private final class UnimplementedURLProtocol: URLProtocol {
  struct UnimplementedURLSession: Error {}

  override class func canInit(with request: URLRequest) -> Bool { true }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    client?.urlProtocol(self, didFailWithError: UnimplementedURLSession())
  }

  override func stopLoading() {}
}
#endif
