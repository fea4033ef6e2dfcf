// `@DependencyEndpoint`: a closure property over private storage whose default reports the
// unimplemented endpoint, and the method for labelled closures.
import Testing

@Suite struct DependencyEndpointMacroTests {
  @Test func defaultsByReturnType() {
    assertExpansion(
      #"""
      struct Client {
        @DependencyEndpoint
        var reset: () -> Void
        @DependencyEndpoint
        var load: () async throws -> Data
        @DependencyEndpoint
        var cached: () -> Data?
        @DependencyEndpoint
        var count: () -> Int = { 0 }
        @DependencyEndpoint
        var check: (Int) -> Bool = { value in
          value > 0
        }
      }
      """#,
      macros: ["DependencyEndpoint"],
      expandsTo: #"""
        struct Client {
          var reset: () -> Void {
            get {
              _reset
            }
            set {
              _reset = newValue
            }
          }

          private var _reset: () -> Void = {
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).reset'")
          }
          var load: () async throws -> Data {
            get {
              _load
            }
            set {
              _load = newValue
            }
          }

          private var _load: () async throws -> Data = {
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).load'")
            throw DependenciesMacros.Unimplemented("load")
          }
          var cached: () -> Data? {
            get {
              _cached
            }
            set {
              _cached = newValue
            }
          }

          private var _cached: () -> Data? = {
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).cached'")
            return nil
          }
          var count: () -> Int {
            get {
              _count
            }
            set {
              _count = newValue
            }
          }

          private var _count: () -> Int = {
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).count'")
            return 0
          }
          var check: (Int) -> Bool {
            get {
              _check
            }
            set {
              _check = newValue
            }
          }

          private var _check: (Int) -> Bool = { value in
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).check'")
            return value > 0
          }
        }
        """#)
  }

  @Test func labelledClosureGetsAMethod() {
    assertExpansion(
      #"""
      public struct Client {
        @DependencyEndpoint
        public var fetch: @Sendable (_ id: Int, _ force: Bool) async throws -> String
        @DependencyEndpoint
        var update: @MainActor @Sendable (_ value: inout Int, _ by: @autoclosure () -> Int) -> Void
      }
      """#,
      macros: ["DependencyEndpoint"],
      expandsTo: #"""
        public struct Client {
          public var fetch: @Sendable (_ id: Int, _ force: Bool) async throws -> String {
            get {
              _fetch
            }
            set {
              _fetch = newValue
            }
          }

          @Sendable public func fetch(id p0: Int, force p1: Bool) async throws -> String {
            try await self.fetch(p0, p1)
          }

          private var _fetch: @Sendable (_ id: Int, _ force: Bool) async throws -> String = { _, _ \#
        in
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).fetch'")
            throw DependenciesMacros.Unimplemented("fetch")
          }
          var update: @MainActor @Sendable (_ value: inout Int, _ by: @autoclosure () -> Int) -> \#
        Void {
            get {
              _update
            }
            set {
              _update = newValue
            }
          }

          @MainActor func update(value p0: inout Int, by p1: @autoclosure () -> Int) -> Void {
            self.update(&p0, p1())
          }

          private var _update: @MainActor @Sendable (_ value: inout Int, _ by: @autoclosure () -> \#
        Int) -> Void = { _, _ in
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).update'")
          }
        }
        """#)
  }

  @Test func methodName() {
    assertExpansion(
      #"""
      struct Client {
        @DependencyEndpoint(method: "send")
        var sendMessage: (String) -> Void
        @DependencyEndpoint(method: "`default`")
        var `defaults`: (_ key: String) throws -> Int
      }
      """#,
      macros: ["DependencyEndpoint"],
      expandsTo: #"""
        struct Client {
          var sendMessage: (String) -> Void {
            get {
              _sendMessage
            }
            set {
              _sendMessage = newValue
            }
          }

          func send(_ p0: String) -> Void {
            self.sendMessage(p0)
          }

          private var _sendMessage: (String) -> Void = { _ in
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).sendMessage'")
          }
          var `defaults`: (_ key: String) throws -> Int {
            get {
              _defaults
            }
            set {
              _defaults = newValue
            }
          }

          func `default`(key p0: String) throws -> Int {
            try self.`defaults`(p0)
          }

          private var _defaults: (_ key: String) throws -> Int = { _ in
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).defaults'")
            throw DependenciesMacros.Unimplemented("defaults")
          }
        }
        """#)
  }

  @Test func badMethodNames() {
    assertExpansion(
      #"""
      struct Client {
        @DependencyEndpoint(method: "two words")
        var a: (Int) -> Void
      }
      """#,
      macros: ["DependencyEndpoint"],
      expandsTo: #"""
        struct Client {
          var a: (Int) -> Void {
            get {
              _a
            }
            set {
              _a = newValue
            }
          }
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(message: "'method' must be a valid identifier", line: 2, column: 31)
      ])
    assertExpansion(
      #"""
      struct Client {
        @DependencyEndpoint(method: "\(name)")
        var a: (Int) -> Void
      }
      """#,
      macros: ["DependencyEndpoint"],
      expandsTo: #"""
        struct Client {
          var a: (Int) -> Void {
            get {
              _a
            }
            set {
              _a = newValue
            }
          }
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: "'method' must be a static string literal", line: 2, column: 31)
      ])
  }

  @Test func missingDefault() {
    assertExpansion(
      #"""
      struct Client {
        @DependencyEndpoint
        var isEnabled: () -> Bool
      }
      """#,
      macros: ["DependencyEndpoint"],
      expandsTo: #"""
        struct Client {
          var isEnabled: () -> Bool {
            get {
              _isEnabled
            }
            set {
              _isEnabled = newValue
            }
          }
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: """
            Default value required for non-throwing closure 'isEnabled'

            Defaults are required so that the macro can generate a default, "unimplemented" \
            version of the dependency. The default value can be anything and does not need to \
            signify a real value. For example, if the endpoint returns a boolean, you can return \
            'false', or if it returns an array, you can return '[]'.

            See the documentation for @DependencyClient for more information: \
            https://swiftpackageindex.com/pointfreeco/swift-dependencies/main/documentation/\
            dependenciesmacros/dependencyclient()#Restrictions
            """,
          line: 3, column: 7, fixIts: ["Insert '= { <#Bool#> }'"])
      ])
  }

  @Test func notAClosure() {
    assertExpansion(
      #"""
      struct Client {
        @DependencyEndpoint
        var name: String
      }
      """#,
      macros: ["DependencyEndpoint"],
      expandsTo: #"""
        struct Client {
          var name: String
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: "'@DependencyEndpoint' must be attached to closure property", line: 2,
          column: 3)
      ])
  }

  @Test func ignoredEndpointExpandsToNothing() {
    assertExpansion(
      #"""
      struct Client {
        @DependencyEndpointIgnored var hook: () -> Void = {}
      }
      """#,
      macros: ["DependencyEndpointIgnored"],
      expandsTo: #"""
        struct Client {
          var hook: () -> Void = {}
        }
        """#)
  }
}
