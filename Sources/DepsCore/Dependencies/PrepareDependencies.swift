// `prepareDependencies`: set process-wide values once, before anything reads them.

/// Prepares global dependencies for the lifetime of the process (or of the current fresh cache,
/// see `DependencyValues.useFreshCache()`). Each key may be prepared once and only before its
/// first access; a later write is ignored and reported ("has already been accessed or
/// prepared").
///
/// ```swift
/// @main struct App {
///   static func main() {
///     prepareDependencies { $0.continuousClock = ImmediateClock() }
///   }
/// }
/// ```
public func prepareDependencies(_ updateValues: (inout DependencyValues) throws -> Void) rethrows {
  var values = DependencyValues._current
  values.storage = DependencyStorage(
    parent: values.storage, preparation: DependencyPreparation())
  try updateValues(&values)
}
