// `DependencyValues`: registration through a key path property, a key type and an indirect
// private key; subscripts; defaults computed once per (key, context) and cached; fresh caches;
// concurrent first reads.
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

@Suite struct DependencyValuesTests {
  @Test func subscriptByKeyTypeReadsAndWrites() {
    isolated { recorder in
      var values = DependencyValues._current
      #expect(values[TestOnlyKey.self] == 42)
      values[TestOnlyKey.self] = 7
      #expect(values[TestOnlyKey.self] == 7)
      #expect(values.testOnly == 7)
      #expect(DependencyValues._current[TestOnlyKey.self] == 42)
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func keyPathPropertyWritesThroughTheKey() {
    withDependencies {
      $0.apiClient = .mock
    } operation: {
      #expect(DependencyValues._current[APIClient.self].currentUser().name == "Blob")
      @Dependency(\.apiClient) var apiClient
      #expect(apiClient.fetchTodos() == [TodoItem(id: 1, title: "Milk")])
    }
  }

  @Test func indirectPrivateKeyRegistersUserDefaults() {
    isolated { recorder in
      @Dependency(\.defaultsStore) var defaultsStore
      #expect(defaultsStore.name == "test")
      defaultsStore.set("1", forKey: "launches")
      @Dependency(\.defaultsStore) var sameStore
      #expect(sameStore.string(forKey: "launches") == "1")
      withDependencies {
        $0.context = .live
      } operation: {
        #expect(defaultsStore.name == "live")
        #expect(defaultsStore.string(forKey: "launches") == nil)
      }
      let mock = DefaultsStore(name: "mock")
      withDependencies {
        $0.defaultsStore = mock
      } operation: {
        #expect(defaultsStore === mock)
      }
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func nestedScopesKeepOuterOverrides() {
    withDependencies {
      $0.apiClient = .mock
    } operation: {
      withDependencies {
        $0.fileClient = .mock("contents")
      } operation: {
        #expect(DependencyValues._current.apiClient.currentUser().id == 42)
        #expect(DependencyValues._current.fileClient.load("a") == "contents")
        #expect(DependencyValues._current.context == .test)
      }
      #expect(DependencyValues._current.fileClient.load("a") == "")
    }
    #expect(DependencyValues._current.apiClient.currentUser().id == 0)
  }

  @Test func innerOverrideWinsAndEndsWithItsScope() {
    withDependencies {
      $0.testOnly = 1
    } operation: {
      withDependencies {
        $0.testOnly = 2
      } operation: {
        #expect(DependencyValues._current.testOnly == 2)
      }
      #expect(DependencyValues._current.testOnly == 1)
    }
  }

  @Test func writingAValueTwiceInOneScopeKeepsTheLast() {
    withDependencies {
      $0.testOnly = 1
      $0.testOnly = 2
    } operation: {
      #expect(DependencyValues._current.testOnly == 2)
    }
  }

  @Test func copiesAreIndependent() {
    var first = DependencyValues._current
    first.testOnly = 1
    var second = first
    second.testOnly = 2
    #expect(first.testOnly == 1)
    #expect(second.testOnly == 2)
    var third = second
    third.testOnly = 3
    #expect(second.testOnly == 2)
    #expect(third.testOnly == 3)
  }

  @Test func contextIsAValueOfTheScope() {
    var values = DependencyValues()
    #expect(values.context == .test)
    values.context = .live
    #expect(values.context == .live)
    #expect(DependencyValues().context == .test)
    withDependencies {
      $0.context = .preview
    } operation: {
      #expect(DependencyValues._current.context == .preview)
      withDependencies {
        $0.testOnly = 1
      } operation: {
        #expect(DependencyValues._current.context == .preview)
      }
    }
  }

  @Test func defaultIsComputedOncePerKeyAndContext() {
    isolated { recorder in
      let before = CountedKey.evaluations.value
      @Dependency(\.counted) var tally
      tally.add(1)
      tally.add(1)
      @Dependency(\.counted) var sameTally
      #expect(sameTally.value == 2)
      #expect(DependencyValues._current.counted.value == 2)
      #expect(DependencyValues._current[CountedKey.self] === tally)
      #expect(CountedKey.evaluations.value == before + 1)

      withDependencies {
        $0.context = .preview
      } operation: {
        #expect(tally.value == 0)
        tally.add(5)
        #expect(sameTally.value == 5)
      }
      #expect(CountedKey.evaluations.value == before + 2)
      #expect(tally.value == 2)

      withDependencies {
        $0.context = .live
      } operation: {
        #expect(tally.value == 0)
        #expect(DependencyValues._current.counted.value == 0)
      }
      #expect(CountedKey.evaluations.value == before + 3)
      withDependencies {
        $0.context = .live
      } operation: {
        _ = tally.value
      }
      #expect(CountedKey.evaluations.value == before + 3)
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func freshCachesIsolateStatefulDefaults() {
    let first = isolated { _ in
      @Dependency(\.stateful) var tally
      tally.add(10)
      #expect(tally.value == 10)
      return tally
    }
    let second = isolated { _ in
      @Dependency(\.stateful) var tally
      #expect(tally.value == 0)
      return tally
    }
    #expect(first !== second)
  }

  @Test func nestedFreshCacheDoesNotSeeTheOuterCachedDefault() {
    isolated { _ in
      @Dependency(\.stateful) var tally
      tally.add(3)
      withDependencies {
        $0.useFreshCache()
      } operation: {
        #expect(tally.value == 0)
      }
      #expect(tally.value == 3)
    }
  }

  @Test func concurrentFirstReadsComputeTheDefaultOnce() async {
    let tallies = await isolated { _ in
      await withTaskGroup(of: ObjectIdentifier.self) { group in
        for _ in 1...100 {
          group.addTask {
            @Dependency(\.slowCounted) var tally
            tally.add(1)
            return ObjectIdentifier(tally)
          }
        }
        var identities = Set<ObjectIdentifier>()
        for await identity in group { identities.insert(identity) }
        #expect(DependencyValues._current.slowCounted.value == 100)
        return identities
      }
    }
    #expect(tallies.count == 1)
    #expect(SlowCountedKey.evaluations.value == 1)
  }

  @Test func concurrentReadersOfOverridesSeeTheirOwnScopes() async {
    await withTaskGroup(of: Bool.self) { group in
      for index in 1...100 {
        group.addTask {
          withDependencies {
            $0.testOnly = index
          } operation: {
            @Dependency(\.testOnly) var value
            var allMatch = true
            for _ in 1...50 where value != index { allMatch = false }
            return allMatch
          }
        }
      }
      for await allMatch in group { #expect(allMatch) }
    }
  }
}
