// The shape of every module function: a `clua_SwiftFunction` whose body runs in `luaEntry`,
// which finds the runtime, holds its lock, and turns a thrown `LuaFailure` into the status the
// C trampoline raises (clua.h) once the Swift frames are gone. Argument checks here read like
// lauxlib's (`string expected, got table`) without calling a raising lauxlib function.
import CLua
import DepsCore

#if canImport(Glibc)
import Glibc
#endif

/// Why a module function fails; `luaEntry` turns it into a raise by the trampoline.
enum LuaFailure: Error {
  /// `file:line: message` (the position of the Lua caller is added).
  case error(String)
  /// The message as it is (already positioned, e.g. a Lua error passed through).
  case raw(String)
  /// `bad argument #n to 'f' (message)`.
  case argument(Int32, String)
  /// Not a failure: yield the running coroutine (a Lua effect waits for Swift work).
  case yield
}

/// Runs a module function's body for `L` and returns what the trampoline expects.
@inline(__always)
func luaEntry(
  _ L: OpaquePointer?, _ body: (OpaquePointer, LuaRuntime) throws(LuaFailure) -> Int32
) -> Int32 {
  guard let L else { return 0 }
  guard let runtime = LuaRuntime.from(L), runtime.isAlive else {
    lua_settop(L, 0)
    lua_pushstring(L, "deps: the Lua state is closing")
    return Int32(CLUA_ERROR)
  }
  return runtime.enter(L) {
    do throws(LuaFailure) {
      return try body(L, runtime)
    } catch {
      return LuaStack.fail(L, error)
    }
  }
}

/// Non-raising helpers on a Lua stack.
enum LuaStack {
  /// Pushes the failure's message and returns the trampoline status for it.
  static func fail(_ L: OpaquePointer, _ failure: LuaFailure) -> Int32 {
    if case .yield = failure { return Int32(CLUA_YIELD) }
    if lua_checkstack(L, 2) == 0 { lua_settop(L, 0) }
    switch failure {
    case .error(let message):
      push(L, message)
      return Int32(CLUA_ERROR)
    case .raw(let message):
      push(L, message)
      return Int32(CLUA_ERROR_RAW)
    case .argument(let index, let message):
      push(L, message)
      return Int32(CLUA_ARGERROR_BASE) - index
    case .yield:
      return Int32(CLUA_YIELD)
    }
  }

  /// Pushes a Swift string (any bytes, no terminator needed).
  static func push(_ L: OpaquePointer, _ string: String) {
    var string = string
    string.withUTF8 { bytes in
      clua_pushstring_n(
        L,
        bytes.baseAddress.map { UnsafeRawPointer($0) }?
          .assumingMemoryBound(to: CChar.self), bytes.count)
    }
  }

  /// The string at `index` (a string or a number), or nil.
  static func string(_ L: OpaquePointer, _ index: Int32) -> String? {
    let type = lua_type(L, index)
    guard type == LUA_TSTRING || type == LUA_TNUMBER else { return nil }
    // lua_tolstring turns a number into a string in place; convert a copy instead, so a later
    // `bad argument` still reports the value's real type ("got number").
    let absolute = lua_absindex(L, index)
    if type == LUA_TNUMBER { lua_pushvalue(L, absolute) }
    defer { if type == LUA_TNUMBER { clua_pop(L, 1) } }
    var length = 0
    guard let bytes = lua_tolstring(L, type == LUA_TNUMBER ? -1 : absolute, &length) else {
      return nil
    }
    return String(
      decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
  }

  /// The message of an error value (a string, or a description of another value).
  static func errorMessage(_ L: OpaquePointer, _ index: Int32) -> String {
    if lua_type(L, index) == LUA_TSTRING, let text = string(L, index) { return text }
    return "(error object is a \(typeName(L, index)) value)"
  }

  /// The type name lauxlib would print: a metatable's `__name`, else Lua's name of the type.
  static func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
    let absolute = lua_absindex(L, index)
    if luaL_getmetafield(L, absolute, "__name") != LUA_TNIL {
      defer { clua_pop(L, 1) }
      if lua_type(L, -1) == LUA_TSTRING, let name = string(L, -1) { return name }
    }
    let type = lua_type(L, absolute)
    if type == LUA_TLIGHTUSERDATA { return "light userdata" }
    return String(cString: lua_typename(L, type))
  }

  /// `bad argument` for a value of the wrong type (`string expected, got table`).
  static func typeError(_ L: OpaquePointer, _ index: Int32, expected: String) -> LuaFailure {
    .argument(index, "\(expected) expected, got \(typeName(L, index))")
  }

  /// The string argument at `index` (raises `string expected, got …`).
  static func checkString(_ L: OpaquePointer, _ index: Int32) throws(LuaFailure) -> String {
    guard let text = string(L, index) else { throw typeError(L, index, expected: "string") }
    return text
  }

  /// The optional number argument at `index` (nil when none or nil).
  static func optionalNumber(_ L: OpaquePointer, _ index: Int32) throws(LuaFailure) -> Double? {
    if clua_isnoneornil(L, index) != 0 { return nil }
    var isNumber: Int32 = 0
    let number = lua_tonumberx(L, index, &isNumber)
    guard isNumber != 0, lua_type(L, index) == LUA_TNUMBER else {
      throw typeError(L, index, expected: "number")
    }
    return number
  }

  /// Checks the argument at `index` is a function.
  static func checkFunction(_ L: OpaquePointer, _ index: Int32) throws(LuaFailure) {
    guard lua_type(L, index) == LUA_TFUNCTION else {
      throw typeError(L, index, expected: "function")
    }
  }

  /// Checks the argument at `index` is a table.
  static func checkTable(_ L: OpaquePointer, _ index: Int32) throws(LuaFailure) {
    guard lua_type(L, index) == LUA_TTABLE else { throw typeError(L, index, expected: "table") }
  }

  /// Pushes `table[key]` (raw) and returns its type.
  @discardableResult
  static func rawField(_ L: OpaquePointer, _ table: Int32, _ key: String) -> Int32 {
    let absolute = lua_absindex(L, table)
    push(L, key)
    return lua_rawget(L, absolute)
  }

  /// Sets `table[key]` (raw) to the value on top (popped).
  static func setRawField(_ L: OpaquePointer, _ table: Int32, _ key: String) {
    let absolute = lua_absindex(L, table)
    push(L, key)
    clua_insert(L, -2)
    lua_rawset(L, absolute)
  }

  /// Pushes a module function closing over the sentinel (the runtime) and `extra` values on
  /// the top of the stack (upvalues 3 …).
  static func pushFunction(
    _ L: OpaquePointer, _ runtime: LuaRuntime, _ function: clua_SwiftFunction, extra: Int32 = 0
  ) {
    lua_rawgeti(L, clua_registryindex(), lua_Integer(runtime.sentinelRef))
    if extra > 0 { clua_insert(L, -extra - 1) }
    clua_pushswift(L, function, extra + 1)
  }

  /// `"file:line"` of the Lua function `level` levels up (1: the caller of a module
  /// function), reusing `runtime`'s text of the previous call when it names the same place (a
  /// loop calling from one line builds the text once).
  static func site(_ L: OpaquePointer, _ runtime: LuaRuntime, level: Int32 = 1) -> String? {
    var record = lua_Debug()
    guard lua_getstack(L, level, &record) != 0, lua_getinfo(L, "Sl", &record) != 0 else {
      return nil
    }
    let line = Int(record.currentline)
    return withUnsafeBytes(of: record.short_src) { raw -> String in
      let bytes = UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 })
      if let last = runtime.lastSite, last.line == line, last.file.count == bytes.count,
        last.file.withUnsafeBytes({ known in
          guard let a = known.baseAddress, let b = bytes.baseAddress else { return true }
          return memcmp(a, b, bytes.count) == 0
        })
      {
        return last.text
      }
      let text = "\(String(decoding: bytes, as: UTF8.self)):\(line)"
      runtime.lastSite = (Array(bytes), line, text)
      return text
    }
  }

  /// `file:line` of the Lua function `level` levels up (1: the caller of a module function).
  static func location(_ L: OpaquePointer, level: Int32 = 1) -> (file: String, line: Int)? {
    var record = lua_Debug()
    guard lua_getstack(L, level, &record) != 0, lua_getinfo(L, "Sl", &record) != 0 else {
      return nil
    }
    let line = Int(record.currentline)
    let file = withUnsafeBytes(of: record.short_src) { raw -> String in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
    return (file, line)
  }
}

extension LuaFailure {
  /// The error of a store method interrupted by `StoreInterrupt` (Ctrl-C in depsh), or nil
  /// when no interrupt was requested (a pending request is taken).
  static func interrupted(_ method: String) -> LuaFailure? {
    guard StoreInterrupt.take() else { return nil }
    return .error(
      "interrupted: \(method) stopped waiting (the store is still open and usable; effects "
        + "still running stay running)")
  }
}
