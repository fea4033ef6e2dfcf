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
/// Setting `$0.context` chooses the context defaults resolve in from then on (`.live` in a test
/// process, for example). In the preview context a key may be prepared again.
///
/// - Returns: what `updateValues` returns.
@discardableResult
public func prepareDependencies<R>(_ updateValues: (inout DependencyValues) throws -> R) rethrows
  -> R
{
  var values = DependencyValues._current
  values.storage = DependencyStorage(
    parent: values.storage, preparation: DependencyPreparation())
  // Defaults read here are read to be changed, as in a `withDependencies` closure.
  values.storage.isSetting = true
  return try updateValues(&values)
}
