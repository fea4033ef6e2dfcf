// For a client whose `testValue` hands out a stand-in rather than its live value (the seed's
// DelayClient): the same "has no test implementation" report a key without `testValue` gets.
/// The missing-test-value report, for a key's own `testValue`.
package enum MissingTestValue {
  /// True while a default is read only to be changed inside a `withDependencies` closure (the
  /// live value may then be handed out without a report).
  package static var isSetting: Bool { DependencyResolution.isSetting }

  /// Reports that `key` has no test implementation, at the caller's location.
  package static func report<K: TestDependencyKey>(
    _ key: K.Type, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    DependencyResolution.reportMissingTestValue(
      key, read: DependencyResolution.currentRead, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }
}
