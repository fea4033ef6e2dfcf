// A Swift test store turns on the main serial executor for its lifetime and puts back the setting
// it found, as TCA's does; stores and `withMainSerialExecutor` scopes that end out of order still
// put back the first one's finding; an explicit setting wins over a store still alive from before;
// the explorer's synchronous runs leave the setting alone. XCTest runs these one at a time, so the
// process-wide setting is not shared with a test running alongside.
import ComposableArchitecture
import Foundation
import XCTest

final class MainSerialExecutorTests: XCTestCase {
  override func setUp() {
    super.setUp()
    if !uncheckedUseMainSerialExecutorIsUsable {
      // DEPS_SAFE_RUNTIME=1 (or a runtime without the hook): the setting always reads false.
      uncheckedUseMainSerialExecutor = false
    }
  }

  private var uncheckedUseMainSerialExecutorIsUsable: Bool {
    let previous = uncheckedUseMainSerialExecutor
    defer { uncheckedUseMainSerialExecutor = previous }
    uncheckedUseMainSerialExecutor = true
    return uncheckedUseMainSerialExecutor
  }

  func testAStoreTurnsItOnAndPutsBackOff() throws {
    try XCTSkipUnless(uncheckedUseMainSerialExecutorIsUsable, "the runtime's hook is not usable")
    uncheckedUseMainSerialExecutor = false
    var store: TestStore<Int, Void>? = TestStore(initialState: 0) { EmptyReducer() }
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    XCTAssertEqual(store?.useMainSerialExecutor, true)
    store = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
  }

  func testAStoreLeavesItOnWhenItWasOn() throws {
    try XCTSkipUnless(uncheckedUseMainSerialExecutorIsUsable, "the runtime's hook is not usable")
    uncheckedUseMainSerialExecutor = true
    defer { uncheckedUseMainSerialExecutor = false }
    var store: TestStore<Int, Void>? = TestStore(initialState: 0) { EmptyReducer() }
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    store = nil
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    _ = store
  }

  func testStoresEndingOutOfOrderPutBackWhatTheFirstFound() throws {
    try XCTSkipUnless(uncheckedUseMainSerialExecutorIsUsable, "the runtime's hook is not usable")
    uncheckedUseMainSerialExecutor = false
    var first: TestStore<Int, Void>? = TestStore(initialState: 0) { EmptyReducer() }
    var second: TestStore<Int, Void>? = TestStore(initialState: 0) { EmptyReducer() }
    first = nil
    XCTAssertTrue(uncheckedUseMainSerialExecutor, "the second store still lives")
    second = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    _ = (first, second)
  }

  func testAScopeAndAStoreEndingOutOfOrderPutBackOff() throws {
    try XCTSkipUnless(uncheckedUseMainSerialExecutorIsUsable, "the runtime's hook is not usable")
    uncheckedUseMainSerialExecutor = false
    var store: TestStore<Int, Void>?
    withMainSerialExecutor {
      store = TestStore(initialState: 0) { EmptyReducer() }
    }
    XCTAssertTrue(uncheckedUseMainSerialExecutor, "the store still lives")
    XCTAssertNotNil(store)
    store = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
  }

  func testAnExplicitSettingWinsOverAStoreStillAlive() throws {
    try XCTSkipUnless(uncheckedUseMainSerialExecutorIsUsable, "the runtime's hook is not usable")
    var kept: TestStore<Int, Void>? = TestStore(initialState: 0) { EmptyReducer() }
    uncheckedUseMainSerialExecutor = false
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    var store: TestStore<Int, Void>? = TestStore(initialState: 0) { EmptyReducer() }
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    store = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor, "the store from before the setting still lives")
    kept = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    _ = (kept, store)
  }

  func testADetachedTaskRunsOnTheMainThreadWhileAStoreLives() async throws {
    try XCTSkipUnless(uncheckedUseMainSerialExecutorIsUsable, "the runtime's hook is not usable")
    uncheckedUseMainSerialExecutor = false
    var store: TestStore<Int, Void>? = TestStore(initialState: 0) { EmptyReducer() }
    let onMain = await Task.detached { Thread.isMainThread }.value
    XCTAssertTrue(onMain)
    store = nil
    _ = store
  }

  func testTheExplorerLeavesTheSettingAlone() async throws {
    uncheckedUseMainSerialExecutor = false
    let seen = LockIsolated<[Bool]>([])
    try await explore(
      initialState: 0,
      reducer: {
        Reduce<Int, Bool> { state, _ in
          seen.withValue { $0.append(uncheckedUseMainSerialExecutor) }
          state += 1
          return .none
        }
      },
      actions: [.constant(true)], invariant: { _, _ in true }, steps: 2, runs: 2, seed: 1)
    XCTAssertEqual(seen.value, [false, false, false, false])
  }
}
