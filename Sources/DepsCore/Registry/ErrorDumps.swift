// The errors the fronts raise carry a message for people: a Swift dump (an effect's unhandled
// error in a TestStore failure) prints that message, not the struct around it.

extension BridgeError: CustomDumpStringConvertible {
  /// The message, as `description` gives it.
  public var customDumpDescription: String { description }
}

extension EndpointError: CustomDumpStringConvertible {
  /// The message, as `description` gives it.
  public var customDumpDescription: String { description }
}

extension ValueError: CustomDumpStringConvertible {
  /// The message, as `description` gives it.
  public var customDumpDescription: String { description }
}

extension CassetteError: CustomDumpStringConvertible {
  /// The message, as `description` gives it.
  public var customDumpDescription: String { description }
}
