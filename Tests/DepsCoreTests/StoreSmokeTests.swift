import Testing
@testable import DepsCore

@Suite struct StoreSmokeTests {
  @Test func counterDelayedIncrement() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.delayClient.wait = {}
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.delayedIncrementButtonTapped) { $0.isLoading = true }
    await store.receive(.delayedIncrementFinished) {
      $0.count = 2
      $0.isLoading = false
    }
  }

  @Test func timerWithTestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleButtonTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.timerTicked) { $0.secondsElapsed = 1 }
    await store.receive(.timerTicked) { $0.secondsElapsed = 2 }
    await store.send(.toggleButtonTapped) { $0.isRunning = false }
  }

  @Test func numberFactMismatchReports() async {
    let recorder = RecordingIssueReporter()
    await withIssueReporters([recorder]) {
      let store = TestStore(initialState: NumberFact.State()) {
        NumberFact()
      } withDependencies: {
        $0.numberFact.fetch = { "\($0)은 좋은 숫자입니다." }
      }
      await store.send(.incrementButtonTapped) { $0.count = 2 }
      await store.send(.numberFactButtonTapped)
      await store.receive(.numberFactResponse(.success("1은 좋은 숫자입니다."))) {
        $0.numberFact = "1은 좋은 숫자입니다."
      }
    }
    for m in recorder.messages { print(m) }
    #expect(recorder.messages.count == 1)
  }

  @Test func bridgeCounter() throws {
    let feature = try FeatureRegistry.shared.descriptor("Counter")
    var overrides = DependencyOverrides()
    try overrides.set("delayClient.wait", function: { _ in .null })
    let store = try feature.openTest(overrides: overrides)
    print(try store.send(.string("incrementButtonTapped"), assert: .patch(["count": 1])))
    #expect(try store.send(.string("delayedIncrementButtonTapped"), assert: .patch(["isLoading": true])) == [])
    #expect(try store.receive(.string("delayedIncrementFinished"), assert: .patch(["count": 2, "isLoading": false]), timeout: 1) == [])
    #expect(store.close() == [])
    print(FeatureRegistry.shared.all.map(\.catalogueValue.description))
  }
}
