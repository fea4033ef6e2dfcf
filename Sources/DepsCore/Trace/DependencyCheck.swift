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

  /// The declared dependency paths with neither a test value nor an override among
  /// `overridden`.
  public func uncoveredDependencies(
    overridden: Set<String>, registry: EndpointRegistry = .shared
  ) -> [String] {
    dependencies.filter { path in
      if overridden.contains(path) { return false }
      guard let descriptor = try? registry.descriptor(path) else { return true }
      if overridden.contains(descriptor.path) { return false }
      return !descriptor.hasTestValue
    }
  }

  /// The message of `depsh test --check-deps` and the fronts' checks for `paths`.
  public func uncoveredDependenciesMessage(_ paths: [String]) -> String {
    "\(name) may reach dependencies with neither a test value nor an override: "
      + paths.joined(separator: ", ")
  }
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
