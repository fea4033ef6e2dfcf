// Seed 002's DelayClient: a dependency with ONLY a live value (it sleeps one second on the
// continuous clock), so tests must override it. Catalogue-internal (`package`): importing
// DepsCore adds nothing to a user's DependencyValues.
import DepsCore

/// Waits before the Counter's delayed increment finishes.
package struct DelayClient: Sendable {
  /// Suspends for the delay.
  package var wait: @Sendable () async throws -> Void

  package init(wait: @escaping @Sendable () async throws -> Void) { self.wait = wait }
}

extension DelayClient: DependencyKey {
  package static var liveValue: DelayClient {
    DelayClient {
      LiveCalls.record("delayClient.wait")
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .seconds(1))
    }
  }

  /// No test value of its own, as in the seed: reading it in a test reports swift-dependencies'
  /// "has no test implementation" issue. Unlike swift-dependencies' default (which then hands
  /// out the live value), the client handed out never runs the live sleep — it ends the effect
  /// as cancelled — so a forgotten override fails the test without any live call.
  package static var testValue: DelayClient {
    if MissingTestValue.isSetting { return liveValue }
    MissingTestValue.report(Self.self)
    return DelayClient { throw CancellationError() }
  }
}

extension DependencyValues {
  /// The Counter's delay (live: one second on `continuousClock`).
  package var delayClient: DelayClient {
    get { self[DelayClient.self] }
    set { self[DelayClient.self] = newValue }
  }
}
