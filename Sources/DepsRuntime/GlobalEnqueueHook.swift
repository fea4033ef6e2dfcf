// The concurrency runtime's global-enqueue hook, `swift_task_enqueueGlobal_hook` (a variable of
// the runtime, found by name): while it is set, every job the global executor would run is
// handed to the hook instead. ConcurrencyExtras' `uncheckedUseMainSerialExecutor` sends them to
// the main actor, so a test's tasks run one at a time, as swift-concurrency-extras does.
//
// Checked once, on first use: the variable is found and holds either nothing or a function
// pointer. When it is not found, or with `DEPS_SAFE_RUNTIME=1`, there is no safe path to the
// same effect: setting it does nothing, and reading it says false (the tasks keep the global
// executor).

/// The runtime's global-enqueue hook (see the top of this file).
package enum GlobalEnqueueHook {
  /// What the runtime calls with each job: the job and the original enqueue.
  package typealias Original = @convention(thin) (UnownedJob) -> Void
  /// The hook's type.
  package typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private static let variable: UncheckedPointer? = {
    guard !RuntimeSwitch.isSafeForced, !RuntimeSwitch.failsCheck("enqueue_hook"),
      let address = RuntimeSwitch.symbol("swift_task_enqueueGlobal_hook")
    else { return nil }
    return UncheckedPointer(pointer: address.assumingMemoryBound(to: Hook?.self))
  }()

  private struct UncheckedPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Hook?>
  }

  /// Whether the hook can be set in this process.
  package static var usable: Bool { variable != nil }

  /// The hook currently installed (nil: none, or the variable was not found).
  package static var current: Hook? {
    get { variable?.pointer.pointee }
    set { variable?.pointer.pointee = newValue }
  }
}
