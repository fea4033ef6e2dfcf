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

struct Greeter: Sendable { var greet: @Sendable (String) -> String }
extension Greeter: TestDependencyKey {
  static let testValue = Greeter { "test \($0)" }
}
extension Greeter: DependencyKey {
  static let liveValue = Greeter { "live \($0)" }
}
extension DependencyValues {
  var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }
}
struct LiveOnly: DependencyKey, Sendable { static let liveValue = LiveOnly() }
extension DependencyValues {
  var liveOnly: LiveOnly {
    get { self[LiveOnly.self] }
    set { self[LiveOnly.self] = newValue }
  }
}

@Suite struct SmokeTests {
  @Test func basics() {
    @Dependency(\.greeter) var greeter
    #expect(greeter.greet("a") == "test a")
    withDependencies {
      $0.greeter.greet = { "over \($0)" }
    } operation: {
      #expect(greeter.greet("a") == "over a")
      @Dependency(\.greeter) var inner
      #expect(inner.greet("b") == "over b")
    }
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.greeter) var live
      #expect(live.greet("c") == "live c")
    }
  }

  @Test func missingTestValueIsReported() {
    let recorder = RecordingIssueReporter()
    withIssueReporters([recorder]) {
      withDependencies {
        $0.useFreshCache()
      } operation: {
        @Dependency(\.liveOnly) var value
        _ = value
      }
    }
    #expect(recorder.messages.count == 1)
    let expected = "@Dependency(\\.liveOnly) has no test implementation"
    #expect(recorder.messages.first?.hasPrefix(expected) == true)
  }
}
