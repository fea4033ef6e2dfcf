// The cache of default values a `DependencyValues` reads through, as swift-dependencies exposes
// it to its own tests and tools (`@_spi(Internals) import Dependencies`):
//
//   DependencyValues._current.cachedValues.resetCache()
//
// empties the cache the current values resolve defaults in (inside a Swift Testing test, that
// test's own cache; under XCTest, the process cache), so the next read computes each default
// again. Values released by the reset are released on the calling thread, before it returns.

extension DependencyValues {
  /// The cache of default values these values resolve defaults in.
  @_spi(Internals)
  public var cachedValues: CachedValues { CachedValues(cache: storage.cache.resolved) }

  /// Empties the cache of default values these values resolve defaults in.
  ///
  /// ```swift
  /// DependencyValues._current.resetCache()
  /// ```
  @_spi(Beta)
  @available(
    *, deprecated,
    message: "'resetCache' is no longer necessary for most (unparameterized) '@Test' cases"
  )
  public func resetCache() {
    cachedValues.resetCache()
  }
}

/// A handle on a cache of default values (see `DependencyValues.cachedValues`).
@_spi(Internals)
public final class CachedValues: Sendable {
  let cache: DependencyCache

  init(cache: DependencyCache) { self.cache = cache }

  /// Forgets every cached and prepared default (and a prepared context): the next read of each
  /// dependency computes its default again.
  ///
  /// ```swift
  /// DependencyValues._current.cachedValues.resetCache()
  /// ```
  public func resetCache() {
    cache.removeAll()
  }
}
