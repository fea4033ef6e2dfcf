// `AnyCasePath.modify`, as swift-case-paths': in place when the root is the case, throwing
// (and leaving the root alone) when it is another case or nil (TCA's PresentationReducerTests
// use `try (/Destination.State.child).modify(&$0.destination) { … }`).
import ComposableArchitecture
import Testing

@Suite struct AnyCasePathModifyTests {
  enum Destination: Equatable {
    case child(Int)
    case other(String)
  }

  struct NotThisCase: Error {}

  @Test func modifiesTheCaseInPlace() throws {
    var root = Destination.child(1)
    let path = AnyCasePath(Destination.child)
    try path.modify(&root) { $0 += 1 }
    #expect(root == .child(2))
    var optional: Destination? = .child(1)
    try path.modify(&optional) { $0 = 5 }
    #expect(optional == .child(5))
  }

  @Test func anotherCaseOrNilThrowsAndChangesNothing() {
    let path = AnyCasePath(Destination.child)
    var root = Destination.other("x")
    #expect(throws: (any Error).self) { try path.modify(&root) { $0 += 1 } }
    #expect(root == .other("x"))
    var optional: Destination? = nil
    #expect(throws: (any Error).self) { try path.modify(&optional) { $0 += 1 } }
    #expect(optional == nil)
  }

  @Test func anErrorOfTheBodyLeavesTheRootAlone() {
    let path = AnyCasePath(Destination.child)
    var root = Destination.child(1)
    #expect(throws: NotThisCase.self) {
      try path.modify(&root) {
        $0 = 9
        throw NotThisCase()
      }
    }
    #expect(root == .child(1))
  }
}
