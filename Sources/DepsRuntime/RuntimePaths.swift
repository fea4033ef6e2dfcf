// Which path each runtime trick of this module takes in this process, with the reason for a
// safe one: a diagnostic for the fronts (Lua's `deps.runtime_paths()`, C's
// `deps_runtime_paths_json()`) and their tests — a library loaded in an unusual way (stock
// lua5.4's `require` loads libDeps.so without RTLD_GLOBAL) must still find the runtime's entry
// points. Asking decides a trick that has not been used yet (its check runs, as on first use).

/// The paths taken by the runtime tricks (docs/architecture.md, "Runtime tricks").
package enum RuntimePaths {
  /// Every trick, in this order: `task_locals` (TaskLocalRuntime.swift), `enum_layout` and
  /// `enum_witnesses` (EnumLayout.swift), `keyed_containers` (KeyedContainerReuse.swift),
  /// `test_frameworks` (TestFrameworks.swift), `effect_closures` (ClosureLayout.swift),
  /// `enqueue_hook` (GlobalEnqueueHook.swift, the main serial executor's hook); each `fast`, or
  /// `safe (<why>)`.
  package static var all: [(name: String, path: String)] {
    [
      ("task_locals", taskLocals),
      ("enum_layout", path("enum_layout", fast: RuntimeType.layoutChecked)),
      ("enum_witnesses", enumWitnesses),
      ("keyed_containers", path("keyed_containers", fast: KeyedContainerReuse.usable)),
      ("test_frameworks", testFrameworks),
      ("effect_closures", path("effect_closures", fast: ClosureLayout.usable)),
      ("enqueue_hook", enqueueHook),
    ]
  }

  static let forced = "safe (DEPS_SAFE_RUNTIME=1)"
  static let failed = "safe (check failed)"

  /// `trick`'s path given whether it is `fast`.
  static func path(_ trick: String, fast: Bool) -> String {
    if fast { return "fast" }
    if RuntimeSwitch.failsCheck(trick) { return "safe (check made to fail)" }
    if RuntimeSwitch.isSafeForced { return forced }
    return failed
  }

  static var enumWitnesses: String {
    if EnumWitnesses.usable { return "fast" }
    if !RuntimeSwitch.isSafeForced, !RuntimeSwitch.failsCheck("enum_witnesses"),
      !RuntimeType.layoutChecked
    {
      return "safe (enum_layout not used)"
    }
    return path("enum_witnesses", fast: false)
  }

  static var enqueueHook: String {
    if GlobalEnqueueHook.usable { return "fast" }
    if !RuntimeSwitch.isSafeForced, !RuntimeSwitch.failsCheck("enqueue_hook") {
      return "safe (swift_task_enqueueGlobal_hook not found)"
    }
    return path("enqueue_hook", fast: false)
  }

  static var taskLocals: String {
    if TaskLocalRuntime.fast != nil { return "fast" }
    if !RuntimeSwitch.isSafeForced, !RuntimeSwitch.failsCheck("task_locals"),
      TaskLocalRuntime.resolve() == nil
    {
      return "safe (swift_task_localValuePush/Pop/Get not found)"
    }
    return path("task_locals", fast: false)
  }

  static var testFrameworks: String {
    if TestFrameworks.usesSymbols { return "fast" }
    if !RuntimeSwitch.isSafeForced, !RuntimeSwitch.failsCheck("test_frameworks"),
      !TestFrameworks.isRunningTests
    {
      return "not used (no test framework loaded)"
    }
    return path("test_frameworks", fast: false)
  }
}
