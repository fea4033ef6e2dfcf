// AnyCasePath from a chain of case constructors: the translation of a nested case key path
// (`\.destination.presented.child`) extracts only along that chain.
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

@Suite struct AnyCasePathNestingTests {
  enum Inner: Equatable {
    case save(Int)
    case cancel
    case other(Int)
  }
  enum Outer: Equatable {
    case child(PresentationAction<Inner>)
    case sibling(PresentationAction<Inner>)
    case count(Int)
  }

  @Test func extractsAlongTheChainOnly() {
    let path = AnyCasePath { Outer.child(.presented(.save($0))) }
    #expect(path.extract(from: .child(.presented(.save(3)))) == 3)
    #expect(path.extract(from: .child(.presented(.other(3)))) == nil)
    #expect(path.extract(from: .sibling(.presented(.save(3)))) == nil)
    #expect(path.extract(from: .child(.dismiss)) == nil)
    #expect(path.extract(from: .count(3)) == nil)
    #expect(path.embed(5) == .child(.presented(.save(5))))
  }

  @Test func intermediateLevels() {
    let presented = AnyCasePath { Outer.child(.presented($0)) }
    #expect(presented.extract(from: .child(.presented(.cancel))) == .cancel)
    #expect(presented.extract(from: .child(.dismiss)) == nil)
    let child = AnyCasePath(Outer.child)
    #expect(child.extract(from: .child(.dismiss)) == .dismiss)
    #expect(child.extract(from: .sibling(.dismiss)) == nil)
  }
}
