// `@DependencyClient`: the endpoints it marks, the two initializers it writes, and the
// diagnostics of swift-dependencies about defaults and types.
import Testing

@Suite struct DependencyClientMacroTests {
  @Test func endpointsAndInitializers() {
    assertExpansion(
      #"""
      @DependencyClient
      struct AudioPlayer: Sendable {
        var play: @Sendable (URL) async throws -> Void
        var volume: @Sendable () -> Float = { 1 }
        var stop: () -> Void
        var current: () -> URL?
        var name = "player"
        var retries = 3
        var rate = 1.0
        var looping = false
        var label: String?
        let id: UUID
        let kind = "audio"
        static var shared = AudioPlayer()
        var summary: String { name }
        @Dependency(\.date) var date
        @DependencyEndpointIgnored var hook: () -> Void = {}
      }
      """#,
      macros: ["DependencyClient"],
      expandsTo: #"""

        struct AudioPlayer: Sendable {
          @DependencyEndpoint
          var play: @Sendable (URL) async throws -> Void
          @DependencyEndpoint
          var volume: @Sendable () -> Float = { 1 }
          @DependencyEndpoint
          var stop: () -> Void
          @DependencyEndpoint
          var current: () -> URL?
          var name = "player"
          var retries = 3
          var rate = 1.0
          var looping = false
          var label: String?
          let id: UUID
          let kind = "audio"
          static var shared = AudioPlayer()
          var summary: String { name }
          @Dependency(\.date) var date
          @DependencyEndpointIgnored var hook: () -> Void = {}

          init(
            play: @Sendable @escaping (URL) async throws -> Void,
            volume: @Sendable @escaping () -> Float,
            stop: @escaping () -> Void,
            current: @escaping () -> URL?,
            name: Swift.String = "player",
            retries: Swift.Int = 3,
            rate: Swift.Double = 1.0,
            looping: Swift.Bool = false,
            label: String? = nil,
            id: UUID
          ) {
            #if DEBUG
            func __dependencyClientIsolationProbe() {
            }
            #sourceLocation(file: "Test.swift", line: 1)
            #IsolationCheck(client: __dependencyClientIsolationProbe)
            #sourceLocation()
            #endif
            self.play = play
            self.volume = volume
            self.stop = stop
            self.current = current
            self.name = name
            self.retries = retries
            self.rate = rate
            self.looping = looping
            self.label = label
            self.id = id
          }

          init(
            name: Swift.String = "player",
            retries: Swift.Int = 3,
            rate: Swift.Double = 1.0,
            looping: Swift.Bool = false,
            label: String? = nil,
            id: UUID
          ) {
            self.name = name
            self.retries = retries
            self.rate = rate
            self.looping = looping
            self.label = label
            self.id = id
          }
        }
        """#)
  }

  @Test func accessOfTheInitializers() {
    assertExpansion(
      #"""
      @DependencyClient
      public struct Public {
        public var run: () -> Void
      }
      @DependencyClient
      public struct MostlyPublic {
        public var run: () -> Void
        package var step: () -> Void
      }
      @DependencyClient
      struct WithPrivate {
        private var secret: Int
        var run: () -> Void
      }
      """#,
      macros: ["DependencyClient"],
      expandsTo: #"""

        public struct Public {
          @DependencyEndpoint
          public var run: () -> Void

          public init(
            run: @escaping () -> Void
          ) {
            #if DEBUG
            func __dependencyClientIsolationProbe() {
            }
            #sourceLocation(file: "Test.swift", line: 1)
            #IsolationCheck(client: __dependencyClientIsolationProbe)
            #sourceLocation()
            #endif
            self.run = run
          }

          public init() {
          }
        }
        public struct MostlyPublic {
          @DependencyEndpoint
          public var run: () -> Void
          @DependencyEndpoint
          package var step: () -> Void

          package init(
            run: @escaping () -> Void,
            step: @escaping () -> Void
          ) {
            #if DEBUG
            func __dependencyClientIsolationProbe() {
            }
            #sourceLocation(file: "Test.swift", line: 5)
            #IsolationCheck(client: __dependencyClientIsolationProbe)
            #sourceLocation()
            #endif
            self.run = run
            self.step = step
          }

          package init() {
          }
        }
        struct WithPrivate {
          private var secret: Int
          @DependencyEndpoint
          var run: () -> Void

          private init(
            secret: Int,
            run: @escaping () -> Void
          ) {
            #if DEBUG
            func __dependencyClientIsolationProbe() {
            }
            #sourceLocation(file: "Test.swift", line: 10)
            #IsolationCheck(client: __dependencyClientIsolationProbe)
            #sourceLocation()
            #endif
            self.secret = secret
            self.run = run
          }

          private init(
            secret: Int
          ) {
            self.secret = secret
          }
        }
        """#)
  }

  @Test func labelledEndpointsGetMethods() {
    assertExpansion(
      #"""
      @DependencyClient
      struct Search {
        var search: @Sendable (_ query: String, _ page: Int) async throws -> [String]
      }
      """#,
      macros: ["DependencyClient", "DependencyEndpoint"],
      expandsTo: #"""

        struct Search {
          @available(iOS, deprecated: 9999, message: "This property has a method equivalent that is \#
        preferred for autocomplete via this deprecation. It is perfectly fine to use for overriding \#
        and accessing via '@Dependency'.") @available(macOS, deprecated: 9999, message: "This \#
        property has a method equivalent that is preferred for autocomplete via this deprecation. \#
        It is perfectly fine to use for overriding and accessing via '@Dependency'.") \#
        @available(tvOS, deprecated: 9999, message: "This property has a method equivalent that is \#
        preferred for autocomplete via this deprecation. It is perfectly fine to use for overriding \#
        and accessing via '@Dependency'.") @available(watchOS, deprecated: 9999, message: "This \#
        property has a method equivalent that is preferred for autocomplete via this deprecation. \#
        It is perfectly fine to use for overriding and accessing via '@Dependency'.")
          var search: @Sendable (_ query: String, _ page: Int) async throws -> [String] {
            get {
              _search
            }
            set {
              _search = newValue
            }
          }

          @Sendable func search(query p0: String, page p1: Int) async throws -> [String] {
            try await self.search(p0, p1)
          }

          @available(iOS, deprecated: 9999, message: "This property has a method equivalent that is \#
        preferred for autocomplete via this deprecation. It is perfectly fine to use for overriding \#
        and accessing via '@Dependency'.") @available(macOS, deprecated: 9999, message: "This \#
        property has a method equivalent that is preferred for autocomplete via this deprecation. \#
        It is perfectly fine to use for overriding and accessing via '@Dependency'.") \#
        @available(tvOS, deprecated: 9999, message: "This property has a method equivalent that is \#
        preferred for autocomplete via this deprecation. It is perfectly fine to use for overriding \#
        and accessing via '@Dependency'.") @available(watchOS, deprecated: 9999, message: "This \#
        property has a method equivalent that is preferred for autocomplete via this deprecation. \#
        It is perfectly fine to use for overriding and accessing via '@Dependency'.") private var \#
        _search: @Sendable (_ query: String, _ page: Int) async throws -> [String] = { _, _ in
            IssueReporting.reportIssue("Unimplemented: '\(Self.self).search'")
            throw DependenciesMacros.Unimplemented("search")
          }

          init(
            search: @Sendable @escaping (_ query: String, _ page: Int) async throws -> [String]
          ) {
            #if DEBUG
            func __dependencyClientIsolationProbe() {
            }
            #sourceLocation(file: "Test.swift", line: 1)
            #IsolationCheck(client: __dependencyClientIsolationProbe)
            #sourceLocation()
            #endif
            self.search = search
          }

          init() {
          }
        }
        """#)
  }

  @Test func missingDefault() {
    assertExpansion(
      #"""
      @DependencyClient
      struct Counter {
        var next: (Int, Int) -> Int
      }
      """#,
      macros: ["DependencyClient"],
      expandsTo: #"""

        struct Counter {
          var next: (Int, Int) -> Int

          init(
            next: @escaping (Int, Int) -> Int
          ) {
            #if DEBUG
            func __dependencyClientIsolationProbe() {
            }
            #sourceLocation(file: "Test.swift", line: 1)
            #IsolationCheck(client: __dependencyClientIsolationProbe)
            #sourceLocation()
            #endif
            self.next = next
          }

          init() {
          }
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: """
            Default value required for non-throwing closure 'next'

            Defaults are required so that the macro can generate a default, "unimplemented" \
            version of the dependency via 'Counter()'. The default value can be anything and \
            does not need to signify a real value. For example, if the endpoint returns a \
            boolean, you can return 'false', or if it returns an array, you can return '[]'.

            See the documentation for @DependencyClient for more information: \
            https://swiftpackageindex.com/pointfreeco/swift-dependencies/main/documentation/\
            dependenciesmacros/dependencyclient()#Restrictions
            """,
          line: 3, column: 7, fixIts: ["Insert '= { _, _ in <#Int#> }'"])
      ],
      fixed: #"""
        @DependencyClient
        struct Counter {
          var next: (Int, Int) -> Int = { _, _ in <#Int#> }
        }
        """#)
  }

  @Test func defaultsThatAreNotClosures() {
    assertExpansion(
      #"""
      @DependencyClient
      struct Numbers {
        var random: () -> Int = unimplemented("random")
        var next: () -> Int = Numbers.fallback
      }
      """#,
      macros: ["DependencyClient"],
      expandsTo: #"""

        struct Numbers {
          var random: () -> Int = unimplemented("random")
          var next: () -> Int = Numbers.fallback

          init(
            random: @escaping () -> Int,
            next: @escaping () -> Int
          ) {
            #if DEBUG
            func __dependencyClientIsolationProbe() {
            }
            #sourceLocation(file: "Test.swift", line: 1)
            #IsolationCheck(client: __dependencyClientIsolationProbe)
            #sourceLocation()
            #endif
            self.random = random
            self.next = next
          }

          init() {
          }
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: "'@DependencyClient' default must be closure literal", line: 3, column: 27),
        ExpectedDiagnostic(
          message:
            "Do not use 'unimplemented' with '@DependencyClient'; the '@DependencyClient' macro "
            + "already includes the behavior of 'unimplemented'.",
          line: 3, column: 27, severity: .warning),
        ExpectedDiagnostic(
          message: "'@DependencyClient' default must be closure literal", line: 4, column: 25),
      ])
  }

  @Test func fatalErrorDefault() {
    assertExpansion(
      #"""
      @DependencyClient
      struct Clock {
        var now: () -> Date = { fatalError("not yet") }
      }
      """#,
      macros: ["DependencyClient"],
      expandsTo: #"""

        struct Clock {
          var now: () -> Date = { fatalError("not yet") }

          init(
            now: @escaping () -> Date
          ) {
            #if DEBUG
            func __dependencyClientIsolationProbe() {
            }
            #sourceLocation(file: "Test.swift", line: 1)
            #IsolationCheck(client: __dependencyClientIsolationProbe)
            #sourceLocation()
            #endif
            self.now = now
          }

          init() {
          }
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: """
            Prefer returning a default mock value over 'fatalError()' to avoid crashes in \
            previews and tests.

            The default value can be anything and does not need to signify a real value. For \
            example, if the endpoint returns a boolean, you can return 'false', or if it returns \
            an array, you can return '[]'.
            """,
          line: 3, column: 27, severity: .warning,
          fixIts: ["Wrap in a synchronously executed closure to silence this warning"])
      ],
      fixed: #"""
        @DependencyClient
        struct Clock {
          var now: () -> Date = { { fatalError("not yet") }() }
        }
        """#)
  }

  @Test func missingTypeAnnotation() {
    assertExpansion(
      #"""
      @DependencyClient
      struct Store {
        var load: () -> Void
        var cache = Cache()
      }
      """#,
      macros: ["DependencyClient"],
      expandsTo: #"""

        struct Store {
          @DependencyEndpoint
          var load: () -> Void
          var cache = Cache()
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message:
            "'@DependencyClient' requires 'cache' to have a type annotation in order to generate "
            + "a memberwise initializer",
          line: 4, column: 7, fixIts: ["Insert ': <#Type#>'"])
      ],
      fixed: #"""
        @DependencyClient
        struct Store {
          var load: () -> Void
          var cache: <#Type#> = Cache()
        }
        """#)
  }

  @Test func onlyOnStructs() {
    assertExpansion(
      #"""
      @DependencyClient
      enum Client {}
      """#,
      macros: ["DependencyClient"],
      expandsTo: #"""

        enum Client {}
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message: "'@DependencyClient' can only be applied to struct types", line: 1, column: 1)
      ])
  }
}
