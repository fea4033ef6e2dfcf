// The runtime tricks' paths as the fronts report them (Lua's `deps.runtime_paths()`), and the
// symbol lookup they rely on.
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import IssueReporting
@testable import DepsRuntime

@Suite struct RuntimePathsTests {
  @Test func everyTrickIsFastUnlessForcedSafe() {
    let names = [
      "task_locals", "enum_layout", "enum_witnesses", "keyed_containers", "test_frameworks",
      "effect_closures", "enqueue_hook",
    ]
    #expect(RuntimePaths.all.map(\.name) == names)
    for (name, path) in RuntimePaths.all {
      let expected: String
      if RuntimeSwitch.failsCheck(name) {
        expected = "safe (check made to fail)"
      } else if RuntimeSwitch.isSafeForced {
        expected = "safe (DEPS_SAFE_RUNTIME=1)"
      } else if name == "enum_witnesses" && RuntimeSwitch.failsCheck("enum_layout") {
        expected = "safe (enum_layout not used)"
      } else {
        expected = "fast"
      }
      #expect(path == expected, "\(name)")
    }
  }

  /// The main serial executor sets the runtime's global-enqueue hook while it is on; where the
  /// hook is not used (its check made to fail, `DEPS_SAFE_RUNTIME=1`) it does nothing and reads
  /// false.
  @Test func theMainSerialExecutorSetsTheHookOnlyWhereItIsUsed() {
    #expect(
      GlobalEnqueueHook.usable
        == !(RuntimeSwitch.isSafeForced || RuntimeSwitch.failsCheck("enqueue_hook")))
    var inside = false
    withMainSerialExecutor { inside = uncheckedUseMainSerialExecutor }
    #expect(inside == GlobalEnqueueHook.usable)
    // What it puts back is asserted in MainSerialExecutorTests (XCTest, one test at a time):
    // here a test store of a test running alongside may hold it.
  }

  @Test func runtimeEntryPointsAreFoundByName() {
    for name in [
      "swift_task_localValuePush", "swift_task_localValuePop", "swift_task_localValueGet",
    ] {
      #expect(RuntimeSwitch.symbol(name) != nil, "\(name)")
    }
    #expect(RuntimeSwitch.symbol("deps_no_such_symbol_anywhere") == nil)
  }
}
