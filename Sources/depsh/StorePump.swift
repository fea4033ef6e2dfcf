// The REPL's live stores while it waits for input: their event-loop descriptors (`store:fd()`)
// and, when one is readable, `store:pump()`, so a running Timer ticks on screen (through the
// trace the REPL prints) with no command typed. The stores are the session's open
// `deps.Store`s, as `deps.stores()` lists them.
import CLua

final class StorePump {
  private let lua: LuaState
  /// The registry key of the Lua function doing the work, which lua/pump.lua returns: with
  /// ready nil it returns the descriptors of the open stores ("3 5 9"); with a set of ready
  /// descriptors it pumps those stores and returns the errors they raised, one per line.
  private static let key = "depsh.pump"
  init?(lua: LuaState) {
    self.lua = lua
    let L = lua.state
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    if lua.load(.pump) != nil { return nil }
    guard lua.protectedCall(arguments: 0, results: 1) == nil, lua_type(L, -1) == LUA_TFUNCTION
    else { return nil }
    lua_setfield(L, clua_registryindex(), StorePump.key)
  }

  /// The descriptors of the session's open stores.
  func descriptors() -> [Int32] {
    call(ready: nil).split(separator: " ").compactMap { Int32($0) }
  }

  /// Runs the ready work of the stores whose descriptor is in `ready`; returns the errors.
  func pump(ready: [Int32]) -> String {
    call(ready: ready)
  }

  private func call(ready: [Int32]?) -> String {
    let L = lua.state
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    guard lua_checkstack(L, 4) != 0,
      lua_getfield(L, clua_registryindex(), StorePump.key) == LUA_TFUNCTION
    else { return "" }
    if let ready {
      lua_createtable(L, 0, Int32(ready.count))
      for descriptor in ready {
        lua_pushboolean(L, 1)
        lua_rawseti(L, -2, lua_Integer(descriptor))
      }
    } else {
      lua_pushnil(L)
    }
    if let failure = lua.protectedCall(arguments: 1, results: 1) { return failure.message }
    return lua.string(at: -1) ?? ""
  }
}
