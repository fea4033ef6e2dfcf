// `XCTModify`: change the payload of one enum case (or an optional's wrapped value) inside a
// TestStore assertion, failing when the value is not of that case or the change does nothing —
// TCA's helper of the same name, reporting through `reportIssue` (so it fails a Swift test).
// Inside a non-exhaustive TestStore's assertion, an unchanged value is not reported.

/// Changes the payload of `root` when it is the case built by `actionCase`; otherwise reports
/// that it is not.
///
/// ```swift
/// await store.send(.child(.increment)) {
///   XCTModify(&$0.destination, case: Destination.State.counter) { $0.count = 1 }
/// }
/// ```
public func XCTModify<Root, Case>(
  _ root: inout Root,
  case embed: @escaping (Case) -> Root,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let casePath = AnyCasePath(embed)
  guard var value = casePath.extract(from: root) else {
    let message = message()
    reportIssue(
      """
      XCTModify: Expected to extract value of type "\(shortTypeName(Case.self))" from \
      "\(shortTypeName(Root.self))"\(message.isEmpty ? "" : " - " + message) …

        Actual:
          \(root)
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  guard modifyAndCheck(&value, body, at: (fileID, filePath, line, column)) else { return }
  root = casePath.embed(value)
}

/// `XCTModify(_:case:)` on optional state (a presented destination): reports nil as well as
/// another case.
///
/// ```swift
/// await store.send(.destination(.presented(.addContact(.set(\.contact.name, "Blob"))))) {
///   XCTModify(&$0.destination, case: Destination.State.addContact) { $0.contact.name = "Blob" }
/// }
/// ```
public func XCTModify<Root, Case>(
  _ root: inout Root?,
  case embed: @escaping (Case) -> Root,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let casePath = AnyCasePath(embed)
  guard var value = root.flatMap(casePath.extract(from:)) else {
    let message = message()
    reportIssue(
      """
      XCTModify: Expected to extract value of type "\(shortTypeName(Case.self))" from \
      "\(shortTypeName(Root?.self))"\(message.isEmpty ? "" : " - " + message) …

        Actual:
          \(root.map { "\($0)" } ?? "nil")
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  guard modifyAndCheck(&value, body, at: (fileID, filePath, line, column)) else { return }
  root = casePath.embed(value)
}

/// Changes the wrapped value of `optional`; reports when it is nil.
///
/// ```swift
/// await store.send(.child(.increment)) {
///   XCTModify(&$0.child) { $0.count = 1 }
/// }
/// ```
public func XCTModify<Wrapped>(
  _ optional: inout Wrapped?,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Wrapped) throws -> Void,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  guard var value = optional else {
    let message = message()
    reportIssue(
      """
      XCTModify failed: expected non-nil value of type "\(shortTypeName(Wrapped.self))"\
      \(message.isEmpty ? "" : " - " + message)
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  guard modifyAndCheck(&value, body, at: (fileID, filePath, line, column)) else { return }
  optional = value
}

/// Runs `body` on `value`; reports a thrown error (false) or an unchanged Equatable value.
private func modifyAndCheck<Value>(
  _ value: inout Value, _ body: (inout Value) throws -> Void,
  at location: (StaticString, StaticString, UInt, UInt)
) -> Bool {
  let before = value
  do {
    try body(&value)
  } catch {
    reportIssue(
      "Threw error: \(error)", fileID: location.0, filePath: location.1, line: location.2,
      column: location.3)
    return false
  }
  if XCTModifyLocals.isExhaustive, let unchanged = equals(before, value), unchanged {
    reportIssue(
      """
      XCTModify: Expected "\(shortTypeName(Value.self))" value to be modified but it \
      was unchanged.
      """,
      fileID: location.0, filePath: location.1, line: location.2, column: location.3)
  }
  return true
}

/// Whether the assertion running XCTModify is exhaustive (a non-exhaustive TestStore's
/// assertions skip the "unchanged" check, as in TCA).
enum XCTModifyLocals {
  @TaskLocal static var isExhaustive = true
}
