// "Did you mean" hints: the names close to a mistyped one (an unknown action, feature, key or
// dependency path), by edit distance. Every layer that names what it could not find uses them.

/// Names close to `name` among `candidates`, best first (for "did you mean" hints).
public func closeMatches(for name: String, in candidates: [String], limit: Int = 3) -> [String] {
  // Every name starts with "": suggesting one for an empty name would be noise.
  guard !name.isEmpty else { return [] }
  // A name far longer than every candidate cannot be close (and comparing a huge one would
  // take quadratic time).
  let longest = candidates.map(\.utf8.count).max() ?? 0
  guard name.utf8.count <= 2 * longest + 4 else { return [] }
  let lowered = name.lowercased()
  let scored = candidates.map { candidate -> (String, Int) in
    let distance = editDistance(lowered, candidate.lowercased())
    let bonus =
      candidate.lowercased().hasPrefix(lowered)
        || lowered.hasPrefix(
          candidate.lowercased())
      ? -2 : 0
    return (candidate, distance + bonus)
  }
  let threshold = max(2, name.count / 3)
  let close = scored.filter { $0.1 <= threshold }
  guard let best = close.map(\.1).min() else { return [] }
  return close.filter { $0.1 <= best + 1 }
    .sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    .prefix(limit).map(\.0)
}

/// `; did you mean "a" or "b"?`, or "" when nothing is close.
func didYouMean(_ name: String, in candidates: [String]) -> String {
  let matches = closeMatches(for: name, in: candidates)
  guard !matches.isEmpty else { return "" }
  let quoted = matches.map { "\"\($0)\"" }
  let list =
    quoted.count == 1
    ? quoted[0]
    : quoted.dropLast().joined(separator: ", ") + " or "
      + (quoted.last ?? "")
  return "; did you mean \(list)?"
}

/// Levenshtein distance.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.utf8)
  let b = Array(b.utf8)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
