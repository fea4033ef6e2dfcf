// AlertState / ConfirmationDialogState / ButtonState / TextState as comparable data.
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

@Suite struct AlertStateTests {
  enum Action: Equatable {
    case delete
    case share(Int)
  }

  @Test func alertsCompareByContent() {
    let includeCancel = true
    let alert = AlertState<Action> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
      if includeCancel {
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    } message: {
      TextState("This cannot be undone.")
    }
    #expect(alert.title == "Delete?")
    #expect(alert.message?.string == "This cannot be undone.")
    #expect(alert.buttons.map(\.label) == ["Delete", "Cancel"])
    #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
    #expect(alert.buttons.first?.action == .delete)
    #expect(alert.buttons.last?.action == nil)
    #expect(alert != AlertState { TextState("Delete?") })
    let mapped = alert.map { "\($0)" }
    #expect(mapped.buttons.first?.action == "delete")
  }

  @Test func dialogs() {
    let dialog = ConfirmationDialogState<Action>(titleVisibility: .visible) {
      TextState("Share")
    } actions: {
      for n in 1...2 { ButtonState(action: .share(n)) { TextState("To \(n)") } }
    }
    #expect(dialog.titleVisibility == .visible)
    #expect(dialog.buttons.map(\.action) == [.share(1), .share(2)])
    #expect(dialog.message == nil)
    #expect(TextState("a").description == "a")
  }
}
