// `@Dependency(_:as:)`, as swift-dependencies' test support has it: a dependency read and cast
// to the concrete type a test or suite trait overrode it with.
//
//   @Suite(.dependencies { $0.continuousClock = TestClock() })
//   struct FeatureTests {
//     @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock
//   }
//
// A value that is not of that type stops the test process with swift-dependencies' message
// ("Could not cast 'LiveClient' to 'TestClient'. Make sure to override the dependency in your
// test or suite traits: …"): there is no value to hand back, and the test is wrong.
import Dependencies

extension Dependency {
  /// Reads `keyPath` of the dependency values and casts it to `type`.
  ///
  /// ```swift
  /// @Suite(.dependencies { $0.continuousClock = TestClock() })
  /// struct FeatureTests {
  ///   @Dependency(\.continuousClock, as: TestClock<Duration>.self) var clock
  /// }
  /// ```
  /// If the value is not a `type`, the process stops with a message naming both types and
  /// showing the suite trait that would override it.
  /// - Parameters:
  ///   - keyPath: the dependency to read.
  ///   - type: the concrete type to cast it to.
  public init<Existential>(
    _ keyPath: any KeyPath<DependencyValues, Existential> & Sendable,
    as type: Value.Type,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      \DependencyValues.[
        castFrom: keyPath, to: CastTarget<Value>(fileID: fileID, line: line, column: column)],
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency registered by `key` and casts it to `type`.
  ///
  /// ```swift
  /// @Suite(.dependencies { $0[ClientKey.self] = TestClient() })
  /// struct FeatureTests {
  ///   @Dependency(ClientKey.self, as: TestClient.self) var client
  /// }
  /// ```
  /// If the value is not a `type`, the process stops with a message naming both types and
  /// showing the suite trait that would override it.
  /// - Parameters:
  ///   - key: the dependency's key.
  ///   - type: the concrete type to cast it to.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    as type: Value.Type,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      \DependencyValues.[
        castKey: CastTarget<Key>(fileID: fileID, line: line, column: column),
        to: CastTarget<Value>(fileID: fileID, line: line, column: column)],
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// A type as a key path index (key path indices must be hashable), told apart by the place it
/// was written.
private struct CastTarget<T>: Hashable, Sendable {
  let fileID: String
  let line: UInt
  let column: UInt

  init(fileID: StaticString, line: UInt, column: UInt) {
    self.fileID = "\(fileID)"
    self.line = line
    self.column = column
  }
}

extension DependencyValues {
  fileprivate subscript<Existential, Concrete>(
    castFrom keyPath: any KeyPath<DependencyValues, Existential> & Sendable,
    to target: CastTarget<Concrete>
  ) -> Concrete {
    let existential = self[keyPath: keyPath]
    guard let value = existential as? Concrete else {
      castFailed(
        from: type(of: existential as Any), to: Concrete.self,
        override: "$0.\(propertyName(keyPath))")
    }
    return value
  }

  fileprivate subscript<Key: TestDependencyKey, Concrete>(
    castKey key: CastTarget<Key>, to target: CastTarget<Concrete>
  ) -> Concrete {
    let existential = self[Key.self]
    guard let value = existential as? Concrete else {
      castFailed(
        from: type(of: existential as Any), to: Concrete.self, override: "$0.[\(Key.self).self]")
    }
    return value
  }
}

/// The property a key path of `DependencyValues` names (`\DependencyValues.client` → `client`)
/// when the runtime can tell it, else `/* property name */` (swift-dependencies' text where the
/// name is unknown). On Linux a computed property's key path describes itself only by address
/// (`<computed 0x… (Client)>`), so the placeholder is shown there.
private func propertyName<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> String {
  let description = keyPath.debugDescription
  let prefix = "\\\(Root.self)."
  guard description.hasPrefix(prefix) else { return "/* property name */" }
  let name = description.dropFirst(prefix.count)
  guard !name.isEmpty, !name.contains("<") else { return "/* property name */" }
  return String(name)
}

/// Stops the process: the dependency is not of the type the test declared.
private func castFailed(from actual: Any.Type, to expected: Any.Type, override: String) -> Never {
  fatalError(castFailureMessage(from: actual, to: expected, override: override))
}

/// swift-dependencies' text for a failed `@Dependency(_:as:)` cast.
func castFailureMessage(from actual: Any.Type, to expected: Any.Type, override: String)
  -> String
{
  """
  Could not cast '\(actual)' to '\(expected)'. Make sure to override the dependency in your \
  test or suite traits:

    @Suite(
      .dependencies {
        \(override) = \(expected)(/* ... */)
      }
    )
  """
}
