// `DependencyValues._current` bound through the runtime's task-local entry points
// (DependencyScope.swift over DepsRuntime's TaskLocalRuntime): the check passes on this
// toolchain, and binding and reading that way gives what `withValue` and `get` give, nested
// either way, with errors passed on and every bound value released.
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import IssueReporting
@testable import DepsRuntime

private struct Marker: TestDependencyKey {
  static let testValue = 0
}

@Suite struct DependencyScopeTests {
  @Test func checkPassesOnThisToolchain() throws {
    let entries = try #require(TaskLocalRuntime.resolve())
    #expect(TaskLocalRuntime.check(entries))
    let forcedSafe = RuntimeSwitch.isSafeForced || RuntimeSwitch.failsCheck("task_locals")
    #expect((TaskLocalRuntime.fast != nil) == !forcedSafe)
    #expect(DependencyScope.usesFast == !forcedSafe)
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

  private func address(_ values: DependencyValues) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(values.storage).toOpaque())
  }

  private var safeAddress: UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(DependencyValues.$_current.get().storage).toOpaque())
  }

  @Test func scopeAndPublicBindingsReadTheSame() {
    let outer = values(1)
    let inner = values(2)
    // Unbound: both reads see the root.
    #expect(DependencyScope.currentStorageAddress == safeAddress)
    #expect(DependencyScope.currentStorageAddress == DependencyScope.rootStorageAddress)
    #expect(DependencyScope.currentStorageUnlessRoot == nil)
    // Bound by the scope, then the public binding inside it (and the other way round): each
    // read sees the innermost binding, and leaving restores the outer one.
    DependencyScope.withValues(outer) {
      #expect(DependencyScope.currentStorageAddress == address(outer))
      #expect(safeAddress == address(outer))
      #expect(DependencyScope.currentDependencies[Marker.self] == 1)
      #expect(DependencyScope.currentStorageUnlessRoot === outer.storage)
      DependencyValues.$_current.withValue(inner) {
        #expect(DependencyScope.currentStorageAddress == address(inner))
        #expect(DependencyScope.currentDependencies[Marker.self] == 2)
      }
      #expect(DependencyScope.currentStorageAddress == address(outer))
    }
    DependencyValues.$_current.withValue(outer) {
      DependencyScope.withValues(inner) {
        #expect(safeAddress == address(inner))
        #expect(DependencyValues._current[Marker.self] == 2)
      }
      #expect(DependencyScope.currentStorageAddress == address(outer))
      #expect(DependencyValues._current[Marker.self] == 1)
    }
    #expect(DependencyScope.currentStorageAddress == DependencyScope.rootStorageAddress)
    #expect(DependencyValues._current[Marker.self] == 0)
  }

  @Test func bothPathsPassErrorsAndReleaseTheValues() {
    struct Failure: Error, Equatable { let path: String }
    weak var scopeStorage: DependencyStorage?
    weak var safeStorage: DependencyStorage?
    do {
      let scoped = values(3)
      let safe = values(4)
      scopeStorage = scoped.storage
      safeStorage = safe.storage
      #expect(throws: Failure(path: "scope")) {
        try DependencyScope.withValues(scoped) { () throws(Failure) in
          throw Failure(path: "scope")
        }
      }
      #expect(throws: Failure(path: "safe")) {
        try DependencyScope.withValuesSafely(safe) { () throws(Failure) in
          throw Failure(path: "safe")
        }
      }
      #expect(DependencyValues._current[Marker.self] == 0)
    }
    #expect(scopeStorage == nil)
    #expect(safeStorage == nil)
  }

  @Test func aDirectPushAndPopBindLikeWithValue() {
    // What a synchronous `withDependencies` calls once the check passed.
    guard DependencyScope.usesFast else {
      #expect(RuntimeSwitch.isSafeForced || TaskLocalRuntime.fast == nil)
      return
    }
    weak var released: DependencyStorage?
    do {
      let bound = values(5)
      released = bound.storage
      #expect(DependencyScope.currentDependencies.storage === DependencyStorage.root)
      DependencyScope.pushHandingOver(Unmanaged.passRetained(bound.storage))
      #expect(DependencyScope.currentStorageAddress == address(bound))
      #expect(safeAddress == address(bound))
      #expect(DependencyValues._current[Marker.self] == 5)
      // A public binding inside it is seen by the fast reads, and ends with its closure.
      DependencyValues.$_current.withValue(values(6)) {
        #expect(DependencyScope.currentDependencies[Marker.self] == 6)
      }
      #expect(DependencyScope.currentDependencies[Marker.self] == 5)
      DependencyScope.pop()
      #expect(DependencyScope.currentStorageAddress == DependencyScope.rootStorageAddress)
      #expect(DependencyValues._current[Marker.self] == 0)
    }
    // The pop released the reference the push took over.
    #expect(released == nil)
  }

  @Test func effectContextBindsLikeWithValue() async {
    let runtime = StoreRuntime()
    let context = EffectContext(runtime: runtime, origin: 7)
    if context.bind() {
      #expect(EffectContext.current === context)
      context.unbind()
    }
    #expect(EffectContext.current == nil)
    // Across a suspension, on this task.
    if context.bind() {
      await Task.yield()
      #expect(EffectContext.current === context)
      context.unbind()
    } else {
      #expect(!TaskLocalRuntime.usesFast)
    }
    #expect(EffectContext.current == nil)
  }
}
