// How a scope stores what it changes: the node is created by the first change and holds that
// value inline (`ValueNode`); later keys are boxed; a scope that changes nothing binds the
// current node again; the values a scope created are released when it ends (also when its
// operation or its set-up throws); a long chain of nodes is freed without recursion.
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

private enum NumberKey: TestDependencyKey {
  static let testValue = 0
}

private enum NameKey: TestDependencyKey {
  static let testValue = "none"
}

/// A value whose lifetime a test watches.
private final class Token: Sendable {
  let id: Int
  init(_ id: Int) { self.id = id }
}

private enum TokenKey: TestDependencyKey {
  static let testValue: Token? = nil
}

private struct Failure: Error, Equatable {}

extension DependencyValues {
  fileprivate var number: Int {
    get { self[NumberKey.self] }
    set { self[NumberKey.self] = newValue }
  }
  fileprivate var name: String {
    get { self[NameKey.self] }
    set { self[NameKey.self] = newValue }
  }
  fileprivate var token: Token? {
    get { self[TokenKey.self] }
    set { self[TokenKey.self] = newValue }
  }
}

/// A model capturing its dependencies at creation.
private final class NumberModel {
  @Dependency(\.number) var number
  @Dependency(\.name) var name
  var numberWrapper: Dependency<Int> { _number }
}

@Suite struct ScopeStorageTests {
  private func current() -> DependencyStorage { DependencyValues._current.storage }

  @Test func theFirstChangeCreatesANodeHoldingTheValueInline() {
    let outer = current()
    withDependencies {
      $0.number = 1
    } operation: {
      let node = current()
      #expect(node is ValueNode<Int>)
      #expect(node.firstIsInline)
      #expect(node.firstBox == nil)
      #expect(node.parent === outer)
      #expect(DependencyValues._current.number == 1)
      @Dependency(\.number) var number
      #expect(number == 1)
    }
    #expect(current() === outer)
    #expect(DependencyValues._current.number == 0)
  }

  @Test func settingTheSameKeyAgainReplacesTheInlineValueInTheSameNode() {
    let outer = current()
    withDependencies {
      $0.number = 1
      $0.number = 2
      $0.number += 1
    } operation: {
      #expect(current() is ValueNode<Int>)
      #expect(current().parent === outer)
      #expect(current().entries.map(\.key) == [ObjectIdentifier(NumberKey.self)])
      #expect(DependencyValues._current.number == 3)
    }
  }

  @Test func aSecondKeyIsBoxedAndBothRead() {
    withDependencies {
      $0.number = 4
      $0.name = "blob"
    } operation: {
      let node = current()
      #expect(node.firstIsInline)
      #expect(node.hasMoreEntries)
      #expect(
        node.entries.map(\.key)
          == [ObjectIdentifier(NumberKey.self), ObjectIdentifier(NameKey.self)])
      #expect(DependencyValues._current.number == 4)
      #expect(DependencyValues._current.name == "blob")
      // The boxed lookup (what the trace reads) boxes an inline value on demand.
      let boxed = node.lookup(ObjectIdentifier(NumberKey.self))
      #expect((boxed as? ValueBox<Int>)?.value == 4)
      #expect((node.lookup(ObjectIdentifier(NameKey.self)) as? ValueBox<String>)?.value == "blob")
    }
  }

  @Test func aNodeCreatedByAnotherChangeBoxesItsFirstValue() {
    withDependencies {
      $0.context = .preview
      $0.number = 5
      $0.number = 6
    } operation: {
      let node = current()
      #expect(!(node is ValueNode<Int>))
      #expect(!node.firstIsInline)
      #expect(node.firstBox != nil)
      #expect(DependencyValues._current.context == .preview)
      #expect(DependencyValues._current.number == 6)
    }
  }

  @Test func aScopeThatChangesNothingBindsTheCurrentNode() {
    withDependencies {
      $0.number = 7
    } operation: {
      let outer = current()
      withDependencies { _ in
      } operation: {
        #expect(current() === outer)
        #expect(DependencyValues._current.number == 7)
      }
      withDependencies { values in
        #expect(values.number == 7)
      } operation: {
        #expect(current() === outer)
      }
      #expect(current() === outer)
    }
  }

  @Test func capturedInlineValuesMergeWithTheReadersScope() {
    let model = withDependencies {
      $0.number = 8
    } operation: {
      NumberModel()
    }
    let child = withDependencies {
      $0.name = "reader"
    } operation: {
      // Created under number = 8, read under name = "reader": both apply.
      #expect(model.number == 8)
      #expect(model.name == "reader")
      let child = withDependencies(from: model) {
        $0.name = "child"
      } operation: {
        NumberModel()
      }
      // Read in this scope, its override wins over the captured one.
      #expect(child.number == 8)
      #expect(child.name == "reader")
      return child
    }
    #expect(model.number == 8)
    #expect(model.name == "none")
    #expect(child.number == 8)
    #expect(child.name == "child")
  }

  @Test func aCopyOfTheValuesIsNotChangedByALaterSet() {
    var values = DependencyValues._current
    values.number = 1
    let copy = values
    values.number = 2
    values.name = "changed"
    #expect(copy.number == 1)
    #expect(copy.name == "none")
    #expect(values.number == 2)
    #expect(values.name == "changed")
    // The copy's node is shared, so the later set made a child of it.
    #expect(values.storage.parent === copy.storage)
  }

  @Test func theScopesValuesAreReleasedWhenItEnds() {
    weak var released: Token?
    withDependencies {
      let token = Token(1)
      released = token
      $0.token = token
    } operation: {
      #expect(DependencyValues._current.token?.id == 1)
    }
    #expect(released == nil)
  }

  @Test func theScopesValuesAreReleasedWhenTheOperationThrows() {
    weak var released: Token?
    #expect(throws: Failure()) {
      try withDependencies {
        let token = Token(2)
        released = token
        $0.token = token
      } operation: {
        #expect(DependencyValues._current.token?.id == 2)
        throw Failure()
      }
    }
    #expect(released == nil)
    #expect(DependencyValues._current.token == nil)
  }

  @Test func theValuesAreReleasedWhenTheSetUpThrows() {
    weak var released: Token?
    let outer = current()
    #expect(throws: Failure()) {
      try withDependencies {
        let token = Token(3)
        released = token
        $0.token = token
        throw Failure()
      } operation: {
        Issue.record("the operation must not run")
      }
    }
    #expect(released == nil)
    #expect(current() === outer)
  }

  @Test func aWrapperCreatedOutsideAnyScopeCapturesNothing() async {
    // A detached task inherits no binding: the root is current there.
    let (capturedNothing, number, rootValues) = await Task.detached {
      let model = NumberModel()
      return (
        model.numberWrapper.captured == nil, model.number,
        model.numberWrapper.initialValues.storage === DependencyStorage.root
      )
    }.value
    #expect(capturedNothing)
    #expect(number == 0)
    #expect(rootValues)
  }

  @Test func aWrapperCapturingTheRootReadsAndPropagatesLikeAnyOther() {
    let unscoped = DependencyValues.$_current.withValue(.processDefaults) { NumberModel() }
    let scoped = withDependencies {
      $0.number = 9
    } operation: {
      NumberModel()
    }
    #expect(unscoped.numberWrapper.initial === DependencyStorage.root)
    #expect(scoped.numberWrapper.captured != nil)
    #expect(unscoped.number == 0)
    #expect(scoped.number == 9)
    withDependencies {
      $0.number = 10
    } operation: {
      // Read-time overrides apply to both.
      #expect(unscoped.number == 10)
      #expect(scoped.number == 10)
    }
    let child = withDependencies(from: unscoped) { NumberModel() }
    #expect(child.number == 0)
    let scopedChild = withDependencies(from: scoped) { NumberModel() }
    #expect(scopedChild.number == 9)
  }

  @Test func aLongChainOfNodesIsFreedWithoutRecursion() {
    // Each set while a copy shares the node makes a child: a chain of `count` nodes, each
    // owned only by its child. Freeing it by recursive deinits would overflow the stack.
    let count = 300_000
    var values = DependencyValues.processDefaults
    for index in 1...count {
      let shared = values
      values.number = index
      withExtendedLifetime(shared) {}
    }
    #expect(values.storage.depth == count)
    #expect(values.number == count)
    weak let leaf = values.storage
    values = DependencyValues.processDefaults
    #expect(leaf == nil)
  }
}
