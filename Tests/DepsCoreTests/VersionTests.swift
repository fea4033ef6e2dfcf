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

@Suite struct VersionTests {
  @Test func numberMatchesString() {
    let parts = DepsVersion.string.split(separator: ".").compactMap { Int($0) }
    #expect(parts.count == 3)
    #expect(DepsVersion.number == parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2])
  }
}
