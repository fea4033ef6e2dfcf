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
