// The counter tested as the guides test it.
import ComposableArchitecture
import DependenciesTestSupport
import Feature
import Foundation
import Testing

@MainActor
@Suite(.dependency(\.continuousClock, ImmediateClock()))
struct CounterFeatureTests {
  @Test func factAndReset() async {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number." }
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.factButtonTapped)
    await store.receive(\.factResponse, "1 is a good number.") {
      $0.fact = "1 is a good number."
    }
    await store.send(.resetButtonTapped) { $0.alert = AlertState { TextState("Reset?") } }
    await store.send(\.alert.confirmReset) {
      $0.alert = nil
      $0.count = 0
    }
  }
}

/// `\.urlSession` (the `URLSession` trait): unoverridden in a test it reports swift-dependencies'
/// text and hands out a session whose requests fail; an override is what a feature reads. No
/// `import FoundationNetworking`: with the trait, Dependencies re-exports it.
@Suite struct URLSessionDependencyTests {
  @Test func anUnoverriddenSessionIsReportedAndFails() async {
    @Dependency(\.urlSession) var urlSession
    let issues = await recordIssues {
      do {
        _ = try await urlSession.data(from: URL(string: "https://example.com")!)
        Issue.record("the request should fail")
      } catch {}
    }
    #expect(issues.map(\.message) == [#"Unimplemented: @Dependency(\.urlSession)"#])
  }

  @Test func anOverrideIsWhatAFeatureReads() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 7
    let session = URLSession(configuration: configuration)
    withDependencies {
      $0.urlSession = session
    } operation: {
      @Dependency(\.urlSession) var urlSession
      #expect(urlSession === session)
    }
  }
}
