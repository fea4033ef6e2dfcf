// Fidelity: a model's dependencies reach the children it creates through
// `withDependencies(from:)`, including overrides from every scope it was created in (the
// innermost included), as swift-dependencies' `testExtendingLifetimeToChildModels` pins down.
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

private final class GreetingModel {
  @Dependency(\.fidelityInt) var int
  @Dependency(\.fidelityString) var string

  func child() -> GreetingModel {
    withDependencies(from: self) { GreetingModel() }
  }

  func child() async -> GreetingModel {
    await withDependencies(from: self) {
      await Task.yield()
      return GreetingModel()
    }
  }
}

@Suite struct ChildModelFidelityTests {
  @Test func aChildSeesEveryScopeItsParentWasCreatedIn() {
    let model = withDependencies {
      $0.fidelityInt = 1729
    } operation: {
      withDependencies {
        $0.fidelityString = "howdy"
      } operation: {
        GreetingModel()
      }
    }
    #expect(model.int == 1729)
    #expect(model.string == "howdy")

    let child = model.child()
    #expect(child.int == 1729)
    #expect(child.string == "howdy")

    let grandchild = child.child()
    #expect(grandchild.int == 1729)
    #expect(grandchild.string == "howdy")

    withDependencies {
      $0.fidelityInt = 0
      $0.fidelityString = "cya"
    } operation: {
      #expect(grandchild.int == 0)
      #expect(grandchild.string == "cya")
    }
    #expect(grandchild.string == "howdy")

    let greatGrandchild = withDependencies {
      $0.fidelityInt = 9000
      $0.fidelityString = "cool"
    } operation: {
      grandchild.child()
    }
    #expect(greatGrandchild.int == 9000)
    #expect(greatGrandchild.string == "cool")
  }

  @Test func aChildSeesEveryScopeItsParentWasCreatedInAsync() async {
    let model = await withDependencies {
      await Task.yield()
      $0.fidelityInt = 1729
    } operation: {
      await withDependencies {
        await Task.yield()
        $0.fidelityString = "howdy"
      } operation: { () -> GreetingModel in
        await Task.yield()
        return GreetingModel()
      }
    }
    let child = await model.child()
    #expect(child.int == 1729)
    #expect(child.string == "howdy")
    let grandchild = await child.child()
    #expect(grandchild.string == "howdy")
  }
}

private enum FidelityIntKey: DependencyKey {
  static let liveValue = -1
  static let testValue = 42
}

private enum FidelityStringKey: DependencyKey {
  static let liveValue = "hello"
  static let testValue = "goodbye"
}

extension DependencyValues {
  fileprivate var fidelityInt: Int {
    get { self[FidelityIntKey.self] }
    set { self[FidelityIntKey.self] = newValue }
  }
  fileprivate var fidelityString: String {
    get { self[FidelityStringKey.self] }
    set { self[FidelityStringKey.self] = newValue }
  }
}
