// The REPL's time travel (docs/depsh.md, "Time travel"): every store of the session keeps its
// history of actions and states (the log `.save` writes from, bounded by `.history N`);
// `.history s` lists it, `.back s [n]` and `.goto s N` put the store back in an earlier state
// by replaying it from its first state into a new store whose endpoint calls come from the
// recorded results (a cassette, so no effect runs live), and `.reload FILE` re-runs an edited
// feature file and replays every store's history against the new reducer, printing the first
// step whose state differs. The new store takes the old one's place in every global naming
// it. Stores also get `s:history()`, `s:rewind(n)` and `s:replay(feature)`. The Lua is
// Sources/depsh/lua/time_travel.lua.
import CLua

enum TimeTravel {
  /// Installs the time travel in the REPL's state (after the REPL's trace is on).
  static func install(_ lua: LuaState) -> CaughtLuaError? {
    let L = lua.state
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    if let failure = lua.load(.timeTravel) { return failure }
    lua_getfield(L, clua_registryindex(), "depsh.shell")
    return lua.protectedCall(arguments: 1, results: 0)
  }
}
