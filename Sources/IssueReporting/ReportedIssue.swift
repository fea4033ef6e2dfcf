// What an issue is: a message and where it was reported. Reporters receive these.

/// One reported issue: the message and the source location it points at.
public struct ReportedIssue: Sendable, Equatable, CustomStringConvertible {
  /// The message, exactly as reported.
  public var message: String
  /// `Module/File.swift` of the location.
  public var fileID: String
  /// The full path of the location's file.
  public var filePath: String
  /// The line of the location.
  public var line: UInt
  /// The column of the location.
  public var column: UInt

  /// Creates an issue value.
  public init(message: String, fileID: String, filePath: String, line: UInt, column: UInt) {
    self.message = message
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `fileID:line: message`, the form printed outside tests.
  public var description: String { "\(fileID):\(line): \(message)" }
}
