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
