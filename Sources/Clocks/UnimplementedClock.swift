// `UnimplementedClock`, as in swift-clocks: the test value of `continuousClock` and
// `suspendingClock`. Every endpoint reports `Unimplemented: <name>.<endpoint>` (swift-clocks'
// exact wording) and then forwards to a base clock, an `ImmediateClock` unless one is given.

import IssueReporting

/// A clock that reports an issue whenever any of its endpoints is used, then behaves like its
/// base clock (an `ImmediateClock` by default).
///
/// ```swift
/// let clock: any Clock<Duration> = UnimplementedClock(name: "ContinuousClock")
/// try await clock.sleep(for: .seconds(1))  // reports "Unimplemented: ContinuousClock.sleep"
/// ```
/// It proves a test's flow never touches time; once the flow starts using the clock, the test
/// fails and tells you which clock to override.
public struct UnimplementedClock<Duration: DurationProtocol & Hashable>: Clock {
  /// A point in the clock's time: an offset from the base clock's `now` when this clock was made.
  ///
  /// ```swift
  /// let later = clock.now.advanced(by: .seconds(1))
  /// ```
  public typealias Instant = OffsetInstant<Duration>

  private let base: AnyClock<Duration>
  private let name: String
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// Wraps `base`: each endpoint reports an issue, then forwards to `base`.
  ///
  /// ```swift
  /// let clock = UnimplementedClock(TestClock(), name: "TestClock")
  /// ```
  /// - Parameters:
  ///   - base: the clock that does the work after the issue is reported.
  ///   - name: printed in the messages (default: the base clock's type).
  ///   - fileID: where issues point (default: the caller).
  ///   - filePath: its `#filePath`.
  ///   - line: its `#line`.
  ///   - column: its `#column`.
  public init<C: Clock>(
    _ base: C,
    name: String = "\(C.self)",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where C.Duration == Duration {
    self.base = AnyClock(base)
    self.name = name
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Creates an unimplemented clock over an `ImmediateClock` starting at `now`.
  ///
  /// ```swift
  /// let clock = UnimplementedClock<Duration>(name: "SuspendingClock")
  /// ```
  /// - Parameters:
  ///   - name: printed in the messages, e.g. `Unimplemented: Clock.sleep`.
  ///   - now: where the underlying immediate clock starts.
  ///   - fileID: where issues point (default: the caller).
  ///   - filePath: its `#filePath`.
  ///   - line: its `#line`.
  ///   - column: its `#column`.
  public init(
    name: String = "Clock",
    now: ImmediateClock<Duration>.Instant = .init(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      ImmediateClock(now: now), name: name,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reports `Unimplemented: <name>.now`, then returns the base clock's current instant.
  ///
  /// ```swift
  /// _ = UnimplementedClock().now  // reports "Unimplemented: Clock.now"
  /// ```
  public var now: Instant {
    report("now")
    return base.now
  }

  /// Reports `Unimplemented: <name>.minimumResolution`, then returns the base clock's.
  ///
  /// ```swift
  /// _ = UnimplementedClock().minimumResolution  // reports an issue
  /// ```
  public var minimumResolution: Duration {
    report("minimumResolution")
    return base.minimumResolution
  }

  /// Reports `Unimplemented: <name>.sleep`, then sleeps on the base clock (returning at once
  /// for the default immediate base, after a cancellation check).
  ///
  /// ```swift
  /// try await UnimplementedClock().sleep(for: .seconds(1))  // reports an issue
  /// ```
  /// - Parameters:
  ///   - deadline: when to wake up, in this clock's time.
  ///   - tolerance: passed to the base clock.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    report("sleep")
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  private func report(_ endpoint: String) {
    reportIssue(
      "Unimplemented: \(name).\(endpoint)",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension UnimplementedClock where Duration == Swift.Duration {
  /// Creates an unimplemented clock measured in `Swift.Duration`.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = UnimplementedClock(name: "ContinuousClock")
  /// ```
  /// - Parameters:
  ///   - name: printed in the messages (default `Clock`).
  ///   - fileID: where issues point (default: the caller).
  ///   - filePath: its `#filePath`.
  ///   - line: its `#line`.
  ///   - column: its `#column`.
  public init(
    name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      name: name, now: .init(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Clock where Self == UnimplementedClock<Swift.Duration> {
  /// A clock that reports an issue whenever any of its endpoints is used.
  ///
  /// ```swift
  /// let clock: UnimplementedClock<Duration> = .unimplemented()
  /// ```
  /// In an existential context write `UnimplementedClock()` instead.
  public static func unimplemented(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    UnimplementedClock(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
