// The texts the reducer operators (`Scope` on enum state, `ifCaseLet`, `forEach`) report, in
// TCA's wording, and the source location they point at.

/// Where a reducer operator was applied (for its reports).
public struct ReducerLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

enum ReducerMessages {
  /// A value as swift-custom-dump prints it (as TCA's reducer messages show it).
  static func dump(_ value: Any) -> String {
    SwiftDump.dump(value).replacing("\n", with: "\n    ")
  }

  static func differentCase(
    reducer: String, location: ReducerLocation, action: Any, state: Any, firstBullet: String
  ) -> String {
    """
    A "\(reducer)" at "\(location.fileID):\(location.line)" received a child action when child \
    state was set to a different case. …

      Action:
        \(dump(action))
      State:
        \(dump(state))

    This is generally considered an application logic error, and can happen for a few reasons:

    \(firstBullet)

    • An in-flight effect emitted this action when child state was unavailable. While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect before \
    child state changes to another case, especially if it is a long-living effect.

    • This action was sent to the store while state was another case. Make sure that actions \
    for this reducer can only be sent from a view store when state is set to the appropriate \
    case. In SwiftUI applications, use "SwitchStore".
    """
  }

  static func missingElement(location: ReducerLocation, action: Any) -> String {
    """
    A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing \
    element. …

      Action:
        \(dump(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    • A parent reducer removed an element with this ID before this reducer ran. This reducer \
    must run before any other reducer removes an element, which ensures that element reducers \
    can handle their actions while their state is still available.

    • An in-flight effect emitted this action when state contained no element at this ID. While \
    it may be perfectly reasonable to ignore this action, consider canceling the associated \
    effect before an element is removed, especially if it is a long-living effect.

    • This action was sent to the store while its state contained no element at this ID. To fix \
    this make sure that actions for this reducer can only be sent from a store when its state \
    contains an element at this id.
    """
  }
}
