// The task-local fast path: its assumption check passes on this toolchain, and binding and
// reading through the runtime entry points gives what `withValue` and `get` give.
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import DepsCore

private struct Marker: TestDependencyKey {
  static let testValue = 0
}

@Suite struct TaskLocalSlotsTests {
  private func entries() throws -> TaskLocalRuntime.Entries {
    try #require(TaskLocalRuntime.resolve())
  }

  @Test func checkPassesOnThisToolchain() throws {
    #expect(TaskLocalRuntime.check(try entries()))
    #expect((TaskLocalRuntime.fast != nil) == !RuntimeSwitch.isSafeForced)
  }

  @Test func safeSwitchReadsTheEnvironment() {
    let raw = getenv("DEPS_SAFE_RUNTIME").map { String(cString: $0) }
    #expect(RuntimeSwitch.isSafeForced == (raw == "1"))
  }

  private func values(_ marker: Int) -> DependencyValues {
    var values = DependencyValues()
    values[Marker.self] = marker
    return values
  }

  @Test func fastAndSafeBindingsReadTheSame() throws {
    let entries = try entries()
    let outer = values(1)
    let inner = values(2)
    func address(_ values: DependencyValues) -> UnsafeRawPointer {
      UnsafeRawPointer(Unmanaged.passUnretained(values.storage).toOpaque())
    }
    // Unbound: both reads see the root.
    #expect(TaskLocalRuntime.currentStorageAddress(entries)
      == TaskLocalRuntime.currentStorageAddressSafely)
    #expect(TaskLocalRuntime.currentStorageAddress(entries) == TaskLocalRuntime.rootStorageAddress)
    // Bound by the fast path, then the safe path inside it (and the other way round): each
    // read, fast or safe, sees the innermost binding, and leaving restores the outer one.
    TaskLocalRuntime.withDependencies(entries, outer) {
      #expect(TaskLocalRuntime.currentStorageAddress(entries) == address(outer))
      #expect(TaskLocalRuntime.currentStorageAddressSafely == address(outer))
      #expect(TaskLocalRuntime.currentDependencies(entries)[Marker.self] == 1)
      #expect(DependencyValues._current[Marker.self] == 1)
      TaskLocalRuntime.withDependenciesSafely(inner) {
        #expect(TaskLocalRuntime.currentStorageAddress(entries) == address(inner))
        #expect(TaskLocalRuntime.currentStorageAddressSafely == address(inner))
        #expect(TaskLocalRuntime.currentDependencies(entries)[Marker.self] == 2)
      }
      #expect(TaskLocalRuntime.currentStorageAddress(entries) == address(outer))
    }
    TaskLocalRuntime.withDependenciesSafely(outer) {
      TaskLocalRuntime.withDependencies(entries, inner) {
        #expect(TaskLocalRuntime.currentStorageAddressSafely == address(inner))
        #expect(DependencyValues._current[Marker.self] == 2)
      }
      #expect(TaskLocalRuntime.currentStorageAddress(entries) == address(outer))
      #expect(DependencyValues._current[Marker.self] == 1)
    }
    #expect(TaskLocalRuntime.currentStorageAddress(entries) == TaskLocalRuntime.rootStorageAddress)
    #expect(DependencyValues._current[Marker.self] == 0)
  }

  @Test func fastAndSafeBindingsPassErrorsAndReleaseTheValues() throws {
    struct Failure: Error, Equatable { let path: String }
    let entries = try entries()
    weak var fastStorage: DependencyStorage?
    weak var safeStorage: DependencyStorage?
    do {
      let fast = values(3)
      let safe = values(4)
      fastStorage = fast.storage
      safeStorage = safe.storage
      #expect(throws: Failure(path: "fast")) {
        try TaskLocalRuntime.withDependencies(entries, fast) { () throws(Failure) in
          throw Failure(path: "fast")
        }
      }
      #expect(throws: Failure(path: "safe")) {
        try TaskLocalRuntime.withDependenciesSafely(safe) { () throws(Failure) in
          throw Failure(path: "safe")
        }
      }
      #expect(DependencyValues._current[Marker.self] == 0)
    }
    #expect(fastStorage == nil)
    #expect(safeStorage == nil)
  }

  @Test func aScopesDirectPushAndPopBindLikeWithValue() throws {
    // What a synchronous `withDependencies` calls once the check passed.
    guard TaskLocalRuntime.usesFast else {
      #expect(RuntimeSwitch.isSafeForced || TaskLocalRuntime.fast == nil)
      return
    }
    let entries = try entries()
    weak var released: DependencyStorage?
    do {
      let bound = values(5)
      released = bound.storage
      let address = UnsafeRawPointer(Unmanaged.passUnretained(bound.storage).toOpaque())
      #expect(TaskLocalRuntime.currentStorageAddress == TaskLocalRuntime.rootStorageAddress)
      #expect(TaskLocalRuntime.currentDependencies.storage === DependencyStorage.root)
      TaskLocalRuntime.pushDependencies(handingOver: Unmanaged.passRetained(bound.storage))
      #expect(TaskLocalRuntime.currentStorageAddress == address)
      #expect(TaskLocalRuntime.currentStorageAddressSafely == address)
      #expect(TaskLocalRuntime.currentStorageAddress(entries) == address)
      #expect(DependencyValues._current[Marker.self] == 5)
      // A public binding inside it is seen by the fast reads, and ends with its closure.
      DependencyValues.$_current.withValue(values(6)) {
        #expect(TaskLocalRuntime.currentDependencies[Marker.self] == 6)
      }
      #expect(TaskLocalRuntime.currentDependencies[Marker.self] == 5)
      TaskLocalRuntime.popDependencies()
      #expect(TaskLocalRuntime.currentStorageAddress == TaskLocalRuntime.rootStorageAddress)
      #expect(DependencyValues._current[Marker.self] == 0)
    }
    // The pop released the reference the push took over.
    #expect(released == nil)
  }

  @Test func effectContextBindsLikeWithValue() async throws {
    let entries = try entries()
    let runtime = StoreRuntime()
    let context = EffectContext(runtime: runtime, origin: 7)
    TaskLocalRuntime.push(entries, EffectContext.$current, reference: context,
      type: EffectContext?.self)
    #expect(EffectContext.current === context)
    entries.pop()
    #expect(EffectContext.current == nil)
    EffectContext.$current.withValue(context) {
      #expect(TaskLocalRuntime.boundReference(entries, EffectContext.$current)
        == UnsafeRawPointer(Unmanaged.passUnretained(context).toOpaque()))
    }
    // Across a suspension, on this task.
    if context.bind() {
      await Task.yield()
      #expect(EffectContext.current === context)
      context.unbind()
    }
    #expect(EffectContext.current == nil)
  }
}
