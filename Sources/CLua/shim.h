/* CLua: Lua 5.4 for Swift. Lua's C API macros are not imported into Swift, so each one the
 * project uses is wrapped here as a static inline function (prefix `clua_`). This header grows
 * with the Lua front; raising trampolines (the only place a Lua error is raised on behalf of
 * Swift code) live here too. */
#ifndef DEPS_CLUA_SHIM_H
#define DEPS_CLUA_SHIM_H
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline const char *clua_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  return lua_pcall(L, nargs, nresults, msgh);
}
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline const char *clua_release(void) { return LUA_RELEASE; }
#endif
