// Which cache the process cache (`DependencyCache.global`) stands for while tests run, so a
// test's first read of a default, or its `prepareDependencies`, never reaches another test:
//
// - inside a Swift Testing test: a cache of that test's own, keyed by the running test's
//   `Test.ID` (found at run time, see `TestFrameworks.currentSwiftTestingTestID`). Work the
//   test starts (child tasks, `Task {}`, a store's effects) inherits the test's task-locals and
//   so resolves to the same cache. Arguments of one parameterized test share it, as in
//   swift-dependencies.
// - under XCTest: the process cache itself, emptied when each test case starts. DepsCore links
//   no test framework, so the observer that empties it lives in `DependenciesTestSupport` (which links
//   XCTest); DepsCore finds it by its mangled type name and installs it on first use.
// - outside tests: the process cache.

import DepsRuntime
import Synchronization

/// A type DepsCore can find by name to install test-framework hooks it cannot link itself.
package protocol _DepsTestSupportHook {
  /// Installs the hooks (called at most once per process).
  static func install()
}

package enum TestCacheScope {
  /// A `Test.ID` (Sendable in Swift Testing; seen here only as `AnyHashable`).
  private struct TestKey: Hashable, @unchecked Sendable { let id: AnyHashable }
  private static let caches = Mutex<[TestKey: DependencyCache]>([:])
  private static let hookInstalled = Mutex(false)

  /// The cache the process cache stands for right now.
  static func processCache() -> DependencyCache {
    guard TestFrameworks.isRunningTests else { return DependencyCache.global }
    installHookOnce()
    guard let id = TestFrameworks.currentSwiftTestingTestID() else {
      return DependencyCache.global
    }
    let test = TestKey(id: id)
    return caches.withLock { caches in
      if let cache = caches[test] { return cache }
      let cache = DependencyCache(parent: nil)
      caches[test] = cache
      return cache
    }
  }

  /// Empties the process cache: what the XCTest observer does as each test case starts.
  package static func resetForNewXCTestCase() {
    DependencyCache.global.removeAll()
  }

  private static func installHookOnce() {
    let install = hookInstalled.withLock { installed -> Bool in
      if installed { return false }
      installed = true
      return true
    }
    guard install else { return }
    if let hook = TestSupportTypes.type(named: "XCTestCacheReset") as? any _DepsTestSupportHook.Type
    {
      hook.install()
    }
  }
}
