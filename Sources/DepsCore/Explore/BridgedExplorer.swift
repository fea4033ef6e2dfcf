// The explorer's driver of a test store whose state and actions travel as `JSONValue` (the
// Lua front's `deps.explore`): every test store `FeatureDescriptor.openTest` opens can be
// explored. Issues reported during a step (an unimplemented dependency, an effect's unhandled
// error, a Lua error in the feature) come back with the step.
import ComposableArchitecture
import IssueReporting

/// What one explored step did.
public struct ExploreBridgedStep {
  /// Issues the store reported meanwhile, in the front's words.
  public var issues: [String]
  /// While recording: every action handled (the sent one first), with the state after it.
  public var handled: [(action: JSONValue, state: JSONValue)]
  /// While recording: the index in `handled` where the test clock started moving.
  public var advancedAt: Int?
}

/// Drives one test store for the explorer.
public protocol BridgedExplorer: AnyObject {
  /// True when the store's dependencies hold a test clock.
  var hasTestClock: Bool { get }
  /// Makes every later effect-order choice come from `order` (a repro's whole-test order).
  func setStandingOrder(_ order: ExploreChoices?)
  /// Sends `action`, runs its effects, advances the test clock by `advance` seconds; effects
  /// ready at once run in the order `order` picks.
  func step(_ action: JSONValue, order: ExploreChoices?, advance: Double?, recording: Bool)
    throws(BridgeError) -> ExploreBridgedStep
  /// The current state.
  var state: JSONValue { get }
  /// Cancels running effects and ends the test store without reporting leftovers.
  func close()
}

/// A test store that an explorer can drive.
public protocol ExplorableTestStore: BridgedTestStore {
  /// The explorer's driver of this store (makes it non-exhaustive).
  func explorer() -> any BridgedExplorer
}

extension SwiftBridgedTestStore: ExplorableTestStore {
  func explorer() -> any BridgedExplorer {
    SwiftBridgedExplorer(bridge: self)
  }
}

final class SwiftBridgedExplorer<State: Equatable, Action>: BridgedExplorer {
  private let bridge: SwiftBridgedTestStore<State, Action>
  private let driver: ExploreDriver<State, Action>

  init(bridge: SwiftBridgedTestStore<State, Action>) {
    self.bridge = bridge
    self.driver = ExploreDriver(bridge.store)
  }

  var hasTestClock: Bool { driver.hasTestClock }

  func setStandingOrder(_ order: ExploreChoices?) { driver.setStandingOrder(order) }

  var state: JSONValue { bridge.codec.encodeState(driver.state) }

  func step(_ action: JSONValue, order: ExploreChoices?, advance: Double?, recording: Bool)
    throws(BridgeError) -> ExploreBridgedStep
  {
    try bridge.feature.validateActionName(action)
    let typed = try bridge.codec.decodeAction(action)
    let duration = advance.map { Duration.nanoseconds(Int64(max(0, min($0, 1e9)) * 1e9)) }
    driver.log.recording = recording
    driver.log.entries.removeAll(keepingCapacity: true)
    withIssueReporters([bridge.recorder]) {
      driver.step(typed, order: order, advance: duration)
    }
    var step = ExploreBridgedStep(issues: [], handled: [], advancedAt: nil)
    let messages = bridge.recorder.takeMessages()
    if !messages.isEmpty {
      let wording = bridge.wording
      step.issues = messages.map { wording.issue($0) }
    }
    if recording {
      let codec = bridge.codec
      step.handled = driver.log.entries.map {
        (codec.encodeAction($0.action), codec.encodeState($0.state))
      }
      step.advancedAt = driver.log.advancedAt
      driver.log.entries.removeAll()
    }
    return step
  }

  func close() {
    withIssueReporters([bridge.recorder]) { driver.close() }
    bridge.recorder.removeAll()
    // One run sends only some of the actions: an override it did not call is no news.
    _ = bridge.overridesTrace?.takeUnreportedUnusedOverrides()
  }
}
