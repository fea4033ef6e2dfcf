import Synchronization

// The upfront check of a test: the endpoints a feature declares that would reach neither a
// test value nor an override in a test store opened with a recipe.

extension EndpointDescriptor {
  /// True when the endpoint has a usable implementation in the test context (not
  /// `unimplemented`).
  var hasTestValue: Bool { contexts.contains(.test) && !testValueIsUnimplemented }
}

extension FeatureDescriptor {
  /// The dependency paths the feature declares that have neither a test value nor an
  /// override in `overrides`, in declaration order. A path the registry does not know is
  /// listed too (nothing could supply it).
  ///
  /// ```swift
  /// try FeatureRegistry.shared.descriptor("NumberFact").uncoveredDependencies(
  ///   overrides: DependencyOverrides())  // ["numberFact.fetch"]
  /// ```
  public func uncoveredDependencies(
    overrides: DependencyOverrides, registry: EndpointRegistry = .shared
  ) -> [String] {
    uncoveredDependencies(overridden: Set(overrides.overriddenPaths), registry: registry)
  }

  /// The declared dependency paths — the feature's and its declared children's, at any
  /// depth — with neither a test value nor an override among `overridden`.
  public func uncoveredDependencies(
    overridden: Set<String>, registry: EndpointRegistry = .shared
  ) -> [String] {
    dependencyCoverage(overridden: overridden, registry: registry).uncovered
  }

  /// What the upfront check finds: the uncovered paths (the feature's first, then each
  /// declared child's, once each) and the declared children the registry does not know, whose
  /// dependencies could not be checked.
  ///
  /// ```swift
  /// let coverage = descriptor.dependencyCoverage(overridden: [])
  /// coverage.uncovered        // ["numberFact.fetch"]
  /// coverage.unknownChildren  // ["Settings (child of App)"]
  /// ```
  public func dependencyCoverage(
    overridden: Set<String>, registry: EndpointRegistry = .shared,
    features: FeatureRegistry = .shared
  ) -> DependencyCoverage {
    var coverage = DependencyCoverage()
    var visited: Set<String> = [name]
    var pending: [FeatureDescriptor] = [self]
    while !pending.isEmpty {
      let feature = pending.removeFirst()
      for path in feature.dependencies where !coverage.uncovered.contains(path) {
        if Self.isCovered(path, overridden: overridden, registry: registry) { continue }
        coverage.uncovered.append(path)
      }
      for child in feature.children where !visited.contains(child) {
        visited.insert(child)
        if let descriptor = try? features.descriptor(child) {
          pending.append(descriptor)
        } else {
          coverage.unknownChildren.append("\(child) (child of \(feature.name))")
        }
      }
    }
    return coverage
  }

  private static func isCovered(
    _ path: String, overridden: Set<String>, registry: EndpointRegistry
  ) -> Bool {
    if overridden.contains(path) { return true }
    guard let descriptor = try? registry.descriptor(path) else { return false }
    if overridden.contains(descriptor.path) { return true }
    return descriptor.hasTestValue
  }

  /// The message of `depsh test --check-deps` and the fronts' checks for `paths`.
  public func uncoveredDependenciesMessage(_ paths: [String]) -> String {
    "\(name) may reach dependencies with neither a test value nor an override: "
      + paths.joined(separator: ", ")
  }

  /// The refusal of `depsh test --check-deps` for `coverage`, or nil when it finds nothing:
  /// the uncovered paths, then the children it could not follow.
  public func checkMessage(_ coverage: DependencyCoverage) -> String? {
    var parts: [String] = []
    if !coverage.uncovered.isEmpty {
      parts.append(uncoveredDependenciesMessage(coverage.uncovered))
    }
    if !coverage.unknownChildren.isEmpty {
      parts.append(
        "\(name) declares child features that are not registered, so their dependencies "
          + "cannot be checked: " + coverage.unknownChildren.joined(separator: ", "))
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}

/// The result of the upfront check of a feature and its declared children.
public struct DependencyCoverage: Sendable, Equatable {
  /// Dependency paths with neither a test value nor an override, in the order found.
  public var uncovered: [String] = []
  /// Declared children the feature registry does not know (`Settings (child of App)`).
  public var unknownChildren: [String] = []
}

/// The process-wide upfront check (`depsh test --check-deps`): while on, opening a test store
/// from a front refuses a feature that may reach an uncovered dependency.
public enum DependencyCheck {
  private static let enabled = Atomic<Bool>(false)
  /// True while the check is on.
  public static var checksOnOpen: Bool {
    get { enabled.load(ordering: .relaxed) }
    set { enabled.store(newValue, ordering: .relaxed) }
  }
}
