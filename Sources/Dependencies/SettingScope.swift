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
  /// Each thread's mark: a heap word reached through one pthread key (allocated on the
  /// thread's first `withDependencies`, freed with the thread).
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in raw?.deallocate() }
    keyPlusOne.store(UInt(key) + 1, ordering: .releasing)
    return key
  }()

  /// `key` plus one, 0 until it is created: a statically initialized word, so finding the mark
  /// costs one load and `pthread_getspecific` (no lazy global's once-check).
  private static let keyPlusOne = Atomic<UInt>(0)

  /// This thread's mark.
  @inline(__always)
  static func threadMark() -> UnsafeMutablePointer<Bool> {
    let keyPlusOne = keyPlusOne.load(ordering: .acquiring)
    if keyPlusOne != 0,
      let raw = pthread_getspecific(pthread_key_t(truncatingIfNeeded: keyPlusOne - 1))
    {
      return raw.assumingMemoryBound(to: Bool.self)
    }
    return createMark()
  }

  @inline(never)
  private static func createMark() -> UnsafeMutablePointer<Bool> {
    if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Bool.self) }
    let mark = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    mark.initialize(to: false)
    pthread_setspecific(key, mark)
    return mark
  }

  @inline(__always)
  private static func mark() -> UnsafeMutablePointer<Bool> { threadMark() }

  /// How many async `withDependencies` closures run right now, in any task: while none does,
  /// the task-local need not be read (a task-local read costs more than the rest of a scope's
  /// bookkeeping).
  static let asyncSetters = Atomic<Int>(0)

  /// True while a `withDependencies` closure runs on this thread or task.
  static var isActive: Bool {
    let keyPlusOne = keyPlusOne.load(ordering: .acquiring)
    if keyPlusOne != 0,
      let raw = pthread_getspecific(pthread_key_t(truncatingIfNeeded: keyPlusOne - 1)),
      raw.assumingMemoryBound(to: Bool.self).pointee
    {
      return true
    }
    return isSettingInTask
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

  /// Runs `body` marked as setting up.
  @inline(__always)
  static func setting<R>(_ body: () throws -> R) rethrows -> R {
    let mark = mark()
    let outer = mark.pointee
    mark.pointee = true
    defer { mark.pointee = outer }
    return try body()
  }

  /// Runs `body` (an operation) unmarked, even inside an enclosing closure that sets up.
  @inline(__always)
  static func notSetting<R>(_ body: () throws -> R) rethrows -> R {
    let mark = mark()
    let outer = mark.pointee
    mark.pointee = false
    defer { mark.pointee = outer }
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
