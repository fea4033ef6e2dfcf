// The \.precondition dependency (test: a reported issue at the caller; live: passes a true
// condition) and withRandomNumberGenerator rethrowing what its closure throws.
import Synchronization
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

@Suite struct PreconditionAndRandomTests {
  struct Rolled: Error, Equatable { let value: UInt64 }

  @Test func preconditionReportsInTests() {
    let line: UInt = #line + 4
    let issues = isolated(context: .test) { recorder in
      @Dependency(\.precondition) var precondition
      precondition(true, "never reported")
      precondition(false, "Amount must be positive")
      return recorder.issues
    }
    #expect(issues.map(\.message) == ["Amount must be positive"])
    #expect(issues.first?.line == line)
    #expect(issues.first?.fileID == "\(#file)")
  }

  @Test func livePreconditionPassesATrueCondition() {
    let evaluated = Mutex(false)
    let issues = isolated(context: .live) { recorder in
      @Dependency(\.precondition) var precondition
      precondition(
        evaluated.withLock {
          $0 = true
          return true
        }, "never fails")
      return recorder.issues
    }
    #expect(issues.isEmpty)
    #expect(evaluated.withLock { $0 })
  }

  @Test func withRandomNumberGeneratorRethrows() throws {
    let random = WithRandomNumberGenerator(LCRNG(seed: 0))
    #expect(throws: Rolled(value: 3_037_000_493)) {
      try random { generator -> Int in throw Rolled(value: generator.next()) }
    }
    // Not throwing needs no `try`; the generator went on from where the throw left it.
    let next = random { $0.next() }
    var expected = LCRNG(seed: 3_037_000_493)
    #expect(next == expected.next())
  }
}
