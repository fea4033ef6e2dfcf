// `unimplemented(...)`: closures that stand in for endpoints nobody has provided yet. Calling
// one reports an issue pointing at where it was defined (and saying what it was called with),
// then returns a placeholder or throws. The message is swift-issue-reporting's, word for word:
//
//   Unimplemented: NumberFactClient.fetch …
//
//     Defined in 'testValue' at:
//       Features/NumberFact.swift:12
//
//     Invoked with:
//       42

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Returns a closure that reports an issue when invoked, then returns `placeholder`.
///
/// ```swift
/// struct Analytics: Sendable { var track: @Sendable (String) -> Void }
/// let unimplementedAnalytics = Analytics(track: unimplemented("Analytics.track"))
/// let count: @Sendable () -> Int = unimplemented("count", placeholder: 0)
/// ```
/// - Parameters:
///   - description: what is unimplemented (usually `Client.endpoint`), shown in the issue.
///   - placeholder: the value returned after reporting (defaults to `()` for `Void` results).
///   - fileID: where the closure is defined (the issue is
///     reported there).
///   - filePath: its `#filePath`.
///   - function: its `#function`.
///   - line: its `#line`.
///   - column: its `#column`.
/// - Returns: a closure of any arity that reports an issue when invoked.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  return { (argument: repeat each Argument) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    return placeholder()
  }
}

/// Returns a throwing closure that reports an issue and throws `UnimplementedFailure` when
/// invoked.
///
/// ```swift
/// struct NumberFactClient: Sendable { var fetch: @Sendable (Int) throws -> String }
/// let client = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
/// ```
/// - Parameters:
///   - description: what is unimplemented, shown in the issue and carried by the error.
///   - fileID: where the closure is defined.
///   - filePath: its `#filePath`.
///   - function: its `#function`.
///   - line: its `#line`.
///   - column: its `#column`.
/// - Returns: a throwing closure of any arity that reports an issue and throws.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  return { (argument: repeat each Argument) in
    let description = description()
    reportUnimplemented(
      description, arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// Returns a closure throwing a typed error: it reports an issue and throws `failure`.
///
/// ```swift
/// enum LoadError: Error { case notLoaded }
/// let load: @Sendable (String) throws(LoadError) -> Data =
///   unimplemented("load", throwing: LoadError.notLoaded)
/// ```
/// - Parameters:
///   - description: what is unimplemented, shown in the issue.
///   - failure: the error thrown after reporting.
///   - fileID: where the closure is defined.
///   - filePath: its `#filePath`.
///   - function: its `#function`.
///   - line: its `#line`.
///   - column: its `#column`.
/// - Returns: a closure of any arity that reports an issue and throws `failure`.
public func unimplemented<each Argument, Failure: Error, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  throwing failure: @autoclosure @escaping @Sendable () -> Failure,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws(Failure) -> Result {
  return { (argument: repeat each Argument) throws(Failure) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw failure()
  }
}

/// Returns an asynchronous closure that reports an issue when invoked, then returns
/// `placeholder`.
///
/// ```swift
/// struct Speech: Sendable { var authorize: @Sendable () async -> Bool }
/// let speech = Speech(authorize: unimplemented("Speech.authorize", placeholder: false))
/// ```
/// - Parameters:
///   - description: what is unimplemented, shown in the issue.
///   - placeholder: the value returned after reporting (defaults to `()` for `Void` results).
///   - fileID: where the closure is defined.
///   - filePath: its `#filePath`.
///   - function: its `#function`.
///   - line: its `#line`.
///   - column: its `#column`.
/// - Returns: an async closure of any arity that reports an issue when invoked.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  return { (argument: repeat each Argument) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    return placeholder()
  }
}

/// Returns a throwing, asynchronous closure that reports an issue and throws
/// `UnimplementedFailure` when invoked.
///
/// ```swift
/// struct NumberFactClient: Sendable { var fetch: @Sendable (Int) async throws -> String }
/// let client = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
/// ```
/// - Parameters:
///   - description: what is unimplemented, shown in the issue and carried by the error.
///   - fileID: where the closure is defined.
///   - filePath: its `#filePath`.
///   - function: its `#function`.
///   - line: its `#line`.
///   - column: its `#column`.
/// - Returns: an async throwing closure of any arity that reports an issue and throws.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  return { (argument: repeat each Argument) in
    let description = description()
    reportUnimplemented(
      description, arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// Returns an asynchronous closure throwing a typed error: it reports an issue and throws
/// `failure`.
///
/// ```swift
/// enum FetchError: Error { case offline }
/// let fetch: @Sendable (Int) async throws(FetchError) -> String =
///   unimplemented("fetch", throwing: FetchError.offline)
/// ```
/// - Parameters:
///   - description: what is unimplemented, shown in the issue.
///   - failure: the error thrown after reporting.
///   - fileID: where the closure is defined.
///   - filePath: its `#filePath`.
///   - function: its `#function`.
///   - line: its `#line`.
///   - column: its `#column`.
/// - Returns: an async closure of any arity that reports an issue and throws `failure`.
public func unimplemented<each Argument, Failure: Error, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  throwing failure: @autoclosure @escaping @Sendable () -> Failure,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws(Failure) -> Result {
  return { (argument: repeat each Argument) async throws(Failure) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw failure()
  }
}

/// Reports an issue right away and returns `placeholder`: for an unimplemented value rather
/// than an unimplemented closure.
///
/// ```swift
/// static var testValue: Settings { unimplemented("Settings.testValue", placeholder: .init()) }
/// ```
/// - Parameters:
///   - description: what is unimplemented, shown in the issue.
///   - placeholder: the value returned after reporting.
///   - fileID: where this was called.
///   - filePath: its `#filePath`.
///   - function: its `#function`.
///   - line: its `#line`.
///   - column: its `#column`.
/// - Returns: `placeholder`.
@_disfavoredOverload
public func unimplemented<Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> Result {
  reportUnimplemented(
    description(), arguments: nil, fileID: fileID, filePath: filePath, function: function,
    line: line, column: column)
  return placeholder()
}

/// The error thrown by throwing `unimplemented` closures that were given no error of their own.
///
/// ```swift
/// do { _ = try await client.fetch(1) } catch let failure as UnimplementedFailure {
///   print(failure.description)  // "NumberFactClient.fetch"
/// }
/// ```
public struct UnimplementedFailure: Error, Equatable, LocalizedError {
  /// The description given to `unimplemented(_:)`.
  ///
  /// ```swift
  /// UnimplementedFailure(description: "NumberFactClient.fetch").description
  /// ```
  public let description: String

  /// Creates the error.
  ///
  /// ```swift
  /// throw UnimplementedFailure(description: "NumberFactClient.fetch")
  /// ```
  public init(description: String) {
    self.description = description
  }

  /// `Unimplemented: <description>`, what an effect shows when it puts the error in state.
  ///
  /// ```swift
  /// UnimplementedFailure(description: "NumberFactClient.fetch").errorDescription
  /// // "Unimplemented: NumberFactClient.fetch"
  /// ```
  public var errorDescription: String? { "Unimplemented: \(description)" }
}

/// The message swift-issue-reporting's `unimplemented` reports, reported at the definition site.
/// `arguments` is the tuple the closure was called with (`nil` for an unimplemented value).
func reportUnimplemented(
  _ description: String,
  arguments: Any?,
  fileID: StaticString,
  filePath: StaticString,
  function: StaticString,
  line: UInt,
  column: UInt
) {
  reportIssue(
    unimplementedMessage(
      description, arguments: arguments, fileID: fileID, function: function,
      line: line),
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// `Unimplemented[: description] …`, where it was defined and, for closures, what they were
/// invoked with (the arguments' `debugPrint` form: `42`, `(1, "a")`, `()`).
func unimplementedMessage(
  _ description: String, arguments: Any?, fileID: StaticString, function: StaticString,
  line: UInt
) -> String {
  var message = "Unimplemented\(description.isEmpty ? "" : ": \(description)") …"
  message += "\n\n  Defined in '\(function)' at:\n    \(fileID):\(line)"
  if let arguments {
    var argumentsDescription = ""
    debugPrint(arguments, terminator: "", to: &argumentsDescription)
    message += "\n\n  Invoked with:\n    \(argumentsDescription)"
  }
  return message
}
