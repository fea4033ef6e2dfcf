// `CaseNameTable`: what a decoder learned per (enum type, case name), read on every decoding
// without a lock. Entries are only ever appended (by writers that serialize among themselves
// with their own lock) and never change or go away: an entry is written in full before the
// count that makes it visible is published with release ordering, and a reader loads that
// count with acquire ordering, so the entries it scans are complete. Names are kept as UTF-8
// bytes, so a decoder scanning JSON text can look a case up by the bytes between the quotes
// without making a `String`.
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// An append-only table from (type, case name) to `Value`, searched linearly without a lock.
final class CaseNameTable<Value>: @unchecked Sendable {
  private struct Entry {
    let type: ObjectIdentifier
    let name: UnsafeMutablePointer<UInt8>
    let count: Int
    let value: Value
  }

  /// The most entries the table holds; `append` refuses more.
  let capacity: Int
  private let entries: UnsafeMutablePointer<Entry>
  private let published = Atomic<Int>(0)

  /// An empty table of `capacity` entries (its storage is allocated once, up front).
  init(capacity: Int) {
    self.capacity = capacity
    entries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
  }

  deinit {
    let count = published.load(ordering: .acquiring)
    for index in 0..<count { (entries + index).pointee.name.deallocate() }
    entries.deinitialize(count: count)
    entries.deallocate()
  }

  /// Appends `value` for `name` of `type`; `false` when the table is full. Callers serialize
  /// their appends (one writer at a time); readers may run meanwhile.
  @discardableResult
  func append(_ type: Any.Type, _ name: String, _ value: Value) -> Bool {
    let count = published.load(ordering: .relaxed)
    guard count < capacity else { return false }
    let utf8 = Array(name.utf8)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, utf8.count))
    bytes.initialize(from: utf8, count: utf8.count)
    (entries + count).initialize(
      to: Entry(type: ObjectIdentifier(type), name: bytes, count: utf8.count, value: value))
    published.store(count + 1, ordering: .releasing)
    return true
  }

  /// The value for the case whose name is the UTF-8 `name` of `type`, if any.
  @inline(__always)
  func value(_ type: Any.Type, _ name: UnsafeRawBufferPointer) -> Value? {
    let key = ObjectIdentifier(type)
    // An empty buffer may have no base address; any address compares 0 bytes equal.
    let base = name.baseAddress ?? UnsafeRawPointer(entries)
    let count = published.load(ordering: .acquiring)
    var index = 0
    while index < count {
      let entry = entries + index
      if entry.pointee.type == key, entry.pointee.count == name.count,
        name.count == 0 || memcmp(entry.pointee.name, base, name.count) == 0
      {
        return entry.pointee.value
      }
      index += 1
    }
    return nil
  }

  /// The value for the case `name` of `type`, if any.
  @inline(__always)
  func value(_ type: Any.Type, _ name: String) -> Value? {
    if let found = name.utf8.withContiguousStorageIfAvailable({ utf8 in
      value(type, UnsafeRawBufferPointer(utf8))
    }) {
      return found
    }
    var copy = name
    return copy.withUTF8 { value(type, UnsafeRawBufferPointer($0)) }
  }

  /// The number of entries.
  var count: Int { published.load(ordering: .acquiring) }
}
