// Which path each runtime trick of this folder takes in this process, with the reason for a
// safe one: a diagnostic for the fronts (Lua's `deps.runtime_paths()`) and their tests — a
// library loaded in an unusual way (stock lua5.4's `require` loads libDeps.so without
// RTLD_GLOBAL) must still find the runtime's entry points. Asking decides a trick that has not
// been used yet (its check runs, as on first use).

/// The paths taken by the runtime tricks (docs/architecture.md, "Runtime tricks").
package enum RuntimePaths {
  /// `fast`, or `safe (<why>)`, per trick: `task_locals` (TaskLocalSlots.swift) and
  /// `enum_witnesses` (EnumLayout.swift), in that order.
  package static var all: [(name: String, path: String)] {
    [("task_locals", taskLocals), ("enum_witnesses", enumWitnesses)]
  }

  static let forced = "safe (DEPS_SAFE_RUNTIME=1)"

  static var taskLocals: String {
    if TaskLocalRuntime.fast != nil { return "fast" }
    if RuntimeSwitch.isSafeForced { return forced }
    guard TaskLocalRuntime.resolve() != nil else {
      return "safe (swift_task_localValuePush/Pop/Get not found)"
    }
    return "safe (check failed)"
  }

  static var enumWitnesses: String {
    if EnumWitnesses.usable { return "fast" }
    return RuntimeSwitch.isSafeForced ? forced : "safe (check failed)"
  }
}
