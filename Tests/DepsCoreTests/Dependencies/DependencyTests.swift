// `@Dependency`: key-path, narrowed and key-type forms, and the lifetime rules of
// swift-dependencies' "Lifetimes" article: values are captured when the wrapper is created and
// merged with the values current when it is read (read-time overrides win); `Task {}` keeps
// task-local overrides, escaping work outside a task loses them unless the wrapper was created
// in the scope or `withEscapedDependencies` carries them.
import Foundation
import Synchronization
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

/// A value-type client narrowed into (`\.timeSource.now`, `\.timeSource.label`).
struct TimeSource: Sendable {
  var now: Int
  var label: String
  var tick: @Sendable () -> Int
}

extension TimeSource: TestDependencyKey {
  static let testValue = TimeSource(now: 0, label: "test", tick: { 0 })
}

extension DependencyValues {
  var timeSource: TimeSource {
    get { self[TimeSource.self] }
    set { self[TimeSource.self] = newValue }
  }
}

/// A model holding `@Dependency` properties, as in the articles. Its only stored state is the
/// wrappers, which are never reassigned, so it may cross threads.
final class FeatureModel: @unchecked Sendable {
  @Dependency(\.fullDependency) var fullDependency
  @Dependency(\.timeSource.now) var now
  @Dependency(\.apiClient.currentUser) var currentUser
}

@Suite struct DependencyTests {
  @Test func narrowedKeyPathsReadOneField() {
    withDependencies {
      $0.timeSource.now = 1_234_567_890
      $0.apiClient = .mock
    } operation: {
      @Dependency(\.timeSource.now) var now
      @Dependency(\.timeSource.label) var label
      @Dependency(\.apiClient.currentUser) var currentUser
      #expect(now == 1_234_567_890)
      #expect(label == "test")
      #expect(currentUser() == AppUser(id: 42, name: "Blob"))
    }
  }

  @Test func narrowedReadsFollowLaterOverrides() {
    @Dependency(\.timeSource.now) var now
    #expect(now == 0)
    withDependencies {
      $0.timeSource.now = 1
    } operation: {
      #expect(now == 1)
      withDependencies {
        $0.timeSource.now = 2
      } operation: {
        #expect(now == 2)
      }
      #expect(now == 1)
    }
    #expect(now == 0)
  }

  @Test func narrowedReadOfAGeneratorCallsItEachTime() {
    let counter = EvaluationCounter()
    withDependencies {
      $0.timeSource.tick = { counter.increment() }
    } operation: {
      @Dependency(\.timeSource.tick) var tick
      #expect(tick() == 1)
      #expect(tick() == 2)
      @Dependency(\.timeSource) var timeSource
      #expect(timeSource.tick() == 3)
    }
  }

  @Test func keyTypeFormReadsTheKey() {
    @Dependency(TestOnlyKey.self) var value
    #expect(value == 42)
    withDependencies {
      $0[TestOnlyKey.self] = 5
    } operation: {
      #expect(value == 5)
      @Dependency(TestOnlyKey.self) var inner
      #expect(inner == 5)
    }
    withDependencies {
      $0.testOnly = 6
    } operation: {
      #expect(value == 6)
    }
  }

  @Test func initialValuesAreTheValuesAtCreation() {
    let dependency = withDependencies {
      $0.testOnly = 9
    } operation: {
      Dependency(\.testOnly)
    }
    #expect(dependency.initialValues.testOnly == 9)
    #expect(dependency.wrappedValue == 9)
  }

  // MARK: - Lifetimes

  @Test func modelCreatedInAScopeKeepsItsOverrides() {
    let model = withDependencies {
      $0.fullDependency.value = 42
      $0.timeSource.now = 7
    } operation: {
      FeatureModel()
    }
    #expect(model.fullDependency.value == 42)
    #expect(model.now == 7)
  }

  @Test func readTimeOverridesWinOverCapturedValues() {
    let model = withDependencies {
      $0.fullDependency.value = 42
      $0.timeSource.now = 7
    } operation: {
      FeatureModel()
    }
    withDependencies {
      $0.fullDependency.value = 1_000
    } operation: {
      #expect(model.fullDependency.value == 1_000)
      #expect(model.now == 7)
    }
    #expect(model.fullDependency.value == 42)
  }

  @Test func readTimeContextWins() {
    let model = withDependencies {
      $0.timeSource.now = 7
    } operation: {
      FeatureModel()
    }
    isolated(context: .live) { _ in
      #expect(model.fullDependency.value == 1)
      #expect(model.now == 7)
    }
  }

  @Test func earlyAndLateBindingDefaultsBothSeeOverrides() {
    struct SomeDependency: TestDependencyKey {
      var fetch: @Sendable () -> Int
      static var testValue: SomeDependency { SomeDependency { 42 } }
    }
    /// Reads `SomeDependency` when its own default is computed.
    struct EarlyBinding: TestDependencyKey {
      var fetch: @Sendable () -> Int
      static var testValue: EarlyBinding {
        @Dependency(SomeDependency.self) var some
        return EarlyBinding { some.fetch() }
      }
    }
    /// Reads `SomeDependency` each time it is called.
    struct LateBinding: TestDependencyKey {
      var fetch: @Sendable () -> Int
      static var testValue: LateBinding {
        LateBinding {
          @Dependency(SomeDependency.self) var some
          return some.fetch()
        }
      }
    }
    isolated { recorder in
      @Dependency(EarlyBinding.self) var early
      @Dependency(LateBinding.self) var late
      #expect(early.fetch() == 42)
      #expect(late.fetch() == 42)
      withDependencies {
        $0[SomeDependency.self].fetch = { 1_729 }
      } operation: {
        #expect(early.fetch() == 1_729)
        #expect(late.fetch() == 1_729)
      }
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func taskStartedInAScopeKeepsItsOverrides() async {
    let task = withDependencies {
      $0.timeSource.now = 1_234_567_890
    } operation: { () -> Task<[Int], Never> in
      @Dependency(\.timeSource.now) var now
      #expect(now == 1_234_567_890)
      return Task {
        @Dependency(\.timeSource.now) var inner
        return [now, inner]
      }
    }
    #expect(await task.value == [1_234_567_890, 1_234_567_890])
  }

  @Test func detachedWorkLosesOverridesUnlessTheWrapperWasCreatedInScope() async {
    let (captured, readLater) = withDependencies {
      $0.fullDependency.value = 42
    } operation: { () -> (Task<Int, Never>, Task<Int, Never>) in
      @Dependency(\.fullDependency) var fullDependency
      let captured = Task.detached { fullDependency.value }
      let readLater = Task.detached {
        @Dependency(\.fullDependency) var created
        return created.value
      }
      return (captured, readLater)
    }
    #expect(await captured.value == 42)
    #expect(await readLater.value == 3)
  }

  @Test func escapingClosureCalledLaterLosesOverrides() {
    let closure = withDependencies {
      $0.fullDependency.value = 42
    } operation: { () -> @Sendable () -> Int in
      return {
        @Dependency(\.fullDependency) var fullDependency
        return fullDependency.value
      }
    }
    #expect(closure() == 3)
    withDependencies {
      $0.fullDependency.value = 7
    } operation: {
      #expect(closure() == 7)
    }
  }

  @Test func escapingClosureOnAnotherThreadUsesTheModelsValues() async {
    let model = withDependencies {
      $0.fullDependency.value = 42
    } operation: {
      FeatureModel()
    }
    let value = await onAnotherThread { model.fullDependency.value }
    #expect(value == 42)
  }

  @Test func withEscapedDependenciesCarriesTheScopeAcrossThreads() async {
    let values = await withDependencies {
      $0.fullDependency.value = 42
    } operation: {
      await withEscapedDependencies { continuation in
        await onAnotherThread {
          let restored = continuation.yield {
            @Dependency(\.fullDependency.value) var value
            return value
          }
          let overriddenInside = continuation.yield {
            withDependencies {
              $0.fullDependency.value = 999
            } operation: {
              @Dependency(\.fullDependency.value) var value
              return value
            }
          }
          @Dependency(\.fullDependency.value) var withoutYield
          return [restored, overriddenInside, withoutYield]
        }
      }
    }
    #expect(values == [42, 999, 3])
  }

  @Test func asyncStreamUnfoldingWithoutEscapedDependenciesLosesOverrides() async {
    let stream = withDependencies {
      $0.fullDependency.value = 42
    } operation: { () -> AsyncStream<Int> in
      let isDone = Mutex(false)
      return AsyncStream(unfolding: {
        @Dependency(\.fullDependency.value) var value
        return isDone.withLock { done in
          defer { done = true }
          return done ? nil : value
        }
      })
    }
    var values: [Int] = []
    for await value in stream { values.append(value) }
    #expect(values == [3])
  }

  @Test func asyncStreamUnfoldingWithEscapedDependenciesKeepsOverrides() async {
    let stream = withDependencies {
      $0.fullDependency.value = 42
    } operation: { () -> AsyncStream<Int> in
      let isDone = Mutex(false)
      return withEscapedDependencies { continuation in
        AsyncStream(unfolding: {
          continuation.yield {
            @Dependency(\.fullDependency.value) var value
            return isDone.withLock { done in
              defer { done = true }
              return done ? nil : value
            }
          }
        })
      }
    }
    var values: [Int] = []
    for await value in stream { values.append(value) }
    #expect(values == [42])
  }

  @Test func wrapperReadsAreStableAcrossRepeatedReads() {
    withDependencies {
      $0.testOnly = 1
    } operation: {
      @Dependency(\.testOnly) var value
      for _ in 1...10 { #expect(value == 1) }
      withDependencies {
        $0.testOnly = 2
      } operation: {
        for _ in 1...10 { #expect(value == 2) }
      }
      for _ in 1...10 { #expect(value == 1) }
    }
  }
}

/// Runs `body` on a new thread (an escaping context outside any task) and returns its result.
func onAnotherThread<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.start()
  }
}
