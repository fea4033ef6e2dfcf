// AnyCasePath made from a case key path: one step (`\.child`, which holds the typed case path
// `@CasePathable` made) and several (`\.child.presented`) embed and extract the same way.
import CasePaths
import ComposableArchitecture
import Testing

@CasePathable
private enum Leaf: Equatable {
  case save(Int)
  case cancel
}

@CasePathable
private enum Root: Equatable {
  case child(PresentationAction<Leaf>)
  case sibling(PresentationAction<Leaf>)
  case count(Int)
}

@Suite struct CaseKeyPathAnyCasePathTests {
  @Test func oneStepExtractsAndEmbedsItsCaseOnly() {
    let path = AnyCasePath(\Root.Cases.count)
    #expect(path.extract(from: .count(3)) == 3)
    #expect(path.extract(from: .child(.dismiss)) == nil)
    #expect(path.embed(7) == .count(7))
    let child = AnyCasePath(\Root.Cases.child)
    #expect(child.extract(from: .child(.presented(.cancel))) == .presented(.cancel))
    #expect(child.extract(from: .sibling(.dismiss)) == nil)
    #expect(child.embed(.dismiss) == .child(.dismiss))
  }

  @Test func severalStepsExtractAlongTheChainOnly() {
    let path = AnyCasePath(\Root.Cases.child.presented.save)
    #expect(path.extract(from: .child(.presented(.save(3)))) == 3)
    #expect(path.extract(from: .child(.presented(.cancel))) == nil)
    #expect(path.extract(from: .sibling(.presented(.save(3)))) == nil)
    #expect(path.extract(from: .child(.dismiss)) == nil)
    #expect(path.embed(5) == .child(.presented(.save(5))))
  }

  @Test func theRootItselfIsEveryValue() {
    let path = AnyCasePath(\Case<Root>.self)
    #expect(path.extract(from: .count(1)) == .count(1))
    #expect(path.embed(.count(2)) == .count(2))
  }
}
