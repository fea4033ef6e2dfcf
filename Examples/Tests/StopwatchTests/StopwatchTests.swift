// The stopwatch under an exhaustive TestStore: a test clock drives the ticks, the lap log is
// overridden (its test value is unimplemented), and the module registers what the fronts list.
import DepsCore
import Stopwatch
import Synchronization
import Testing

@Suite struct StopwatchTests {
  @Test func ticksLapsAndStops() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stopwatch.State()) {
      Stopwatch()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.elapsed = 1 }
    await store.receive(.tick) { $0.elapsed = 2 }
    await store.send(.lapTapped) { $0.laps = [2] }
    await store.send(.stopTapped) { $0.isRunning = false }
  }

  @Test func savesLapsThroughTheLog() async {
    let saved = Mutex<[[Int]]>([])
    var state = Stopwatch.State()
    state.laps = [3, 7]
    let store = TestStore(initialState: state) {
      Stopwatch()
    } withDependencies: {
      $0.lapLog.append = { laps in
        saved.withLock { $0.append(laps) }
        return 4
      }
    }
    await store.send(.saveTapped)
    await store.receive(.saved(4)) { $0.savedRuns = 4 }
    #expect(saved.withLock { $0 } == [[3, 7]])
  }

  @Test func aFailedSaveIsShown() async {
    let store = TestStore(initialState: Stopwatch.State()) {
      Stopwatch()
    } withDependencies: {
      $0.lapLog.append = { _ in throw LapLogError(description: "disk full") }
    }
    await store.send(.saveTapped)
    await store.receive(.saveFailed("disk full")) { $0.saveError = "disk full" }
  }

  @Test func theModuleRegistersTheFeatureAndItsPath() throws {
    let features = FeatureRegistry()
    let endpoints = EndpointRegistry()
    Stopwatch.module.register(into: features, endpoints: endpoints)
    #expect(features.all.map(\.name) == ["Stopwatch"])
    #expect(endpoints.all.map(\.path) == ["lapLog.append"])
    let descriptor = try endpoints.descriptor("lapLog.append")
    #expect(descriptor.input == "array of integer")
    #expect(descriptor.output == "integer")
  }
}
