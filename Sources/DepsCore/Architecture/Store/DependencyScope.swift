// Binds a store's dependencies as `DependencyValues._current` around a reducer call straight
// through the runtime's task-local push and pop: what `$_current.withValue(values) { … }` does,
// without its unspecialized generic entry point (a `send` pays the push, one small allocation
// in the runtime, and the pop). The two runtime entry points are looked up once by name; their
// Swift calling convention takes plain pointer arguments in the C argument registers. Where
// they cannot be found (a static executable without dynamic symbols), `withValue` is used.

#if canImport(Glibc)
import Glibc
#endif

enum DependencyScope {
  private typealias Push = @convention(c) (
    _ key: UnsafeRawPointer, _ value: UnsafeMutableRawPointer, _ type: UnsafeRawPointer
  ) -> Void
  private typealias Pop = @convention(c) () -> Void

  private struct Runtime: @unchecked Sendable {
    let push: Push
    let pop: Pop
    /// The metadata of `DependencyValues` (the pushed value's type).
    let valueType: UnsafeRawPointer
  }

  /// `swift_task_localValuePush` / `swift_task_localValuePop`, when they can be used.
  private static let runtime: Runtime? = {
    guard MemoryLayout<DependencyValues>.size == MemoryLayout<UnsafeRawPointer>.size,
      let push = dlsym(nil, "swift_task_localValuePush"),
      let pop = dlsym(nil, "swift_task_localValuePop")
    else { return nil }
    return Runtime(
      push: unsafeBitCast(push, to: Push.self), pop: unsafeBitCast(pop, to: Pop.self),
      valueType: unsafeBitCast(DependencyValues.self as Any.Type, to: UnsafeRawPointer.self))
  }()

  /// Runs `body` with `values` current on this task (or thread).
  @inline(__always)
  static func withValues<R>(_ values: DependencyValues, _ body: () -> R) -> R {
    guard let runtime else { return DependencyValues.$_current.withValue(values, operation: body) }
    let key = UnsafeRawPointer(Unmanaged.passUnretained(DependencyValues.$_current).toOpaque())
    // The runtime takes the value at +1 (initialize-with-take): a retained storage reference,
    // which is all a `DependencyValues` holds.
    var reference = Unmanaged.passRetained(values.storage).toOpaque()
    runtime.push(key, &reference, runtime.valueType)
    defer { runtime.pop() }
    return body()
  }
}
