// Default values (liveValue / previewValue / testValue) computed once per (key, context) and
// cached, plus the values (and the context) `prepareDependencies` put there. A scope can start a
// fresh cache (`DependencyValues.useFreshCache()`): stateful defaults computed inside it are its
// own, while values prepared in an enclosing cache stay visible. A default is computed at most
// once per cache, even when many threads read it for the first time together.
//
// The process cache (`global`) stands for "the cache of whatever is running": outside tests it
// is one process-wide cache; inside a Swift Testing test it resolves to that test's own cache,
// and under XCTest it is emptied when each test case starts (see TestCacheScope.swift), so one
// test's first read or `prepareDependencies` never leaks into the next.
#if canImport(FoundationEssentials)
import DepsConcurrency
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

@usableFromInline
final class DependencyCache: Sendable {
  struct Key: Hashable {
    let id: ObjectIdentifier
    let context: DependencyContext
  }
  struct Entry: @unchecked Sendable {  // boxes are immutable ValueBoxes of Sendable values
    let box: AnyObject
    let prepared: Bool
    /// The `prepareDependencies` call that computed or prepared it: that call may still
    /// (re)write it.
    let preparation: DependencyPreparation?
    /// A live-context default of a key with no live value: every read that uses it (not one
    /// made while setting up) reports that, as in swift-dependencies.
    var missingLive = false
  }
  struct State {
    var entries: [Key: Entry] = [:]
    /// The context `prepareDependencies { $0.context = … }` chose for this cache.
    var preparedContext: DependencyContext?
    var contextPreparation: DependencyPreparation?
    /// True once a default was computed in the context this cache resolves by default (the
    /// context can no longer be prepared).
    var contextAccessed = false
  }

  /// The process cache: resolved per running test (see `resolved`).
  static let global = DependencyCache(parent: nil)

  /// Bumped whenever a cached value is replaced or a cache is emptied, so the per-thread read
  /// cache (`DependencyReadCache`) never hands out a value from before.
  static let epoch = Atomic<Int>(0)

  private let state = Mutex(State())
  private let parent: DependencyCache?
  /// Held while a missing default is computed, so racing first reads compute it once. Recursive:
  /// a default may read other dependencies of this cache while it is being computed.
  private let computing = ReentrantLock()

  init(parent: DependencyCache?) { self.parent = parent }

  /// This cache, or for the process cache the cache of the running test (see
  /// `TestCacheScope`).
  @inline(__always)
  var resolved: DependencyCache {
    self === DependencyCache.global ? TestCacheScope.processCache() : self
  }

  /// A value prepared for `key` in an enclosing cache.
  private func inheritedValue(_ key: Key) -> AnyObject? {
    var cache = parent
    while let current = cache {
      if let entry = current.state.withLock({ $0.entries[key] }), entry.prepared {
        return entry.box
      }
      cache = current.parent
    }
    return nil
  }

  /// True once any cache had its context prepared (until then no read needs to look).
  static let anyContextPrepared = Atomic<Bool>(false)

  /// The context prepared here or in an enclosing cache.
  func preparedContext() -> DependencyContext? {
    guard DependencyCache.anyContextPrepared.load(ordering: .relaxed) else { return nil }
    var cache: DependencyCache? = self
    while let current = cache {
      if let context = current.state.withLock({ $0.preparedContext }) { return context }
      cache = current.parent
    }
    return nil
  }

  /// The cached (or prepared) value of `Key` in `context`, computing it on first use.
  ///
  /// - Parameters:
  ///   - contextIsDefault: the context was not set by any scope (reading it fixes it, so it can
  ///     no longer be prepared).
  ///   - preparation: the `prepareDependencies` call reading it, if any (it may then
  ///     overwrite what it read).
  ///   - isSetting: read only to be changed (`$0.client.endpoint = …` in `withDependencies`):
  ///     the value is cached, but nothing is reported (a missing live value is reported by the
  ///     reads that use it).
  package func value<K: TestDependencyKey>(
    _: K.Type, context: DependencyContext, contextIsDefault: Bool, name: String?,
    preparation: DependencyPreparation? = nil, isSetting: Bool = false
  ) -> K.Value {
    let key = Key(id: ObjectIdentifier(K.self), context: context)
    if let existing = state.withLock({ $0.entries[key] }) {
      if existing.missingLive { usedMissingLive(K.self, name: name, isSetting: isSetting) }
      return unsafeDowncast(existing.box, to: ValueBox<K.Value>.self).value
    }
    if let box = inheritedValue(key) {
      return unsafeDowncast(box, to: ValueBox<K.Value>.self).value
    }
    computing.lock()
    defer { computing.unlock() }
    if let existing = state.withLock({ $0.entries[key] }) {
      if existing.missingLive { usedMissingLive(K.self, name: name, isSetting: isSetting) }
      return unsafeDowncast(existing.box, to: ValueBox<K.Value>.self).value
    }
    // Computed outside the state's lock: a default may itself read other dependencies. A
    // missing live value is reported by `defaultValue` itself unless this read is setting up.
    let computed: K.Value
    if isSetting {
      computed = SettingScope.setting {
        DependencyResolution.$isSetting.withValue(true) {
          DependencyResolution.defaultValue(K.self, context: context, name: name)
        }
      }
    } else {
      computed = DependencyResolution.defaultValue(K.self, context: context, name: name)
    }
    let missingLive = context == .live && !(K.self is any DependencyKey.Type)
    // Each later read must reach this cache again to report: `@Dependency` may not remember it.
    if missingLive { DependencyReadCache.noteUncacheable() }
    let box = state.withLock { state -> AnyObject in
      if contextIsDefault { state.contextAccessed = true }
      if let existing = state.entries[key] { return existing.box }
      let box = ValueBox(computed)
      state.entries[key] = Entry(
        box: box, prepared: false, preparation: preparation, missingLive: missingLive)
      return box
    }
    return unsafeDowncast(box, to: ValueBox<K.Value>.self).value
  }

  /// A read of a cached live-context default whose key has no live value: reported unless the
  /// read is setting up, and never remembered by the `@Dependency` read cache.
  private func usedMissingLive<K: TestDependencyKey>(
    _: K.Type, name: String?, isSetting: Bool
  ) {
    DependencyReadCache.noteUncacheable()
    guard !isSetting else { return }
    var read = DependencyResolution.currentRead
    if let name { read.name = name }
    DependencyResolution.reportMissingLiveValue(K.self, read: read)
  }

  /// Stores a prepared value; false (nothing stored) if the key was already accessed or
  /// prepared in this cache, other than by the same `preparation`. In the preview context a
  /// key may be prepared again, as swift-dependencies allows for previews.
  func prepare(
    _ id: ObjectIdentifier, context: DependencyContext, box: AnyObject,
    preparation: DependencyPreparation
  ) -> Bool {
    let key = Key(id: id, context: context)
    let replaced = state.withLock { state -> Bool? in
      let existing = state.entries[key]
      if let existing, existing.preparation !== preparation, context != .preview { return nil }
      state.entries[key] = Entry(box: box, prepared: true, preparation: preparation)
      return existing != nil
    }
    guard let replaced else { return false }
    if replaced { DependencyCache.epoch.add(1, ordering: .relaxed) }
    return true
  }

  /// Prepares the context this cache resolves defaults in; false if a default was already
  /// computed in the default context, or another `prepareDependencies` chose it.
  func prepareContext(_ context: DependencyContext, preparation: DependencyPreparation) -> Bool {
    let stored = state.withLock { state -> Bool in
      if let previous = state.contextPreparation, previous !== preparation { return false }
      if state.contextPreparation == nil && state.contextAccessed { return false }
      state.preparedContext = context
      state.contextPreparation = preparation
      return true
    }
    if stored {
      DependencyCache.anyContextPrepared.store(true, ordering: .relaxed)
      DependencyCache.epoch.add(1, ordering: .relaxed)
    }
    return stored
  }

  /// True if a value for the key was computed or prepared here.
  func contains(_ id: ObjectIdentifier, context: DependencyContext) -> Bool {
    state.withLock { $0.entries[Key(id: id, context: context)] != nil }
  }

  /// Forgets every value and the prepared context (a new XCTest test case starts, or
  /// `resetCache()`). The values are released after the lock is given up, on this thread: a
  /// value's `deinit` may read dependencies again.
  func removeAll() {
    let removed = state.withLock { state -> State in
      let removed = state
      state = State()
      return removed
    }
    DependencyCache.epoch.add(1, ordering: .relaxed)
    withExtendedLifetime(removed) {}
  }
}

/// A value stored by reference so a read can take it back with `unsafeDowncast` (the key's type
/// fixes the value's type, so no dynamic cast is needed).
@usableFromInline
package final class ValueBox<Value>: @unchecked Sendable {
  @usableFromInline package let value: Value
  @inlinable init(_ value: Value) { self.value = value }
}
