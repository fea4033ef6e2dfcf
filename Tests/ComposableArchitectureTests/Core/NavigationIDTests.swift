// A navigation path compared with "a parent's path followed by an id" says what comparing it
// with the longer path would, without making that path.
import Testing

@testable import ComposableArchitecture

private struct Parent {
  var child: Int?
  var other: Int?
}

@Suite struct NavigationIDTests {
  @Test func isPathFollowedByAgreesWithAppending() {
    let root = NavigationIDPath()
    let first = NavigationID(base: 1, keyPath: \Parent.child)
    let second = NavigationID(base: 2, keyPath: \Parent.other)
    let nested = root.appending(first)
    let cases: [(NavigationIDPath, NavigationIDPath, NavigationID)] = [
      (root.appending(first), root, first),
      (root.appending(first), root, second),
      (nested.appending(second), nested, second),
      (nested.appending(second), root.appending(second), second),
      (nested.appending(second), root, second),
      (root, root, first),
    ]
    for (path, prefix, element) in cases {
      #expect(path.isPath(prefix, followedBy: element) == (prefix.appending(element) == path))
    }
    #expect(root.appending(first).isPath(root, followedBy: first))
    #expect(!nested.appending(second).isPath(root.appending(second), followedBy: second))
  }
}
