// "Setting up": the time a `withDependencies` closure runs. A default read then (through `$0` or
// through a `@Dependency` read inside the closure) is only being changed, not used: it is cached
// as usual, but a missing live/test value is reported at its first use instead. The synchronous
// closures mark their thread (a pthread key: no task-local push on the hot path); the async ones
// use the task-local `DependencyResolution.isSetting`.
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

enum SettingScope {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// A non-nil word marking "setting" in the thread slot.
  private static var marker: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 1) }

  /// How many async `withDependencies` closures run right now, in any task: while none does,
  /// the task-local need not be read (a task-local read costs more than the rest of a scope's
  /// bookkeeping).
  static let asyncSetters = Atomic<Int>(0)

  /// True while a `withDependencies` closure runs on this thread or task.
  static var isActive: Bool {
    pthread_getspecific(key) != nil || isSettingInTask
  }

  /// The task-local mark of the async closures, read only while one runs somewhere.
  @inline(__always)
  static var isSettingInTask: Bool {
    asyncSetters.load(ordering: .relaxed) > 0 && DependencyResolution.isSetting
  }

  /// Runs an async `withDependencies` closure marked as setting up.
  static func settingAsync<R>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    asyncSetters.add(1, ordering: .relaxed)
    defer { asyncSetters.subtract(1, ordering: .relaxed) }
    return try await DependencyResolution.$isSetting.withValue(true, operation: body)
  }

  /// Marks (or unmarks) this thread; returns the previous mark, for `restore`.
  @inline(__always)
  static func exchange(_ setting: Bool) -> Bool {
    let previous = pthread_getspecific(key) != nil
    if previous != setting { pthread_setspecific(key, setting ? marker : nil) }
    return previous
  }

  /// Puts back a mark returned by `exchange`.
  @inline(__always)
  static func restore(_ setting: Bool) { _ = exchange(setting) }

  /// Runs `body` marked as setting up.
  @inline(__always)
  static func setting<R>(_ body: () throws -> R) rethrows -> R {
    let outer = exchange(true)
    defer { restore(outer) }
    return try body()
  }

  /// Runs `body` (an operation) unmarked, even inside an enclosing closure that sets up.
  @inline(__always)
  static func notSetting<R>(_ body: () throws -> R) rethrows -> R {
    let outer = exchange(false)
    defer { restore(outer) }
    if isSettingInTask {
      return try DependencyResolution.$isSetting.withValue(false, operation: body)
    }
    return try body()
  }

  /// Async form of `notSetting`.
  static func notSetting<R>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
  ) async rethrows -> R {
    if isSettingInTask {
      return try await DependencyResolution.$isSetting.withValue(false, operation: body)
    }
    return try await body()
  }
}
