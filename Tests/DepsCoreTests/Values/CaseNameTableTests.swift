// `CaseNameTable`: entries appended by one writer at a time are found by readers that take no
// lock, by (type, name) as a `String` or as UTF-8 bytes; a full table refuses more.
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

private enum TableA {}
private enum TableB {}

@Suite struct CaseNameTableTests {
  @Test func findsByTypeAndName() {
    let table = CaseNameTable<Int>(capacity: 4)
    #expect(table.append(TableA.self, "one", 1))
    #expect(table.append(TableB.self, "one", 2))
    #expect(table.append(TableA.self, "", 3))
    #expect(table.append(TableA.self, "café", 4))
    #expect(!table.append(TableA.self, "five", 5))
    #expect(table.count == 4)
    #expect(table.value(TableA.self, "one") == 1)
    #expect(table.value(TableB.self, "one") == 2)
    #expect(table.value(TableA.self, "") == 3)
    #expect(table.value(TableA.self, "café") == 4)
    #expect(table.value(TableA.self, "five") == nil)
    #expect(table.value(TableB.self, "") == nil)
    #expect(table.value(TableA.self, "on") == nil)
    let bytes = Array("café".utf8)
    #expect(bytes.withUnsafeBytes { table.value(TableA.self, $0) } == 4)
    #expect(Array("one".utf8).withUnsafeBytes { table.value(TableB.self, $0) } == 2)
  }

  @Test func readersWithoutALockSeeWholeEntries() async {
    let table = CaseNameTable<Int>(capacity: 500)
    let names = (0..<500).map { "case\($0)" }
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for (index, name) in names.enumerated() { table.append(TableA.self, name, index) }
        return true
      }
      for reader in 0..<3 {
        group.addTask {
          var consistent = true
          for round in 0..<5_000 {
            let index = (round * 7 + reader) % names.count
            if let found = table.value(TableA.self, names[index]), found != index {
              consistent = false
            }
          }
          return consistent
        }
      }
      for await consistent in group { #expect(consistent) }
    }
    #expect(table.count == 500)
    #expect(table.value(TableA.self, "case499") == 499)
  }

  @Test func aFreedTableReleasesItsValues() {
    final class Counter: Sendable {
      let value = Atomic<Int>(0)
    }
    final class Tracked: Sendable {
      let freed: Counter
      init(_ freed: Counter) { self.freed = freed }
      deinit { freed.value.add(1, ordering: .relaxed) }
    }
    let freed = Counter()
    do {
      let table = CaseNameTable<Tracked>(capacity: 4)
      table.append(TableA.self, "first", Tracked(freed))
      table.append(TableA.self, "second", Tracked(freed))
      #expect(table.value(TableA.self, "second") != nil)
      #expect(freed.value.load(ordering: .relaxed) == 0)
    }
    #expect(freed.value.load(ordering: .relaxed) == 2)
  }
}
