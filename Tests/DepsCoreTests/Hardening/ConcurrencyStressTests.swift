// Stress for the concurrency rule and the registries: many stores on several
// threads, one store hammered from two threads, overrides installed while other stores run.
// Also the workload `scripts/sanitize` runs under ThreadSanitizer.
import Foundation
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
@testable import DepsRuntime
@testable import IssueReporting
@testable import DepsCatalogue

@Suite struct ConcurrencyStressTests {
  /// Runs `body(i)` on `count` threads at once and waits for all of them.
  private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
      group.enter()
      Thread.detachNewThread {
        body(index)
        group.leave()
      }
    }
    group.wait()
  }

  @Test func manyStoresOnSeveralThreads() {
    let sends = 2_000
    let counts = LockedArray<Int>()
    onThreads(4) { _ in
      let store = Store(initialState: Counter.State()) { Counter() }
      for _ in 0..<sends { store.send(.incrementButtonTapped) }
      counts.append(store.state.count)
    }
    #expect(counts.values == Array(repeating: sends, count: 4))
  }

  @Test func oneStoreHammeredFromTwoThreads() {
    let sends = 5_000
    let store = Store(initialState: Counter.State()) { Counter() }
    onThreads(2) { index in
      for _ in 0..<sends {
        store.send(index == 0 ? .incrementButtonTapped : .decrementButtonTapped)
        store.send(.incrementButtonTapped)
      }
    }
    #expect(store.state.count == 2 * sends)  // thread 0: +2 per round, thread 1: -1 +1
  }

  @Test func effectsOfStoresOnSeveralThreadsStayOnTheirThreads() {
    let misplaced = LockedArray<String>()
    onThreads(3) { index in
      let owner = pthread_self()
      let store = Store(initialState: Counter.State()) {
        Counter()
      } withDependencies: {
        $0.delayClient.wait = {
          if pthread_equal(pthread_self(), owner) == 0 { misplaced.append("thread \(index)") }
        }
      }
      for _ in 0..<200 {
        store.send(.delayedIncrementButtonTapped)
        store.run(timeout: .seconds(1))
      }
      if store.state.count != 200 { misplaced.append("count \(store.state.count)") }
    }
    #expect(misplaced.values.isEmpty)
  }

  @Test func overridesInstalledWhileOtherStoresRun() throws {
    let failures = LockedArray<String>()
    let features = FeatureRegistry()
    let endpoints = EndpointRegistry()
    for module in [DepsModule.builtins, SeedCatalogue.module] {
      module.register(into: features, endpoints: endpoints)
    }
    onThreads(4) { index in
      do {
        for round in 0..<50 {
          var overrides = DependencyOverrides(registry: endpoints)
          try overrides.set("delayClient.wait", function: { _ in .null })
          try overrides.set("uuid", preset: "incrementing")
          let feature = try features.descriptor(index % 2 == 0 ? "Counter" : "Todos")
          let store = try feature.openTest(overrides: overrides)
          let action: JSONValue = index % 2 == 0 ? "incrementButtonTapped" : "addButtonTapped"
          let issues = try store.send(action, assert: nil)
          if issues.isEmpty { failures.append("round \(round): no state change reported") }
          _ = store.close()
        }
      } catch {
        failures.append("\(error)")
      }
    }
    #expect(failures.values.isEmpty)
  }
}

/// An array appended to from several threads.
final class LockedArray<Element: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Element] = []
  func append(_ element: Element) {
    lock.lock()
    storage.append(element)
    lock.unlock()
  }
  var values: [Element] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}
