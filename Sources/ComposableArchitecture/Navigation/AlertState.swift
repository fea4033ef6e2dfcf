// `TextState`, `ButtonState`, `AlertState` and `ConfirmationDialogState` as plain, comparable
// data (swift-navigation's types without SwiftUI): a reducer puts an alert in presentation
// state, tests assert it, and the button actions come back as `PresentationAction.presented`.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Text to show to the user, as data.
///
/// ```swift
/// TextState("Delete this item?")
/// ```
public struct TextState: Equatable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The text.
  public var string: String

  /// Text with `string`.
  public init(_ string: String) { self.string = string }

  /// Text from a literal.
  public init(stringLiteral value: String) { self.init(value) }

  /// The text itself.
  public var description: String { string }
}

/// What a button does in its alert or dialog (a role as swift-navigation has them).
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// Dismisses without acting.
  case cancel
  /// Destroys something.
  case destructive
}

/// A button of an alert or dialog: a label, an optional role and the action it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
/// ```
public struct ButtonState<Action> {
  /// What the button sends when tapped (nil: it only dismisses).
  public var action: Action?
  /// The button's role.
  public var role: ButtonStateRole?
  /// The button's label.
  public var label: TextState

  /// A button sending `action`.
  public init(
    role: ButtonStateRole? = nil, action: Action? = nil, label: () -> TextState
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// The same button sending `transform(action)`.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: action.map(transform)) { label }
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// Builds the buttons of an alert or dialog from a block.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// The buttons of a block.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
  /// One button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }
  /// `if` without `else`.
  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }
  /// The `if` branch.
  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }
  /// The `else` branch.
  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }
  /// `for` loops.
  public static func buildArray(_ buttons: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
}

/// An alert as data: title, buttons, optional message.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("This cannot be undone.")
/// }
/// ```
public struct AlertState<Action>: _EphemeralState, Identifiable {
  /// The alert's identity: a new alert (even with the same texts) is another presentation.
  /// It takes no part in `==`.
  public let id: UUID
  /// The title.
  public var title: TextState
  /// The message, if any.
  public var message: TextState?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// An alert with a title, buttons and a message.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(id: UUID(), title: title(), message: message?(), buttons: actions())
  }

  private init(id: UUID, title: TextState, message: TextState?, buttons: [ButtonState<Action>]) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// The same alert (the same identity) with every button action transformed.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: id, title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension ButtonStateBuilder {
  /// An array of buttons as they are.
  public static func buildExpression(_ buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }
}

extension AlertState: Equatable where Action: Equatable {
  /// Equal texts and buttons (the identity is not compared).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes the texts and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension AlertState: Sendable where Action: Sendable {}

/// When a confirmation dialog shows its title.
public enum ConfirmationDialogStateTitleVisibility: Equatable, Hashable, Sendable {
  /// As the platform decides.
  case automatic
  /// Always.
  case visible
  /// Never.
  case hidden
}

/// A confirmation dialog as data: title, its visibility, buttons, optional message.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share")
/// } actions: {
///   ButtonState(action: .copyLink) { TextState("Copy link") }
/// }
/// ```
public struct ConfirmationDialogState<Action>: _EphemeralState, Identifiable {
  /// The dialog's identity: a new dialog is another presentation. It takes no part in `==`.
  public let id: UUID
  /// When the title shows.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The title.
  public var title: TextState
  /// The message, if any.
  public var message: TextState?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// A dialog with a title, buttons and a message.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Equal visibility, texts and buttons (the identity is not compared).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.titleVisibility == rhs.titleVisibility && lhs.title == rhs.title
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes the visibility, texts and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(titleVisibility)
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension AlertState: CustomReflectable {
  /// The texts and buttons (what dumps, diffs and the fronts' JSON show; not the identity).
  public var customMirror: Mirror {
    Mirror(
      self, children: ["title": title, "message": message as Any, "buttons": buttons],
      displayStyle: .struct)
  }
}

extension ConfirmationDialogState: CustomReflectable {
  /// The visibility, texts and buttons (what dumps, diffs and the fronts' JSON show; not the
  /// identity).
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "titleVisibility": titleVisibility, "title": title, "message": message as Any,
        "buttons": buttons,
      ], displayStyle: .struct)
  }
}
