// Comparing values whose static type is not known to be Equatable, and type names without their
// module: what the dumps, the diffs and the failure texts built on them share.

/// `lhs == rhs` when the type is Equatable, nil otherwise.
package func equals<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  return lhs.isEqual(to: rhs)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// A type's name without its module (`Feature.State`, `Int`, `Destination.State?`).
package func shortTypeName(_ type: Any.Type) -> String {
  shortTypeName(String(reflecting: type))
}

private func shortTypeName(_ name: String) -> String {
  if name.hasPrefix("Swift.Optional<"), name.hasSuffix(">") {
    return shortTypeName(String(name.dropFirst("Swift.Optional<".count).dropLast())) + "?"
  }
  guard let dot = name.firstIndex(of: ".") else { return name }
  let module = name[..<dot]
  return name.replacing("\(module).", with: "").replacing("Swift.", with: "")
}

/// A value that dumps as another value (swift-custom-dump's protocol): `Shared` dumps as the
/// value it holds.
public protocol CustomDumpRepresentable {
  /// The value dumped in place of this one.
  var customDumpValue: Any { get }
}

/// An object whose diff compares two values of its own (swift-custom-dump's protocol): a
/// `Shared` under a test's assertion diffs its snapshot against its live value. Both sides of
/// a diff with the same identifier show as `#1 value`.
public protocol _CustomDiffObject {
  /// The values the diff compares: before, after.
  var _customDiffValues: (Any, Any) { get }
  /// The object's identity: the two sides are compared as one object when they share it.
  var _objectIdentifier: ObjectIdentifier { get }
}
