// Swift Testing traits that set a test's (or a suite's) dependencies, as swift-dependencies'
// `DependenciesTestSupport` does:
//
//   @Test(.dependency(\.continuousClock, ImmediateClock()))
//   @Suite(.dependencies { $0.uuid = .incrementing })
//
// Swift Testing applies a suite's trait to each test case of the suite (it is recursive), outside
// the test's own traits. The outermost trait of a test case starts from `DependencyValues()`
// (empty values with a cache of their own: nothing of another test's, or another case's, cached
// or prepared defaults is visible); a trait inside it (the test's, under its suite's) only adds
// its changes, and a `withDependencies` in the body adds on top of those.
import Dependencies
import IssueReporting
import Testing

/// The trait behind `.dependency(_:_:)`, `.dependencies(_:)` and `.dependencies`.
public struct _DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  @TaskLocal static var isRoot = true

  /// A suite's trait applies to every test inside it.
  public var isRecursive: Bool { true }

  /// Runs the test case inside the changed dependencies.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    let isRoot = Self.isRoot
    try await withDependencies {
      if isRoot { $0 = DependencyValues() }
      try await updateValues(&$0)
    } operation: {
      try await Self.$isRoot.withValue(false) {
        try await function()
      }
    }
  }
}

extension Trait where Self == _DependenciesTrait {
  /// Gives the test (or every test of the suite) dependencies of its own: a cache of default
  /// values kept apart from every other test.
  ///
  /// ```swift
  /// @Suite(.dependencies) struct FeatureTests { … }
  /// ```
  public static var dependencies: Self {
    Self { _ in }
  }

  /// Sets one dependency for the test (or every test of the suite).
  ///
  /// ```swift
  /// @Test(.dependency(\.continuousClock, ImmediateClock()))
  /// func timer() async { … }
  /// ```
  /// - Parameters:
  ///   - keyPath: the dependency to set.
  ///   - value: its value (evaluated when the test starts).
  public static func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    Self { $0[keyPath: keyPath] = try value() }
  }

  /// Sets the dependency whose key is its own value type.
  ///
  /// ```swift
  /// @Test(.dependency(NumberFactClient.mock))
  /// ```
  public static func dependency<Value: TestDependencyKey>(
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self where Value == Value.Value {
    Self { $0[Value.self] = try value() }
  }

  /// Changes the test's (or every suite test's) dependencies.
  ///
  /// ```swift
  /// @Test(.dependencies {
  ///   $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
  ///   $0.uuid = .incrementing
  /// })
  /// func feature() { … }
  /// ```
  public static func dependencies(
    _ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void
  ) -> Self {
    Self(updateValues: updateValues)
  }
}
