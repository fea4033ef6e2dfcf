// The runtime tricks' paths as the fronts report them (Lua's `deps.runtime_paths()`), and the
// symbol lookup they rely on.
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import DepsCore

@Suite struct RuntimePathsTests {
  @Test func everyTrickIsFastUnlessForcedSafe() {
    let expected = RuntimeSwitch.isSafeForced ? "safe (DEPS_SAFE_RUNTIME=1)" : "fast"
    #expect(RuntimePaths.all.map(\.name) == ["task_locals", "enum_witnesses"])
    #expect(RuntimePaths.all.map(\.path) == [expected, expected])
  }

  @Test func runtimeEntryPointsAreFoundByName() {
    for name in ["swift_task_localValuePush", "swift_task_localValuePop", "swift_task_localValueGet"] {
      #expect(RuntimeSwitch.symbol(name) != nil, "\(name)")
    }
    #expect(RuntimeSwitch.symbol("deps_no_such_symbol_anywhere") == nil)
  }
}
