// Finding the running test framework at run time. DepsCore links neither XCTest nor Swift
// Testing (libDeps.so must not need them); when a test binary has them loaded, their entry
// points are looked up with dlsym and called through generics opened on their own metadata,
// so resilient types (Comment, SourceLocation, Issue) keep their real layout.
#if canImport(Glibc)
import Glibc
#endif

enum TestFrameworks {
  nonisolated(unsafe) private static let process = dlopen(nil, RTLD_NOW)

  private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
    dlsym(process, name)
  }

  nonisolated(unsafe) private static let xctFail = symbol(
    "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF")
  nonisolated(unsafe) private static let testingCurrent = symbol(
    "$s7Testing4TestV7currentACSgvgZ")
  nonisolated(unsafe) private static let makeComment = symbol(
    "$s7Testing7CommentV8rawValueACSS_tcfC")
  nonisolated(unsafe) private static let makeLocation = symbol(
    "$s7Testing14SourceLocationV6fileID0D4Path4line6columnACSS_SSS2itcfC")
  nonisolated(unsafe) private static let recordIssue = symbol(
    "$s7Testing5IssueV6record_14sourceLocationAcA7CommentVSg_AA06SourceE0VtFZ")

  /// `Testing.Test`, when Swift Testing is loaded.
  private static let testingTestType: Any.Type? =
    testingCurrent == nil ? nil : _typeByName("7Testing4TestV")

  /// True inside a `swift test` process (XCTest or Swift Testing is loaded).
  static let isRunningTests: Bool = xctFail != nil || recordIssue != nil

  /// The identity of the running Swift Testing test (`Test.current?.id`, a `Test.ID`), or nil
  /// outside one. `Test` is opened on its own metadata and its `Identifiable` conformance found
  /// at run time, so nothing of the framework's layout is assumed.
  static func currentSwiftTestingTestID() -> AnyHashable? {
    guard let current = testingCurrent, let testType = testingTestType else { return nil }
    func open<T>(_: T.Type) -> AnyHashable? {
      let currentTest = unsafeBitCast(current, to: (@convention(thin) () -> T?).self)
      guard let test = currentTest(), let identifiable = test as? any Identifiable else {
        return nil
      }
      func identity<I: Identifiable>(_ value: I) -> AnyHashable { AnyHashable(value.id) }
      return identity(identifiable)
    }
    return open(testType)
  }

  /// Records `issue` in the current Swift Testing test; false when none is running.
  static func recordInSwiftTesting(_ issue: ReportedIssue) -> Bool {
    guard let current = testingCurrent, let makeComment, let makeLocation, let recordIssue,
      let testType = _typeByName("7Testing4TestV"),
      let commentType = _typeByName("7Testing7CommentV"),
      let locationType = _typeByName("7Testing14SourceLocationV"),
      let issueType = _typeByName("7Testing5IssueV")
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
      let fileID = issue.fileID.contains("/") ? issue.fileID : "Deps/\(issue.fileID)"
      _ = record(
        comment(issue.message),
        location(fileID, issue.filePath, max(1, Int(issue.line)), max(1, Int(issue.column))))
      return true
    }
    return record(testType, commentType, locationType, issueType)
  }

  /// Fails the current XCTest case; false when XCTest is not loaded.
  static func failInXCTest(_ issue: ReportedIssue) -> Bool {
    guard let xctFail else { return false }
    // StaticString's layout (start, count, flags) passed as its three registers; flags 0 is a
    // pointer representation that is not known to be ASCII.
    let fail = unsafeBitCast(
      xctFail, to: (@convention(thin) (String, RawStaticString, UInt) -> Void).self)
    var path = issue.filePath
    path.withUTF8 { bytes in
      let file = RawStaticString(
        start: UInt(bitPattern: bytes.baseAddress), count: UInt(bytes.count), flags: 0)
      fail(issue.message, file, issue.line)
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
