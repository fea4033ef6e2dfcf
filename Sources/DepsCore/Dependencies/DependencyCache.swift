// Default values (liveValue / previewValue / testValue) computed once per (key, context) and
// cached, plus the values `prepareDependencies` put there. A scope can start a fresh cache
// (`DependencyValues.useFreshCache()`): stateful defaults computed inside it are its own, while
// values prepared in an enclosing cache stay visible. A default is computed at most once per
// cache, even when many threads read it for the first time together.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

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
  }

  /// The process-wide cache every scope uses unless a fresh one was started.
  static let global = DependencyCache(parent: nil)

  private let entries = Mutex<[Key: Entry]>([:])
  private let parent: DependencyCache?
  /// Held while a missing default is computed, so racing first reads compute it once. Recursive:
  /// a default may read other dependencies of this cache while it is being computed.
  private let computing = SystemLock(recursive: true)

  init(parent: DependencyCache?) { self.parent = parent }

  /// A prepared value for `key` here or in an enclosing cache.
  private func preparedValue(_ key: Key) -> AnyObject? {
    var cache: DependencyCache? = self
    while let current = cache {
      if let entry = current.entries.withLock({ $0[key] }), entry.prepared || current === self {
        return entry.box
      }
      cache = current.parent
    }
    return nil
  }

  /// The cached (or prepared) value of `Key` in `context`, computing it on first use.
  ///
  /// - Parameter preparation: the `prepareDependencies` call reading it, if any (it may then
  ///   overwrite what it read).
  func value<K: TestDependencyKey>(
    _: K.Type, context: DependencyContext, name: String?,
    preparation: DependencyPreparation? = nil, isSetting: Bool = false
  ) -> K.Value {
    let key = Key(id: ObjectIdentifier(K.self), context: context)
    if let box = preparedValue(key) { return unsafeDowncast(box, to: ValueBox<K.Value>.self).value }
    if isSetting {
      // Read only to be changed (`$0.client.endpoint = …` in withDependencies): not a use, so
      // nothing is reported and nothing is cached.
      if let existing = entries.withLock({ $0[key] }) {
        return unsafeDowncast(existing.box, to: ValueBox<K.Value>.self).value
      }
      return DependencyResolution.$isSetting.withValue(true) {
        DependencyResolution.defaultValue(K.self, context: context, name: name)
      }
    }
    computing.lock()
    defer { computing.unlock() }
    if let existing = entries.withLock({ $0[key] }) {
      return unsafeDowncast(existing.box, to: ValueBox<K.Value>.self).value
    }
    // Computed outside the entries' lock: a default may itself read other dependencies.
    let computed = DependencyResolution.defaultValue(K.self, context: context, name: name)
    let box = entries.withLock { entries -> AnyObject in
      if let existing = entries[key] { return existing.box }
      let box = ValueBox(computed)
      entries[key] = Entry(box: box, prepared: false, preparation: preparation)
      return box
    }
    return unsafeDowncast(box, to: ValueBox<K.Value>.self).value
  }

  /// Stores a prepared value; false (nothing stored) if the key was already accessed or
  /// prepared in this cache, other than by the same `preparation`.
  func prepare(
    _ id: ObjectIdentifier, context: DependencyContext, box: AnyObject,
    preparation: DependencyPreparation
  ) -> Bool {
    let key = Key(id: id, context: context)
    return entries.withLock { entries in
      if let existing = entries[key], existing.preparation !== preparation { return false }
      entries[key] = Entry(box: box, prepared: true, preparation: preparation)
      return true
    }
  }

  /// True if a value for the key was computed or prepared here.
  func contains(_ id: ObjectIdentifier, context: DependencyContext) -> Bool {
    entries.withLock { $0[Key(id: id, context: context)] != nil }
  }
}

/// A value stored by reference so a read can take it back with `unsafeDowncast` (the key's type
/// fixes the value's type, so no dynamic cast is needed).
final class ValueBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
