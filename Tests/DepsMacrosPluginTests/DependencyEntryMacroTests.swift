// `@DependencyEntry`: the accessors over a generated dependency key, the key's name and
// access, its values, the debug-build checks, and the diagnostics of swift-dependencies.
import DepsMacrosPlugin
import Testing

@Suite struct DependencyEntryMacroTests {
  @Test func testValueOnly() {
    assertExpansion(
      #"""
      extension DependencyValues {
        @DependencyEntry var apiClient = APIClient.mock
      }
      """#,
      macros: ["DependencyEntry"],
      expandsTo: #"""
        extension DependencyValues {
          var apiClient {
            get {
              #if DEBUG
              func __dependencyEntryIsolationProbe() {
              }
              #sourceLocation(file: "Test.swift", line: 2)
              #IsolationCheck(__dependencyEntryIsolationProbe)
              #sourceLocation()
              #endif
              return self[__Key_apiClient.self]
            }
            set {
              self[__Key_apiClient.self] = newValue
            }
            _modify {
              yield &self[__Key_apiClient.self]
            }
          }

          #if DEBUG
          #sourceLocation(file: "Test.swift", line: 2)
          #IsolationCheck(keyPath: \DependencyValues.apiClient)
          #sourceLocation()
          #endif

          private nonisolated enum __Key_apiClient: Dependencies.TestDependencyKey {
            @DependenciesMacros._DependencyEntryDefaultValue static var testValue = APIClient.mock
          }
        }
        """#)
  }

  @Test func liveAndPreviewValues() {
    assertExpansion(
      #"""
      extension DependencyValues {
        @DependencyEntry(liveValue: Speech.live, previewValue: Speech.preview)
        var speech: Speech = .unimplemented
        @DependencyEntry(liveValue: Logger.live)
        var logger: Logger
      }
      """#,
      macros: ["DependencyEntry"],
      expandsTo: #"""
        extension DependencyValues {
          var speech: Speech {
            get {
              #if DEBUG
              func __dependencyEntryIsolationProbe() {
              }
              #sourceLocation(file: "Test.swift", line: 2)
              #IsolationCheck(__dependencyEntryIsolationProbe)
              #sourceLocation(file: "Test.swift", line: 2)
              #TypeCheck(\DependencyValues.speech, liveValue: Speech.live)
              #sourceLocation(file: "Test.swift", line: 2)
              #TypeCheck(\DependencyValues.speech, previewValue: Speech.preview)
              #sourceLocation()
              #endif
              return self[__Key_speech.self]
            }
            set {
              self[__Key_speech.self] = newValue
            }
            _modify {
              yield &self[__Key_speech.self]
            }
          }

          #if DEBUG
          #sourceLocation(file: "Test.swift", line: 2)
          #IsolationCheck(keyPath: \DependencyValues.speech)
          #sourceLocation()
          #endif

          private nonisolated enum __Key_speech: Dependencies.DependencyKey {
            typealias Value = Speech
            static var liveValue: Value {
              Speech.live
            }
            static var previewValue: Value {
              Speech.preview
            }
            static var testValue: Value {
              .unimplemented
            }
          }
          var logger: Logger {
            get {
              #if DEBUG
              func __dependencyEntryIsolationProbe() {
              }
              #sourceLocation(file: "Test.swift", line: 4)
              #IsolationCheck(__dependencyEntryIsolationProbe)
              #sourceLocation(file: "Test.swift", line: 4)
              #TypeCheck(\DependencyValues.logger, liveValue: Logger.live)
              #sourceLocation()
              #endif
              return self[__Key_logger.self]
            }
            set {
              self[__Key_logger.self] = newValue
            }
            _modify {
              yield &self[__Key_logger.self]
            }
          }

          #if DEBUG
          #sourceLocation(file: "Test.swift", line: 4)
          #IsolationCheck(keyPath: \DependencyValues.logger)
          #sourceLocation()
          #endif

          private nonisolated enum __Key_logger: Dependencies.DependencyKey {
            typealias Value = Logger
            static var liveValue: Value {
              Logger.live
            }
          }
        }
        """#)
  }

  @Test func keyNames() {
    assertExpansion(
      #"""
      extension DependencyValues {
        @DependencyEntry public var session: any Session = MockSession()
        @DependencyEntry package var `default` = Defaults()
        @DependencyEntry("CustomKey") public var custom: [String: Item] = [:]
        @DependencyEntry("HiddenKey") var hidden = 1
        @DependencyEntry public var table: [String: Item] = [:]
      }
      """#,
      macros: ["DependencyEntry"],
      expandsTo: #"""
        extension DependencyValues {
          public var session: any Session {
            get {
              #if DEBUG
              func __dependencyEntryIsolationProbe() {
              }
              #sourceLocation(file: "Test.swift", line: 2)
              #IsolationCheck(__dependencyEntryIsolationProbe)
              #sourceLocation()
              #endif
              return self[SessionKey.self]
            }
            set {
              self[SessionKey.self] = newValue
            }
            _modify {
              yield &self[SessionKey.self]
            }
          }

          #if DEBUG
          #sourceLocation(file: "Test.swift", line: 2)
          #IsolationCheck(keyPath: \DependencyValues.session)
          #sourceLocation()
          #endif

          public nonisolated enum SessionKey: Dependencies.TestDependencyKey {
            public typealias Value = any Session
            public static var testValue: Value {
              MockSession()
            }
          }
          package var `default` {
            get {
              #if DEBUG
              func __dependencyEntryIsolationProbe() {
              }
              #sourceLocation(file: "Test.swift", line: 3)
              #IsolationCheck(__dependencyEntryIsolationProbe)
              #sourceLocation()
              #endif
              return self[DefaultKey.self]
            }
            set {
              self[DefaultKey.self] = newValue
            }
            _modify {
              yield &self[DefaultKey.self]
            }
          }

          #if DEBUG
          #sourceLocation(file: "Test.swift", line: 3)
          #IsolationCheck(keyPath: \DependencyValues.`default`)
          #sourceLocation()
          #endif

          package nonisolated enum DefaultKey: Dependencies.TestDependencyKey {
            @DependenciesMacros._DependencyEntryDefaultValue package static var testValue = \#
        Defaults()
          }
          public var custom: [String: Item] {
            get {
              #if DEBUG
              func __dependencyEntryIsolationProbe() {
              }
              #sourceLocation(file: "Test.swift", line: 4)
              #IsolationCheck(__dependencyEntryIsolationProbe)
              #sourceLocation()
              #endif
              return self[CustomKey.self]
            }
            set {
              self[CustomKey.self] = newValue
            }
            _modify {
              yield &self[CustomKey.self]
            }
          }

          #if DEBUG
          #sourceLocation(file: "Test.swift", line: 4)
          #IsolationCheck(keyPath: \DependencyValues.custom)
          #sourceLocation()
          #endif

          public nonisolated enum CustomKey: Dependencies.TestDependencyKey {
            public typealias Value = [String: Item]
            public static var testValue: Value {
              [:]
            }
          }
          var hidden {
            get {
              #if DEBUG
              func __dependencyEntryIsolationProbe() {
              }
              #sourceLocation(file: "Test.swift", line: 5)
              #IsolationCheck(__dependencyEntryIsolationProbe)
              #sourceLocation()
              #endif
              return self[__Key_hidden.self]
            }
            set {
              self[__Key_hidden.self] = newValue
            }
            _modify {
              yield &self[__Key_hidden.self]
            }
          }

          #if DEBUG
          #sourceLocation(file: "Test.swift", line: 5)
          #IsolationCheck(keyPath: \DependencyValues.hidden)
          #sourceLocation()
          #endif

          private nonisolated enum __Key_hidden: Dependencies.TestDependencyKey {
            @DependenciesMacros._DependencyEntryDefaultValue public static var testValue = 1
          }
          public var table: [String: Item] {
            get {
              #if DEBUG
              func __dependencyEntryIsolationProbe() {
              }
              #sourceLocation(file: "Test.swift", line: 6)
              #IsolationCheck(__dependencyEntryIsolationProbe)
              #sourceLocation()
              #endif
              return self[StringItemKey.self]
            }
            set {
              self[StringItemKey.self] = newValue
            }
            _modify {
              yield &self[StringItemKey.self]
            }
          }

          #if DEBUG
          #sourceLocation(file: "Test.swift", line: 6)
          #IsolationCheck(keyPath: \DependencyValues.table)
          #sourceLocation()
          #endif

          public nonisolated enum StringItemKey: Dependencies.TestDependencyKey {
            public typealias Value = [String: Item]
            public static var testValue: Value {
              [:]
            }
          }
        }
        """#)
  }

  @Test func misplaced() {
    assertExpansion(
      #"""
      struct Settings {
        @DependencyEntry var value = 0
      }
      extension Other {
        @DependencyEntry var value = 0
      }
      extension DependencyValues {
        @DependencyEntry let constant = 0
      }
      """#,
      macros: ["DependencyEntry"],
      expandsTo: #"""
        struct Settings {
          var value = 0
        }
        extension Other {
          var value = 0
        }
        extension DependencyValues {
          let constant = 0
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message:
            "'@DependencyEntry' macro can only attach to 'var' declarations inside extensions of "
            + "'DependencyValues'",
          line: 2, column: 3),
        ExpectedDiagnostic(
          message:
            "'@DependencyEntry' macro can only attach to 'var' declarations inside extensions of "
            + "'DependencyValues'",
          line: 5, column: 3),
        ExpectedDiagnostic(
          message:
            "'@DependencyEntry' macro can only attach to 'var' declarations inside extensions of "
            + "'DependencyValues'",
          line: 8, column: 3),
      ])
  }

  @Test func missingTestValue() {
    assertExpansion(
      #"""
      extension DependencyValues {
        @DependencyEntry var value: Int
      }
      """#,
      macros: ["DependencyEntry"],
      expandsTo: #"""
        extension DependencyValues {
          var value: Int {
            get {
              #if DEBUG
              func __dependencyEntryIsolationProbe() {
              }
              #sourceLocation(file: "Test.swift", line: 2)
              #IsolationCheck(__dependencyEntryIsolationProbe)
              #sourceLocation()
              #endif
              return self[__Key_value.self]
            }
            set {
              self[__Key_value.self] = newValue
            }
            _modify {
              yield &self[__Key_value.self]
            }
          }
        }
        """#,
      diagnostics: [
        ExpectedDiagnostic(
          message:
            "'@DependencyEntry' requires an initializer to define the property's test value, or "
            + "a 'liveValue' argument to fall back on",
          line: 2, column: 3)
      ])
  }

  @Test func defaultValueAccessor() {
    assertExpansion(
      #"""
      enum Key {
        @_DependencyEntryDefaultValue static var testValue = Client.mock
      }
      """#,
      macros: ["_DependencyEntryDefaultValue"],
      expandsTo: #"""
        enum Key {
          static var testValue {
            get {
              Client.mock
            }
          }
        }
        """#)
  }
}
