// How a key with no override gets its value: the context picks liveValue / previewValue /
// testValue, the live value is found through a run-time conformance check (so a live module
// may add `DependencyKey` to an interface module's `TestDependencyKey`), and missing values
// are reported with swift-dependencies' messages.

#if canImport(FoundationEssentials)
import FoundationEssentials
import IssueReporting
#else
import Foundation
#endif

/// What is being read, for messages: the `DependencyValues` property name and the location of
/// the `@Dependency` that read it.
package struct DependencyRead: Sendable {
  var name: String?
  var fileID: String?
  var filePath: String?
  var line: UInt?
  var column: UInt?
  /// The location is the library's own (no `@Dependency` read is in progress): reported at,
  /// but not shown in the message as the dependency's location.
  var locationIsLibrary = false
}

package enum DependencyResolution {
  /// How a Swift test overrides a dependency it did not (the end of the missing-test-value
  /// issue); a front replaces it with its own words.
  package static let overrideAdvice =
    "If you are using the Composable Architecture, mutate the 'dependencies' property on your "
    + "'TestStore'. Otherwise, use 'withDependencies' to define a scope for the override. If "
    + "you'd like to provide a default value for all tests, implement the 'testValue' "
    + "requirement of the 'DependencyKey' protocol."

  /// True while a default is read only to be changed inside a `withDependencies` closure.
  @TaskLocal static var isSetting = false

  /// The read in progress (set on the slow path of `@Dependency` and of default resolution).
  @TaskLocal static var currentRead = DependencyRead()

  /// The live value of `key` if it conforms to `DependencyKey` anywhere in the process.
  package static func liveValue<K: TestDependencyKey>(_ key: K.Type) -> K.Value? {
    guard let live = key as? any DependencyKey.Type else { return nil }
    // Cast value to value (L is K): no `Any` box in between.
    func open<L: DependencyKey>(_ live: L.Type) -> K.Value? { live.liveValue as? K.Value }
    return open(live)
  }

  /// The default of `K` in `context`, reporting what is missing.
  static func defaultValue<K: TestDependencyKey>(
    _: K.Type, context: DependencyContext, name: String?
  ) -> K.Value {
    var read = currentRead
    if let name { read.name = name }
    return $currentRead.withValue(read) {
      switch context {
      case .live:
        if let value = liveValue(K.self) { return value }
        // Read while setting up: reported by the reads that use it (DependencyCache).
        if !isSetting { reportMissingLiveValue(K.self, read: read) }
        return K.testValue
      case .preview:
        if let live = K.self as? any DependencyKey.Type {
          func open<L: DependencyKey>(_ live: L.Type) -> K.Value? {
            live.previewValue as? K.Value
          }
          if let value = open(live) { return value }
        }
        return K.previewValue
      case .test:
        return K.testValue
      }
    }
  }

  /// `@Dependency(\.name)` or `@Dependency(Key.self)`.
  static func argument<K>(_ key: K.Type, read: DependencyRead) -> String {
    guard let name = read.name, !name.contains("(") else { return "\(typeName(K.self)).self" }
    return "\\.\(name)"
  }

  package static func description<K: TestDependencyKey>(_ key: K.Type, read: DependencyRead)
    -> String
  {
    var text = ""
    if let fileID = read.fileID, let line = read.line, !read.locationIsLibrary {
      text += "  Location:\n    \(fileID):\(line)\n"
    }
    if K.self == K.Value.self {
      text += "  Dependency:\n    \(typeName(K.Value.self))"
    } else {
      text += "  Key:\n    \(typeName(K.self))\n  Value:\n    \(typeName(K.Value.self))"
    }
    return text
  }

  /// Reports a missing test value. A read with no name (the key's `testValue` read directly,
  /// not through `DependencyValues`) is "A dependency", reported at `fileID`/`line` (the
  /// library's `testValue`), as swift-dependencies does.
  static func reportMissingTestValue<K: TestDependencyKey>(
    _ key: K.Type, read: DependencyRead,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let subject: String
    let override: String
    if let name = read.name {
      subject = "@Dependency(\(argument(K.self, read: read)))"
      override = name.contains("(") ? "'\(typeName(K.self)).self'" : "'\(name)'"
    } else {
      subject = "A dependency"
      override = "the dependency"
    }
    var read = read
    if read.fileID == nil {
      read.fileID = "\(fileID)"
      read.filePath = "\(filePath)"
      read.line = line
      read.column = column
      read.locationIsLibrary = true
    }
    reportIssue(
      """
      \(subject) has no test implementation, but was accessed from a test context:

      \(description(K.self, read: read))

      Dependencies registered with the library are not allowed to use their default, live \
      implementations when run from tests.

      To fix, override \(override) with a test value. \(overrideAdvice)
      """,
      read: read)
  }

  static func reportMissingLiveValue<K: TestDependencyKey>(_ key: K.Type, read: DependencyRead) {
    reportIssue(
      """
      @Dependency(\(argument(K.self, read: read))) has no live implementation, but was accessed \
      from a live context.

      \(description(K.self, read: read))

      To fix you can do one of two things:

      • Conform '\(typeName(K.self))' to the 'DependencyKey' protocol by providing a live \
      implementation of your dependency, and make sure that the conformance is linked with this \
      current application.

      • Override the implementation of '\(typeName(K.self))' using 'withDependencies'. This is \
      typically done at the entry point of your application, but can be done later too.
      """,
      read: read)
  }

  /// Reports at the `@Dependency`'s location when known, else at the library's caller.
  static func reportIssue(
    _ message: String, read: DependencyRead,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    IssueReporting.reportIssue(
      ReportedIssue(
        message: message, fileID: read.fileID ?? "\(fileID)",
        filePath: read.filePath ?? "\(filePath)", line: read.line ?? line,
        column: read.column ?? column))
  }
}

/// A type's name without its module prefix (`NumberFactClient`, `DependencyValues.DateKey`).
func typeName(_ type: Any.Type) -> String {
  var name = String(reflecting: type)
  // Drop "(unknown context at $…)." fragments of local types.
  while let open = name.firstRange(of: "(unknown context at "),
    let close = name[open.upperBound...].firstRange(of: ").")
  {
    name.removeSubrange(open.lowerBound..<close.upperBound)
  }
  if let dot = name.firstIndex(of: "."), !name[..<dot].contains("<") {
    name = String(name[name.index(after: dot)...])
  }
  return name
}
