// `@CasePathable`: the `AllCasePaths` table, the conformances and the diagnostics of
// swift-case-paths, checked on the expanded source.
import Testing

@Suite struct CasePathableMacroTests {
  @Test func everyKindOfCase() {
    assertExpansion(
      #"""
      @CasePathable enum Action {
        case tapped
        case loaded(Int)
        case renamed(to: String)
        case moved(Int, by: Double)
        case failed(any Error)
      }
      """#,
      macros: ["CasePathable"],
      expandsTo: #"""
        enum Action {
          case tapped
          case loaded(Int)
          case renamed(to: String)
          case moved(Int, by: Double)
          case failed(any Error)

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence \#
        {
            public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
              if root.is(\.tapped) {
                return \.tapped
              }
              if root.is(\.loaded) {
                return \.loaded
              }
              if root.is(\.renamed) {
                return \.renamed
              }
              if root.is(\.moved) {
                return \.moved
              }
              if root.is(\.failed) {
                return \.failed
              }
              return \.never
            }
            public var tapped: CasePaths.AnyCasePath<Action, Void> {
              ._$embed({
                  Action.tapped
                }) {
                guard case .tapped = $0 else {
                  return nil
                }
                return ()
              }
            }
            public var loaded: CasePaths.AnyCasePath<Action, Int> {
              ._$embed(Action.loaded) {
                guard case let .loaded(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var renamed: CasePaths.AnyCasePath<Action, String> {
              ._$embed(Action.renamed) {
                guard case let .renamed(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var moved: CasePaths.AnyCasePath<Action, (Int, by: Double)> {
              ._$embed(Action.moved) {
                guard case let .moved(v0, v1) = $0 else {
                  return nil
                }
                return (v0, v1)
              }
            }
            public var failed: CasePaths.AnyCasePath<Action, (any Error)> {
              ._$embed(Action.failed) {
                guard case let .failed(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> \#
        Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = []
              allCasePaths.append(\.tapped)
              allCasePaths.append(\.loaded)
              allCasePaths.append(\.renamed)
              allCasePaths.append(\.moved)
              allCasePaths.append(\.failed)
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        extension Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
        }
        """#)
  }

  @Test func noCases() {
    assertExpansion(
      #"""
      @CasePathable public enum Never2 {}
      """#,
      macros: ["CasePathable"],
      expandsTo: #"""
        public enum Never2 {

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence \#
        {
            public subscript(root: Never2) -> CasePaths.PartialCaseKeyPath<Never2> {
              \.never
            }

            public func makeIterator() -> \#
        Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Never2>]> {
              let allCasePaths: [CasePaths.PartialCaseKeyPath<Never2>] = []
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        extension Never2: CasePaths.CasePathable, CasePaths.CasePathIterable {
        }
        """#)
  }

  @Test func conformancesAlreadyDeclared() {
    assertExpansion(
      #"""
      @CasePathable enum Half: CasePaths.CasePathable {
        case one
      }
      @CasePathable enum Both: CasePathable, CasePathIterable {
        case one
      }
      """#,
      macros: ["CasePathable"],
      expandsTo: #"""
        enum Half: CasePaths.CasePathable {
          case one

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence \#
        {
            public subscript(root: Half) -> CasePaths.PartialCaseKeyPath<Half> {
              if root.is(\.one) {
                return \.one
              }
              return \.never
            }
            public var one: CasePaths.AnyCasePath<Half, Void> {
              ._$embed({
                  Half.one
                }) {
                guard case .one = $0 else {
                  return nil
                }
                return ()
              }
            }
            public func makeIterator() -> \#
        Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Half>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Half>] = []
              allCasePaths.append(\.one)
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }
        enum Both: CasePathable, CasePathIterable {
          case one

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence \#
        {
            public subscript(root: Both) -> CasePaths.PartialCaseKeyPath<Both> {
              if root.is(\.one) {
                return \.one
              }
              return \.never
            }
            public var one: CasePaths.AnyCasePath<Both, Void> {
              ._$embed({
                  Both.one
                }) {
                guard case .one = $0 else {
                  return nil
                }
                return ()
              }
            }
            public func makeIterator() -> \#
        Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Both>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Both>] = []
              allCasePaths.append(\.one)
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        extension Half: CasePaths.CasePathIterable {
        }
        """#)
  }

  @Test func conditionalCases() {
    assertExpansion(
      #"""
      @CasePathable enum Platform {
        case common
        #if os(Linux)
          case linux(Int)
        #elseif os(macOS)
          case mac
        #else
          case other(String, Int)
        #endif
      }
      """#,
      macros: ["CasePathable"],
      expandsTo: #"""
        enum Platform {
          case common
          #if os(Linux)
            case linux(Int)
          #elseif os(macOS)
            case mac
          #else
            case other(String, Int)
          #endif

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence \#
        {
            public subscript(root: Platform) -> CasePaths.PartialCaseKeyPath<Platform> {
              if root.is(\.common) {
                return \.common
              }
              #if os(Linux)
              if root.is(\.linux) {
                return \.linux
              }
              #elseif os(macOS)
              if root.is(\.mac) {
                return \.mac
              }
              #else
              if root.is(\.other) {
                return \.other
              }
              #endif
              return \.never
            }
            public var common: CasePaths.AnyCasePath<Platform, Void> {
              ._$embed({
                  Platform.common
                }) {
                guard case .common = $0 else {
                  return nil
                }
                return ()
              }
            }
            #if os(Linux)
            public var linux: CasePaths.AnyCasePath<Platform, Int> {
              ._$embed(Platform.linux) {
                guard case let .linux(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            #elseif os(macOS)
            public var mac: CasePaths.AnyCasePath<Platform, Void> {
              ._$embed({
                  Platform.mac
                }) {
                guard case .mac = $0 else {
                  return nil
                }
                return ()
              }
            }
            #else
            public var other: CasePaths.AnyCasePath<Platform, (String, Int)> {
              ._$embed(Platform.other) {
                guard case let .other(v0, v1) = $0 else {
                  return nil
                }
                return (v0, v1)
              }
            }
            #endif
            public func makeIterator() -> \#
        Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Platform>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Platform>] = []
              allCasePaths.append(\.common)
              #if os(Linux)
              allCasePaths.append(\.linux)
              #elseif os(macOS)
              allCasePaths.append(\.mac)
              #else
              allCasePaths.append(\.other)
              #endif
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        extension Platform: CasePaths.CasePathable, CasePaths.CasePathIterable {
        }
        """#)
  }

  @Test func selfAndElementPayloads() {
    assertExpansion(
      #"""
      @CasePathable indirect enum Tree<Element> {
        case leaf(Element)
        case node([Self])
        case pair(Element, Element)
      }
      """#,
      macros: ["CasePathable"],
      expandsTo: #"""
        indirect enum Tree<Element> {
          case leaf(Element)
          case node([Self])
          case pair(Element, Element)

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence \#
        {
            public subscript(root: Tree) -> CasePaths.PartialCaseKeyPath<Tree> {
              if root.is(\.leaf) {
                return \.leaf
              }
              if root.is(\.node) {
                return \.node
              }
              if root.is(\.pair) {
                return \.pair
              }
              return \.never
            }
            public var leaf: CasePaths.AnyCasePath<Tree, _$Element> {
              ._$embed(Tree.leaf) {
                guard case let .leaf(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var node: CasePaths.AnyCasePath<Tree, [Tree]> {
              ._$embed(Tree.node) {
                guard case let .node(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var pair: CasePaths.AnyCasePath<Tree, (_$Element, _$Element)> {
              ._$embed(Tree.pair) {
                guard case let .pair(v0, v1) = $0 else {
                  return nil
                }
                return (v0, v1)
              }
            }
            public func makeIterator() -> \#
        Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Tree>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Tree>] = []
              allCasePaths.append(\.leaf)
              allCasePaths.append(\.node)
              allCasePaths.append(\.pair)
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }

          public typealias _$Element = Element
        }

        extension Tree: CasePaths.CasePathable, CasePaths.CasePathIterable {
        }
        """#)
  }

  @Test func availabilityAndComments() {
    assertExpansion(
      #"""
      @available(macOS 14, *)
      @CasePathable
      enum Route {
        /// The start screen.
        case home
        // Details of one item.
        case detail(id: Int)
      }
      """#,
      macros: ["CasePathable"],
      expandsTo: #"""
        @available(macOS 14, *)
        enum Route {
          /// The start screen.
          case home
          // Details of one item.
          case detail(id: Int)

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence \#
        {
            public subscript(root: Route) -> CasePaths.PartialCaseKeyPath<Route> {
              if root.is(\.home) {
                return \.home
              }
              if root.is(\.detail) {
                return \.detail
              }
              return \.never
            }
            /// The start screen.
            public var home: CasePaths.AnyCasePath<Route, Void> {
              ._$embed({
                  Route.home
                }) {
                guard case .home = $0 else {
                  return nil
                }
                return ()
              }
            }
            // Details of one item.
            public var detail: CasePaths.AnyCasePath<Route, Int> {
              ._$embed(Route.detail) {
                guard case let .detail(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> \#
        Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Route>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Route>] = []
              allCasePaths.append(\.home)
              allCasePaths.append(\.detail)
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        @available(macOS 14, *) extension Route: CasePaths.CasePathable, CasePaths.CasePathIterable \#
        {
        }
        """#)
  }

  @Test func notAnEnum() {
    assertExpansion(
      #"""
      @CasePathable struct Settings {
      }
      @CasePathable final class Model {}
      """#,
      macros: ["CasePathable"],
      expandsTo: #"""
        struct Settings {
        }
        final class Model {}
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: "'@CasePathable' cannot be applied to struct type 'Settings'", line: 1,
          column: 15),
        ExpectedDiagnostic(
          message: "'@CasePathable' cannot be applied to class type 'Model'", line: 3,
          column: 21),
      ])
  }

  @Test func overloadedCaseName() {
    assertExpansion(
      #"""
      @CasePathable enum Load {
        case done(Int)
        case done(count: Int)
      }
      """#,
      macros: ["CasePathable"],
      expandsTo: #"""
        enum Load {
          case done(Int)
          case done(count: Int)
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: "'@CasePathable' cannot be applied to overloaded case name 'done'", line: 3,
          column: 8)
      ])
  }
}
