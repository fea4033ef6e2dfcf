// The clocks' "let other tasks run" step: swift-clocks' `Task.megaYield`. Plain tasks (not on a
// store's executor) get a chance to run up to their next suspension point, e.g. to register a
// sleep on a `TestClock` or to react to a wake-up. Internal to the clocks in this folder.
#if canImport(Glibc)
import Glibc
#endif

enum ClockYield {
  /// How many hops `megaYield` makes: `TASK_MEGA_YIELD_COUNT` if set to a positive number
  /// (as in swift-clocks), else 20.
  static let defaultCount: Int = {
    guard let raw = getenv("TASK_MEGA_YIELD_COUNT").map({ String(cString: $0) }),
      let count = Int(raw), count > 0
    else { return 20 }
    return count
  }()

  /// Hops through `count` detached low-priority tasks, each yielding once, so the global
  /// executor runs whatever else is ready in between.
  static func megaYield(count: Int = defaultCount) async {
    for _ in 0..<max(count, 1) {
      await Task<Void, Never>.detached(priority: .background) { await Task.yield() }.value
    }
  }
}
