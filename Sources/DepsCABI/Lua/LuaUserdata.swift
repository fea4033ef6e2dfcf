// Full userdata holding a retained Swift object (released by `__gc`), with a named metatable
// so type errors read `deps.TestStore expected, got nil` (lauxlib's `__name`).
import CLua

#if canImport(Glibc)
import Glibc
#endif

/// A metatable of this library: `name` is what Lua code and messages see (`__name`,
/// `deps.Store expected, got nil`); `key` is where the registry keeps it, unique to this loaded
/// copy of the library. Two libraries built on DepsCABI (`libDeps.so` and a module's own) can be
/// required into one Lua state: each finds only its own metatables, so a value of one library is
/// never taken for a value of the other (each has its own Swift types and registries).
struct LuaMetatable: CustomStringConvertible, Sendable {
  /// The name Lua code sees, e.g. `deps.Store`.
  let name: String
  /// The registry key: `name` followed by this library copy's mark.
  let key: String

  init(_ name: String) {
    self.name = name
    self.key = name + "@" + LuaMetatable.libraryMark
  }

  var description: String { name }

  /// The address of this type's metadata, which every loaded copy of the library has its own
  /// of.
  private static let libraryMark = String(
    UInt(bitPattern: ObjectIdentifier(LuaMetatableMark.self)), radix: 16)

  /// Creates the metatable if this library has not yet in this state, leaving it on the stack;
  /// returns whether it was created. `__name` is `name`, so `tostring` and lauxlib's messages
  /// show the plain name.
  func create(_ L: OpaquePointer) -> Bool {
    guard luaL_newmetatable(L, key) != 0 else { return false }
    LuaStack.push(L, name)
    LuaStack.setRawField(L, -2, "__name")
    return true
  }

  /// Sets this metatable on the value on top of the stack.
  func set(_ L: OpaquePointer) {
    luaL_setmetatable(L, key)
  }

  /// The userdata block at `index` if it has this metatable.
  func test(_ L: OpaquePointer, _ index: Int32) -> UnsafeMutableRawPointer? {
    luaL_testudata(L, index, key)
  }

  /// The type error for a value at `index` without this metatable. A value of the same name
  /// made by another library gets its own words, since both print as `name`.
  func typeError(_ L: OpaquePointer, _ index: Int32) -> LuaFailure {
    if lua_type(L, index) == LUA_TUSERDATA, LuaStack.typeName(L, index) == name {
      return .argument(
        index,
        "\(name) expected, got a \(name) of another library (each library "
          + "built on DepsCABI has its own stores and dependencies)")
    }
    return LuaStack.typeError(L, index, expected: name)
  }
}

/// The type whose metadata address marks this copy of the library.
private final class LuaMetatableMark {}

enum LuaUserdata {
  /// Pushes a userdata holding `object` (retained) with the metatable `name`, and `userValues`
  /// user values.
  static func push(
    _ L: OpaquePointer, _ object: AnyObject, metatable: LuaMetatable,
    userValues: Int32 = 0
  ) {
    let slot = clua_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer?>.size, userValues)
    slot?.storeBytes(
      of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer?.self)
    metatable.set(L)
  }

  /// The object of the userdata at `index` if it has metatable `name` (throws a type error
  /// `<name> expected, got …` otherwise).
  static func object<T: AnyObject>(
    _ L: OpaquePointer, _ index: Int32, metatable: LuaMetatable,
    as type: T.Type
  ) throws(LuaFailure) -> T {
    guard let slot = metatable.test(L, index),
      let raw = slot.load(as: UnsafeMutableRawPointer?.self)
    else { throw metatable.typeError(L, index) }
    return Unmanaged<T>.fromOpaque(raw).takeUnretainedValue()
  }

  /// A `__gc` body: releases the object of the userdata at 1 (once) and returns it.
  static func take(_ L: OpaquePointer) -> AnyObject? {
    guard let slot = lua_touserdata(L, 1), let raw = slot.load(as: UnsafeMutableRawPointer?.self)
    else { return nil }
    slot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
    return Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue()
  }

  /// Creates metatable `name` with `functions` (each closing over the runtime) unless it
  /// exists. `__index` and `__newindex` may be functions here; `methods` go to a table that
  /// `__index` receives as upvalue 3.
  static func registerMetatable(
    _ L: OpaquePointer, _ runtime: LuaRuntime, name: LuaMetatable,
    methods: [(String, clua_SwiftFunction)], index: clua_SwiftFunction,
    metamethods: [(String, clua_SwiftFunction)]
  ) {
    guard name.create(L) else {
      clua_pop(L, 1)
      return
    }
    lua_createtable(L, 0, Int32(methods.count))
    for (method, function) in methods {
      LuaStack.pushFunction(L, runtime, function)
      LuaStack.setRawField(L, -2, method)
    }
    LuaStack.pushFunction(L, runtime, index, extra: 1)
    LuaStack.setRawField(L, -2, "__index")
    for (metamethod, function) in metamethods {
      LuaStack.pushFunction(L, runtime, function)
      LuaStack.setRawField(L, -2, metamethod)
    }
    clua_pop(L, 1)
  }

  /// In an `__index` made by `registerMetatable`: pushes the method named by the key at 2, if
  /// any.
  static func pushMethod(_ L: OpaquePointer) -> Bool {
    guard lua_type(L, 2) == LUA_TSTRING else { return false }
    lua_pushvalue(L, 2)
    if lua_rawget(L, clua_upvalueindex(3)) != LUA_TNIL { return true }
    clua_pop(L, 1)
    return false
  }

  /// `0x55d0…` for `__tostring`.
  static func address(_ L: OpaquePointer, _ index: Int32) -> String {
    guard let pointer = lua_topointer(L, index) else { return "0x0" }
    return "0x" + String(UInt(bitPattern: pointer), radix: 16)
  }
}

/// A store the runtime can close on `deps._reset()` / at the end of `deps.test`.
protocol LuaOpenStore: AnyObject {
  /// The Lua runtime the store belongs to.
  var runtime: LuaRuntime { get }
  /// Closes the store; a test store returns its leftover failures.
  func closeLeftover() -> [String]
}

extension LuaUserdata {
  /// `__gc` of `deps.Store` and `deps.TestStore`: untracks and closes the store without raising
  /// (a `__gc` cannot fail a test). A test store's leftovers are kept by the runtime: the end of
  /// the running `deps.test`, `deps.end_test()` or `deps._reset()` reports them; when the Lua
  /// state closes with some still unreported, they are written to stderr.
  static let collectStore: clua_SwiftFunction = { L in
    guard let L, let box = LuaUserdata.take(L) as? any LuaOpenStore else { return 0 }
    let leftovers = box.closeLeftover()
    let runtime = box.runtime
    if runtime.isAlive {
      runtime.enter(L) {
        runtime.untrack(box)
        if !leftovers.isEmpty {
          runtime.collectedLeftovers.append(
            LuaRuntime.collectedHeading(box) + leftovers.joined(separator: "\n\n"))
        }
      }
    } else if !leftovers.isEmpty {
      LuaRuntime.writeToStderr(
        LuaRuntime.collectedHeading(box) + leftovers.joined(separator: "\n\n"))
    }
    return 0
  }
}

/// A weak entry of `LuaRuntime.openStores`.
struct WeakStoreBox {
  weak var store: (any LuaOpenStore)?
}

extension LuaRuntime {
  /// Tracks `store` until it closes.
  func track(_ store: any LuaOpenStore) {
    openStores[ObjectIdentifier(store)] = WeakStoreBox(store: store)
  }

  /// Stops tracking `store`.
  func untrack(_ store: any LuaOpenStore) {
    openStores[ObjectIdentifier(store)] = nil
  }

  /// Closes the stores opened since `snapshot` (all when nil); returns test-store failures,
  /// those of test stores collected meanwhile included.
  func closeStores(except snapshot: Set<ObjectIdentifier>? = nil) -> [String] {
    var failures = collectedLeftovers
    collectedLeftovers.removeAll()
    for (id, entry) in openStores where snapshot?.contains(id) != true {
      openStores[id] = nil
      if let store = entry.store { failures += store.closeLeftover() }
    }
    return failures
  }
}

extension LuaRuntime {
  /// The heading of the leftovers of a test store collected without being closed.
  static func collectedHeading(_ store: any LuaOpenStore) -> String {
    let name = (store as? LuaTestStoreBox)?.featureName ?? "?"
    return "a deps.TestStore (\(name)) was garbage-collected without store:close(); it ended "
      + "with failures:\n\n"
  }

  /// Writes a report no Lua code is left to receive (the Lua state is closing).
  static func writeToStderr(_ text: String) {
    let line = "deps: " + text + "\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }
}
