// How the TestStore asserts shared state, as TCA's: the store's dependencies carry a
// SharedChangeTracker, so `withLock` calls made by the reducer and effects record each shared
// value's state before the change. Each assertion runs inside the tracker's `assert`: there the
// expected state's `Shared` values read (and the assertion closure changes) those snapshots,
// and `==` compares them with the live values — a change the test did not assert is a state
// mismatch. The tracker is reset after each assertion; changes left when the test ends (or
// `finish` returns) fail with TCA's text.
@_spi(SharedChangeTracking) import Sharing

extension TestStore {
  /// Runs an assertion inside the tracker's assertion scope (once: `body` is told whether an
  /// unnecessary-modify failure must be skipped, which it must when shared state changed, since
  /// the expected and the actual state then share those values). Returns false when already
  /// inside, so the caller goes on itself.
  func assertingSharedState(skipUnnecessaryModify: Bool, _ body: (Bool) -> Void) -> Bool {
    guard !isAssertingSharedState else { return false }
    isAssertingSharedState = true
    defer { isAssertingSharedState = false }
    sharedChangeTracker.assert {
      let skip = skipUnnecessaryModify || sharedChangeTracker.hasChanges
      if storedExhaustivity != .on { sharedChangeTracker.reset() }
      body(skip)
      sharedChangeTracker.reset()
    }
    return true
  }

  /// At the end of a test or of `finish`: shared state changed since the last assertion fails.
  func assertNoSharedChanges(at location: SourceLocation) {
    core.lock.withLock {
      guard sharedChangeTracker.hasChanges else { return }
      if storedExhaustivity == .on {
        sharedChangeTracker.assert {
          let state = expectedState
          report(wording.unassertedSharedChanges(expected: state, actual: state), at: location)
        }
      }
      sharedChangeTracker.reset()
    }
  }
}

extension TestStoreWording {
  /// TCA's text for shared state changed after the last assertion.
  func unassertedSharedChanges(expected: Any, actual: Any) -> String {
    """
    Test store finished before asserting against changes to shared state.

    \(SwiftTestStoreMessages.difference(expected: expected, actual: actual, actualName: "Actual"))

    Invoke "TestStore.assert" at the end of this test to assert against changes to shared state.
    """
  }
}
