// The guard the Lua hook reads (Sources/CDepsh/cdepsh.h): a wall-clock deadline for
// `depsh test --timeout` and the Ctrl-C flag for the REPL. The hook raises inside Lua; Swift
// only sets the fields.
import CDepsh
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

enum Guard {
  /// Allocated once, never freed; its address is in every depsh Lua state's registry.
  nonisolated(unsafe) static let pointer: UnsafeMutablePointer<clua_depsh_guard> = {
    let pointer = UnsafeMutablePointer<clua_depsh_guard>.allocate(capacity: 1)
    pointer.initialize(to: clua_depsh_guard(deadline: 0, limit: 0, interrupted: 0))
    return pointer
  }()

  /// Makes the running Lua code raise "timed out after <seconds> s" once `seconds` have passed
  /// (nil or ≤ 0: no deadline).
  static func arm(seconds: Double?) {
    guard let seconds, seconds > 0 else {
      disarm()
      return
    }
    pointer.pointee.limit = seconds
    pointer.pointee.deadline = MonotonicClock.seconds + seconds
  }

  static func disarm() {
    pointer.pointee.deadline = 0
  }

  /// Whether Ctrl-C was pressed and not yet consumed by the hook; clears the flag.
  static func takeInterrupt() -> Bool {
    let pressed = pointer.pointee.interrupted != 0
    pointer.pointee.interrupted = 0
    let storeCall = StoreInterrupt.take()
    return pressed || storeCall
  }

  /// Ctrl-C sets the flag (the hook then raises "interrupted!" in the running statement),
  /// interrupts a store call waiting for effects (`StoreInterrupt`: `store:run(100)` returns at
  /// once and raises "interrupted: …") and a blocking read (no SA_RESTART), so the REPL can
  /// drop the line being typed.
  /// `signals` other than SIGINT (the test runner adds SIGTERM and SIGHUP) do the same.
  static func catchInterrupts(_ signals: [Int32] = [SIGINT]) {
    _ = pointer
    _ = StoreInterrupt.isRequested
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      Guard.pointer.pointee.interrupted = 1
      StoreInterrupt.request()
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    for signal in signals { sigaction(signal, &action, nil) }
  }
}
