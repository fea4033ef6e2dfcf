// `_printChanges`: reports each action and the state diff to the printer given; nothing without
// a printer.
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

@Suite struct PrintChangesTests {
  @Test func reportsActionsAndStateChangesToThePrinter() {
    let lines = Mutex<[String]>([])
    let store = Store(initialState: Probe.State()) {
      Probe()._printChanges(.text { line in lines.withLock { $0.append(line) } })
    }
    store.send(.increment)
    store.send(.noop)
    #expect(
      lines.withLock { $0 } == [
        """
        received action:
          Probe.Action.increment
        \u{2007} Probe.State(
        \u{2212}   count: 0,
        +   count: 1,
        \u{2007}   name: "",
        \u{2007}   log: []
        \u{2007} )
        """,
        "received action:\n  Probe.Action.noop\n  (No state changes)",
      ])
  }

  @Test func aCustomPrinterSeesOldAndNewState() {
    let seen = Mutex<[String]>([])
    let store = Store(initialState: Probe.State()) {
      Probe()._printChanges(
        _ReducerPrinter { action, old, new in
          seen.withLock { $0.append("\(action) \(old.count)->\(new.count)") }
        })
    }
    store.send(.increment)
    #expect(seen.withLock { $0 } == ["increment 0->1"])
  }

  @Test func actionLabels() {
    #expect(
      PrintChangesFormat.label(action: Probe.Action.rename("x"))
        == "received action: Probe.Action.rename")
    #expect(
      PrintChangesFormat.label(action: Probe.Action.noop) == "received action: Probe.Action.noop")
  }

  @Test func nilPrinterReportsNothing() {
    let store = Store(initialState: Probe.State()) { Probe()._printChanges(nil) }
    store.send(.increment)
    #expect(store.count == 1)
  }
}
