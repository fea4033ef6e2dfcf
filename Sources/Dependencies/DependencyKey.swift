// The two key protocols, as in swift-dependencies: `TestDependencyKey` (an interface with test
// and preview values) and `DependencyKey` (adds the live value, possibly in another module).

/// A key for a dependency that has test and preview values (an interface module's key).
///
/// ```swift
/// extension NumberFactClient: TestDependencyKey {
///   static let testValue = Self(fetch: unimplemented("NumberFactClient.fetch", placeholder: ""))
///   static let previewValue = Self(fetch: { "\($0) is a preview number." })
/// }
/// ```
/// A separate module may add `extension NumberFactClient: DependencyKey { static let liveValue }`;
/// Deps finds that conformance at run time.
public protocol TestDependencyKey {
  /// The type of the dependency's value.
  associatedtype Value: Sendable = Self
  /// The value used in the preview context (defaults to `testValue`).
  static var previewValue: Value { get }
  /// The value used in the test context.
  static var testValue: Value { get }
}

/// A key for a dependency with a live value: the one required requirement.
///
/// ```swift
/// extension NumberFactClient: DependencyKey {
///   static let liveValue = Self(fetch: { try await fetchFact($0) })
/// }
/// ```
public protocol DependencyKey: TestDependencyKey {
  /// The type of the dependency's value (defaults to the key itself).
  associatedtype Value = Self
  /// The value used in the live context (running the program for real).
  static var liveValue: Value { get }
  /// The value used in the preview context (defaults to `liveValue`).
  static var previewValue: Value { get }
  /// The value used in the test context. When not implemented, reading it in a test reports
  /// "has no test implementation" and hands out the preview value.
  static var testValue: Value { get }
}

extension TestDependencyKey {
  /// Defaults to `testValue`.
  public static var previewValue: Value { testValue }
}

extension DependencyKey {
  /// Defaults to `liveValue`.
  public static var previewValue: Value { liveValue }

  /// Reports that the key has no test value (naming the dependency and how to fix it), then
  /// returns `previewValue`, as swift-dependencies does. Computed while dependencies are being
  /// set up (a `withDependencies` closure or `prepareDependencies` reading the key to change
  /// it), it reports nothing, and the value cached then is handed out without a report.
  public static var testValue: Value {
    if DependencyResolution.isSetting { return previewValue }
    DependencyResolution.reportMissingTestValue(Self.self, read: DependencyResolution.currentRead)
    return previewValue
  }
}

extension TestDependencyKey {
  /// Whether a `testValue` being computed now should report that it is unimplemented.
  ///
  /// A key's `testValue` is also computed when a `withDependencies` closure (or a test trait)
  /// only reads the dependency to change it (`$0.client.endpoint = …` reads `client` first); a
  /// report made then would fail a test that did override the dependency. This is false while
  /// dependencies are being set up that way, and true otherwise.
  ///
  /// ```swift
  /// private enum DefaultDatabaseKey: DependencyKey {
  ///   static var testValue: any DatabaseWriter {
  ///     if shouldReportUnimplemented {
  ///       reportIssue("A blank, in-memory database is being used.")
  ///     }
  ///     return InMemoryDatabase()
  ///   }
  /// }
  /// ```
  public static var shouldReportUnimplemented: Bool {
    !(DependencyResolution.isSetting || SettingScope.isActive)
  }
}
