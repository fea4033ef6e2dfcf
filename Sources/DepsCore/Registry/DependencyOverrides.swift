// A recipe of dependency changes, applied when a store opens (the fronts' withDependencies):
// `deps_overrides_set` / `d.uuid = "incrementing"` add a preset, `deps_overrides_set_endpoint`
// / `d.numberFact.fetch = function … end` add a foreign function. Each change is validated when
// it is added, so a bad path or preset fails at once and never reaches a store.

/// An ordered list of validated dependency changes.
public struct DependencyOverrides: Sendable {
  enum Change: Sendable {
    case preset(EndpointDescriptor, JSONValue)
    case function(EndpointDescriptor, ForeignFunction)
    case unimplemented(EndpointDescriptor)
    case context(DependencyContext)
  }

  private(set) var changes: [Change] = []
  let registry: EndpointRegistry
  /// Where each override was defined (`file:line`), when the front knows it.
  private(set) var sites: [String: String] = [:]
  /// The recorder the store opened with this recipe reports to (nil: no trace).
  public var trace: DependencyTrace?

  /// An empty recipe resolving paths in `registry`.
  public init(registry: EndpointRegistry = .shared) { self.registry = registry }

  /// Adds a preset (`"incrementing"`, a number for `date.now`, `"immediate"`, …). The preset is
  /// tried on a scratch copy first, so an invalid one is reported here.
  public mutating func set(_ path: String, preset: JSONValue, site: String? = nil)
    throws(BridgeError)
  {
    let descriptor = try registry.descriptor(path)
    if let site { sites[descriptor.path] = site }
    if case .string(let name) = preset, name == "unimplemented",
      descriptor.installUnimplemented != nil
    {
      changes.append(.unimplemented(descriptor))
      return
    }
    if descriptor.installPreset == nil && descriptor.installFunction == nil {
      throw BridgeError(.invalid, Self.notOverridable(descriptor.path))
    }
    guard let install = descriptor.installPreset else {
      throw BridgeError(
        .invalid,
        "dependency path \"\(descriptor.path)\" takes a function, not a preset value")
    }
    var scratch = DependencyValues.processDefaults
    try install(&scratch, preset)
    changes.append(.preset(descriptor, preset))
  }

  /// Adds a foreign implementation of the endpoint at `path`.
  public mutating func set(
    _ path: String, function: @escaping ForeignFunction, site: String? = nil
  ) throws(BridgeError) {
    let descriptor = try registry.descriptor(path)
    if descriptor.installPreset == nil && descriptor.installFunction == nil {
      throw BridgeError(.invalid, Self.notOverridable(descriptor.path))
    }
    guard descriptor.installFunction != nil else {
      throw BridgeError(
        .invalid,
        "dependency path \"\(descriptor.path)\" takes a preset (\(descriptor.presets.joined(separator: ", "))), not a function"
      )
    }
    changes.append(.function(descriptor, function))
    if let site { sites[descriptor.path] = site }
  }

  static func notOverridable(_ path: String) -> String {
    let parent = path.split(separator: ".").first.map(String.init) ?? path
    return "dependency path \"\(path)\" can be called but not overridden; override "
      + "\"\(parent)\" instead"
  }

  /// Sets the context the store resolves defaults in.
  public mutating func set(context: DependencyContext) {
    changes.append(.context(context))
  }

  /// Applies the recipe to `values`, in order.
  public func apply(to values: inout DependencyValues) {
    for change in changes {
      switch change {
      case .preset(let descriptor, let value):
        try? descriptor.installPreset?(&values, value)
      case .function(let descriptor, let function):
        descriptor.installFunction?(&values, ForeignCallNesting.guarded(descriptor.path, function))
      case .unimplemented(let descriptor):
        descriptor.installUnimplemented?(&values)
      case .context(let context):
        values.context = context
      }
    }
    // The recipe's recorder, else the one the values already report to (overrides applied to
    // a running store), else the process's (depsh test --trace), else — in a test — the watch
    // that reports the overrides the test never used.
    if let trace = trace ?? values.dependencyTrace ?? AmbientTrace.make()
      ?? UnusedOverrides.watch(overriddenPaths, context: values.context)
    {
      trace.noteOverrides(overriddenPaths, sites: sites)
      values.dependencyTrace = trace
    }
  }

  /// The presets the recipe sets (`"uuid"` = `"incrementing"`), in order, one per path (the
  /// last set wins).
  public var presets: [(path: String, value: JSONValue)] {
    var result: [(path: String, value: JSONValue)] = []
    for case .preset(let descriptor, let value) in changes {
      result.removeAll { $0.path == descriptor.path }
      result.append((descriptor.path, value))
    }
    return result
  }

  /// The paths the recipe changes, in order.
  public var overriddenPaths: [String] {
    var paths: [String] = []
    for change in changes {
      switch change {
      case .preset(let d, _), .function(let d, _), .unimplemented(let d):
        if !paths.contains(d.path) { paths.append(d.path) }
      case .context: break
      }
    }
    return paths
  }

  /// True when the recipe changes `path`.
  public func overrides(_ path: String) -> Bool {
    changes.contains {
      switch $0 {
      case .preset(let d, _), .function(let d, _), .unimplemented(let d): d.path == path
      case .context: false
      }
    }
  }

  /// The recipe followed by `other`'s changes.
  public func appending(_ other: DependencyOverrides) -> DependencyOverrides {
    var copy = self
    copy.changes += other.changes
    copy.sites.merge(other.sites) { _, new in new }
    copy.trace = other.trace ?? trace
    return copy
  }
}

/// The limit on foreign endpoint calls nested in one another (a Lua or C override calling an
/// endpoint whose override calls another …): past `limit`, the call throws instead of growing
/// the stack.
public enum ForeignCallNesting {
  /// The deepest nesting allowed.
  public static let limit = 32

  @TaskLocal static var depth = 0

  /// `function` counted in the nesting depth; past `limit` it throws `EndpointError`.
  static func guarded(_ path: String, _ function: @escaping ForeignFunction) -> ForeignFunction {
    { input in
      let depth = Self.depth + 1
      guard depth <= limit else {
        throw EndpointError(
          "dependency \"\(path)\": foreign endpoint calls nested more than \(limit) deep (an "
            + "override calling an endpoint whose override calls another …); stopped here")
      }
      return try Self.$depth.withValue(depth) { try function(input) }
    }
  }
}
