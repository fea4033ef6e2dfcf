// `deps_test_store_expect_issue`: Swift's `withKnownIssue` (XCTest's `XCTExpectFailure`) for C.
// It runs a C body with an expectation scope bound on the calling thread (a task-local, which a
// C call reaching Swift still sees): every test-store call inside that fails (`DEPS_EFAILED`)
// hands its failure to the scope, and so do the leftovers of the test stores the body opened —
// completed when the body returns unless the body completed them, and not written to stderr
// when the body closes them. The call passes when one of those issues contains the pattern.
import DepsCore
import Synchronization

/// The issues taken while a `deps_test_store_expect_issue` body runs on this thread.
final class ExpectIssueScope: Sendable {
  private struct Taken {
    var issues: [String] = []
    var opened: [TestStoreHandle] = []
  }

  private let taken = Mutex(Taken())

  /// The innermost scope of the calling thread, or nil.
  @TaskLocal static var current: ExpectIssueScope?

  /// Takes the failures of a test-store call.
  func take(_ issues: [String]) { taken.withLock { $0.issues += issues } }

  /// Notes a test store the body opened (kept until the scope ends).
  func opened(_ handle: TestStoreHandle) { taken.withLock { $0.opened.append(handle) } }

  /// Completes the test stores the body left open and returns every issue taken.
  func end() -> [String] {
    let opened = taken.withLock { $0.opened }
    for handle in opened {
      let leftovers: [String] = handle.lock.withLock {
        if handle.isCompleted { return [] }
        handle.isCompleted = true
        return handle.store.close()
      }
      take(leftovers)
    }
    return taken.withLock { $0.issues }
  }
}

/// Runs `body(user_data)` expecting an issue (see deps.h).
///
/// - Returns: `DEPS_OK` when an issue contains `pattern` (NULL: any issue); `DEPS_EFAILED`
///   otherwise (`deps_last_error()` says what was expected); `DEPS_EINVAL` when `body` is NULL.
///   `*issues_out` (when not NULL) receives the issues as a JSON array of strings.
@_cdecl("deps_test_store_expect_issue")
public func deps_test_store_expect_issue(
  _ body: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?,
  _ userData: UnsafeMutableRawPointer?, _ pattern: UnsafePointer<CChar>?,
  _ issuesOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  issuesOut?.pointee = nil
  let function = "deps_test_store_expect_issue"
  guard let body else {
    setLastError(CArgument.null(function, "body"))
    return CStatus.invalid
  }
  let pattern = pattern.map { String(cString: $0) }
  let scope = ExpectIssueScope()
  ExpectIssueScope.$current.withValue(scope) { body(userData) }
  let issues = scope.end()
  issuesOut?.pointee = mallocJSON(.array(issues.map(JSONValue.string)))
  let matched = issues.contains { issue in pattern.map { issue.contains($0) } ?? true }
  guard matched else {
    LastError.set(
      "\(function): " + LuaExpectIssue.noIssueMessage(pattern: pattern, issues: issues))
    return BridgeError.Status.failed.rawValue
  }
  LastError.clear()
  return CStatus.ok
}
