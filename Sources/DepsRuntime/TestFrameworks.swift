// Finding the running test framework at run time. DepsCore links neither XCTest nor Swift
// Testing (libDeps.so must not need them). Two paths:
//
// - fast (no test-support module needed): their public entry points are found by mangled name
//   and called as thin Swift functions through generics opened on the frameworks' own
//   metadata, so resilient types (Comment, SourceLocation, Issue) keep their real layout.
//   Assumed: the symbols and types exist under these names and take these arguments.
//   Checked once on first use: every symbol and type is found, `Test` is `Identifiable`, and,
//   when `DependenciesTestSupport` is linked, `Test.current` called by name agrees with the public
//   `Test.current`.
// - safe: `DependenciesTestSupport` (which links both frameworks) calls their public API; DepsCore
//   finds it by type name (`_DepsTestFrameworkCalls`). Taken when the check fails or with
//   `DEPS_SAFE_RUNTIME=1`; without `DependenciesTestSupport` an issue is then printed, not recorded.
#if canImport(Glibc)
import Glibc
#endif

/// Test-framework calls made through public API by a module that links the frameworks
/// (`DependenciesTestSupport`); IssueReporting finds the conforming type by name.
package protocol _DepsTestFrameworkCalls {
  /// `Test.current?.id`, when a Swift Testing test is running.
  static func currentSwiftTestingTestID() -> AnyHashable?
  /// `Issue.record` in the running Swift Testing test; false when none is running.
  static func recordInSwiftTesting(
    _ message: String, fileID: String, filePath: String, line: Int, column: Int
  ) -> Bool
  /// Records a failure in the running XCTest case; false when none is running.
  static func failInXCTest(_ message: String, filePath: String, line: UInt) -> Bool
}

package enum TestFrameworks {
  /// The entry points found by name.
  struct Symbols: @unchecked Sendable {
    var xctFail: UnsafeMutableRawPointer?
    var testingCurrent: UnsafeMutableRawPointer?
    var makeComment: UnsafeMutableRawPointer?
    var makeLocation: UnsafeMutableRawPointer?
    var recordIssue: UnsafeMutableRawPointer?
    var testType: Any.Type?
    var commentType: Any.Type?
    var locationType: Any.Type?
    var issueType: Any.Type?
  }

  static let symbols = Symbols(
    xctFail: RuntimeSwitch.symbol("$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF"),
    testingCurrent: RuntimeSwitch.symbol("$s7Testing4TestV7currentACSgvgZ"),
    makeComment: RuntimeSwitch.symbol("$s7Testing7CommentV8rawValueACSS_tcfC"),
    makeLocation: RuntimeSwitch.symbol(
      "$s7Testing14SourceLocationV6fileID0D4Path4line6columnACSS_SSS2itcfC"),
    recordIssue: RuntimeSwitch.symbol(
      "$s7Testing5IssueV6record_14sourceLocationAcA7CommentVSg_AA06SourceE0VtFZ"),
    testType: _typeByName("7Testing4TestV"),
    commentType: _typeByName("7Testing7CommentV"),
    locationType: _typeByName("7Testing14SourceLocationV"),
    issueType: _typeByName("7Testing5IssueV"))

  /// The public-API calls of `DependenciesTestSupport`, when it is linked.
  nonisolated(unsafe) static let publicCalls: (any _DepsTestFrameworkCalls.Type)? =
    TestSupportTypes.type(named: "TestFrameworkCalls") as? any _DepsTestFrameworkCalls.Type

  /// True inside a `swift test` process (XCTest or Swift Testing is loaded).
  package static let isRunningTests: Bool = symbols.xctFail != nil || symbols.recordIssue != nil

  /// Whether the by-name calls are used (found, checked, not switched off).
  package static let usesSymbols: Bool =
    !RuntimeSwitch.isSafeForced
    && !RuntimeSwitch.failsCheck("test_frameworks") && check()

  /// The by-name calls' assumptions (see the top of this file). A mangled name spells the
  /// function's whole signature (argument labels and types, result, `static`), so a changed
  /// `Issue.record`, `Comment`, `SourceLocation` or `XCTFail` signature is a symbol not found:
  /// when any type of Swift Testing is found (the framework is loaded), every one of its
  /// symbols must be, else the check fails and the public-API path records instead.
  static func check(_ s: Symbols = symbols) -> Bool {
    let testingFound =
      s.testingCurrent != nil && s.makeComment != nil && s.makeLocation != nil
      && s.recordIssue != nil && s.testType != nil && s.commentType != nil
      && s.locationType != nil && s.issueType != nil
    let testingLoaded =
      s.testType != nil || s.commentType != nil || s.locationType != nil || s.issueType != nil
      || s.testingCurrent != nil || s.recordIssue != nil
    guard testingFound || (s.xctFail != nil && !testingLoaded) else { return false }
    guard testingFound else { return true }
    guard let testType = s.testType, isIdentifiable(testType) else { return false }
    guard let publicCalls else { return true }
    return currentSwiftTestingTestIDBySymbol() == publicCalls.currentSwiftTestingTestID()
  }

  private static func isIdentifiable(_ type: Any.Type) -> Bool {
    func open<T>(_: T.Type) -> Bool { T.self is any Identifiable.Type }
    return _openExistential(type, do: open)
  }

  // MARK: The API

  /// The identity of the running Swift Testing test (`Test.current?.id`, a `Test.ID`), or nil
  /// outside one.
  package static func currentSwiftTestingTestID() -> AnyHashable? {
    usesSymbols ? currentSwiftTestingTestIDBySymbol() : publicCalls?.currentSwiftTestingTestID()
  }

  /// Records an issue in the current Swift Testing test; false when none is running.
  package static func recordInSwiftTesting(
    _ message: String, fileID: String, filePath: String, line: UInt, column: UInt
  ) -> Bool {
    let fileID = fileID.contains("/") ? fileID : "Deps/\(fileID)"
    let line = max(1, Int(clamping: line))
    let column = max(1, Int(clamping: column))
    if usesSymbols {
      return recordInSwiftTestingBySymbol(
        message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return publicCalls?.recordInSwiftTesting(
      message, fileID: fileID, filePath: filePath, line: line, column: column) ?? false
  }

  /// Fails the current XCTest case; false when XCTest is not loaded.
  package static func failInXCTest(_ message: String, filePath: String, line: UInt) -> Bool {
    if usesSymbols { return failInXCTestBySymbol(message, filePath: filePath, line: line) }
    return publicCalls?.failInXCTest(message, filePath: filePath, line: line) ?? false
  }

  // MARK: The by-name calls

  /// `Test.current?.id` by name. `Test` is opened on its own metadata and its `Identifiable`
  /// conformance found at run time, so nothing of the framework's layout is assumed.
  static func currentSwiftTestingTestIDBySymbol() -> AnyHashable? {
    guard let current = symbols.testingCurrent, let testType = symbols.testType else { return nil }
    func open<T>(_: T.Type) -> AnyHashable? {
      let currentTest = unsafeBitCast(current, to: (@convention(thin) () -> T?).self)
      guard let test = currentTest(), let identifiable = test as? any Identifiable else {
        return nil
      }
      func identity<I: Identifiable>(_ value: I) -> AnyHashable { AnyHashable(value.id) }
      return identity(identifiable)
    }
    return _openExistential(testType, do: open)
  }

  /// `Issue.record(Comment(rawValue:), sourceLocation:)` by name.
  static func recordInSwiftTestingBySymbol(
    _ message: String, fileID: String, filePath: String, line: Int, column: Int
  ) -> Bool {
    let s = symbols
    guard let current = s.testingCurrent, let makeComment = s.makeComment,
      let makeLocation = s.makeLocation, let recordIssue = s.recordIssue,
      let testType = s.testType, let commentType = s.commentType,
      let locationType = s.locationType, let issueType = s.issueType
    else { return false }
    func record<T, C, L, I>(_: T.Type, _: C.Type, _: L.Type, _: I.Type) -> Bool {
      let currentTest = unsafeBitCast(current, to: (@convention(thin) () -> T?).self)
      guard currentTest() != nil else { return false }
      // Initializers take their arguments owned (+1): declaring them `consuming` here makes
      // the caller hand over a reference, instead of the callee releasing a borrowed string.
      let comment = unsafeBitCast(
        makeComment, to: (@convention(thin) (consuming String) -> C).self)
      let location = unsafeBitCast(
        makeLocation,
        to: (@convention(thin) (consuming String, consuming String, Int, Int) -> L).self)
      let record = unsafeBitCast(recordIssue, to: (@convention(thin) (C?, L) -> I).self)
      _ = record(comment(message), location(fileID, filePath, line, column))
      return true
    }
    return record(testType, commentType, locationType, issueType)
  }

  /// `XCTFail(message, file:line:)` by name.
  static func failInXCTestBySymbol(_ message: String, filePath: String, line: UInt) -> Bool {
    guard let xctFail = symbols.xctFail else { return false }
    // StaticString's layout (start, count, flags) passed as its three registers; flags 0 is a
    // pointer representation that is not known to be ASCII.
    let fail = unsafeBitCast(
      xctFail, to: (@convention(thin) (String, RawStaticString, UInt) -> Void).self)
    var path = filePath
    path.withUTF8 { bytes in
      let file = RawStaticString(
        start: UInt(bitPattern: bytes.baseAddress), count: UInt(bytes.count), flags: 0)
      fail(message, file, line)
    }
    return true
  }
}

/// The register image of a `StaticString` (pointer, byte count, flags).
struct RawStaticString {
  var start: UInt
  var count: UInt
  var flags: UInt8
}

/// Types of `DependenciesTestSupport` (the module that links the test frameworks), found by their
/// mangled names when that module is linked into the process.
package enum TestSupportTypes {
  /// The module's name, as mangled names spell it.
  package static let module = "DependenciesTestSupport"

  /// The enum `name` declared at the top level of `DependenciesTestSupport`, when linked.
  package static func type(named name: String) -> Any.Type? {
    _typeByName("\(module.utf8.count)\(module)\(name.utf8.count)\(name)O")
  }
}
