// Calling a registered endpoint from a front (Lua's `deps.dependency("date.now")()`): the
// endpoint resolves in the dependency scope current at the call, as `@Dependency` does.

extension EndpointDescriptor {
  /// True when the endpoint can be called (not only overridden with a preset).
  ///
  /// ```swift
  /// try EndpointRegistry.shared.descriptor("date.now").isCallable  // true
  /// ```
  public var isCallable: Bool { invoke != nil }

  /// Calls the endpoint in the current dependency scope (`DependencyValues._current`).
  ///
  /// ```swift
  /// let now = try await EndpointRegistry.shared.descriptor("date.now").call(.null)
  /// ```
  /// - Parameter input: the endpoint's input (`.null` when it takes none).
  /// - Returns: its output.
  public func call(_ input: JSONValue) async throws -> JSONValue {
    guard let invoke else {
      throw BridgeError(
        .invalid,
        "dependency \"\(path)\" cannot be called; it takes presets: "
          + presets.joined(separator: ", "))
    }
    return try await invoke(input)
  }
}

// MARK: - Direct calls of a front's own override

// A front calling an endpoint in the scope where it installed its own function for it (Lua's
// `deps.dependency("numberFact.fetch")(3)` inside the `deps.with_dependencies` that set
// `d.numberFact.fetch`) may call that function straight away: what the endpoint would run is
// known — the recipe's function, behind the same nesting guard and JSON conversions — so the
// async call (a task on a pumped executor) is skipped. The front checks that the scope current
// at the call is still the one the recipe was applied to (`DependencyValues.scopeIdentity`); any
// other scope (a store's, a Swift `withDependencies` nested inside) takes the endpoint's call.

extension DependencyValues {
  /// The identity of these values' storage: values with the same identity hold the same
  /// implementations (the values a scope binds are never changed in place).
  package var scopeIdentity: ObjectIdentifier { ObjectIdentifier(storage) }
}

extension DependencyOverrides {
  /// What calling the endpoint at `path` (a registry's canonical path) does in values this
  /// recipe was applied to last, as a synchronous function of its JSON input: the recipe's
  /// function for `path`, behind the nesting guard and the endpoint's JSON conversions — when
  /// the recipe's last change touching `path` (the path, a parent or a child of it) installs
  /// that function and the endpoint was registered from a Swift closure type; nil otherwise
  /// (then only the endpoint's own `call` does what the scope would do).
  package func directCall(for path: String) -> ForeignFunction? {
    for change in changes.reversed() {
      switch change {
      case .function(let changed, let function):
        if changed.path == path {
          guard let invokeInstalled = changed.invokeInstalled else { return nil }
          let guarded = ForeignCallNesting.guarded(path, function)
          return { input in try invokeInstalled(input, guarded) }
        }
        if Self.overlaps(changed.path, path) { return nil }
      case .preset(let changed, _), .unimplemented(let changed):
        if Self.overlaps(changed.path, path) { return nil }
      case .context:
        continue
      }
    }
    return nil
  }

  private static func overlaps(_ a: String, _ b: String) -> Bool {
    a == b || a.hasPrefix(b + ".") || b.hasPrefix(a + ".")
  }
}

extension JSONValue {
  /// True when decoding this value as `T` and encoding the result gives this value back
  /// unchanged — an integer as `Int`, a string as `String`, a boolean as `Bool` — so a direct
  /// call skips both conversions. False means "convert" (not "fails").
  @inline(__always)
  func convertsToItself<T>(as type: T.Type) -> Bool {
    switch self {
    case .int: return type == Int.self
    case .string: return type == String.self
    case .bool: return type == Bool.self
    default: return false
    }
  }
}
