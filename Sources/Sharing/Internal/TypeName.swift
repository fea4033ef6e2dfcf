// Type names as swift-sharing prints them in descriptions and reports: module prefixes
// dropped, `Optional<T>` as `T?`, `Array<T>` as `[T]`, `Dictionary<K, V>` as `[K: V]`
// (`Shared<[User]>`, `Shared<Int?>`).

/// The display name of `type`.
func sharingTypeName(_ type: Any.Type) -> String {
  var name = _typeName(type, qualified: true)
  while let range = name.firstRange(of: /\(unknown context at \$[0-9a-fA-F]+\)\./) {
    name.removeSubrange(range)
  }
  // Innermost generics first: each pass rewrites the arguments that hold no other generic.
  for _ in 0..<10 {
    let rewritten =
      name
      .replacing(/\bSwift\.Optional<([^<>]+)>/) { "\($0.1)?" }
      .replacing(/\bSwift\.Array<([^<>]+)>/) { "[\($0.1)]" }
      .replacing(/\bSwift\.Dictionary<([^,<]+), ([^<>]+)>/) { "[\($0.1): \($0.2)]" }
    if rewritten == name { break }
    name = rewritten
  }
  return name.replacing(/\w+\.([\w.]+)/) { String($0.1) }
}
