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

/* ---- The Lua module `deps` (Sources/DepsCABI/Lua) ------------------------------------------ */

static inline lua_Integer clua_tointegerx(lua_State *L, int i, int *isnum) {
  return lua_tointegerx(L, i, isnum);
}
static inline void clua_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void clua_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void clua_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline int clua_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline void *clua_newuserdata(lua_State *L, size_t size, int nuv) {
  return lua_newuserdatauv(L, size, nuv);
}
static inline int clua_getuservalue(lua_State *L, int i) { return lua_getiuservalue(L, i, 1); }
static inline int clua_setuservalue(lua_State *L, int i) { return lua_setiuservalue(L, i, 1); }
static inline int clua_ridx_mainthread(void) { return LUA_RIDX_MAINTHREAD; }
static inline int clua_multret(void) { return LUA_MULTRET; }
static inline int clua_yieldable(lua_State *L) { return lua_isyieldable(L); }
static inline void clua_pushstring_n(lua_State *L, const char *s, size_t n) {
  lua_pushlstring(L, s, n);
}

/* What a Swift function behind `clua_trampoline` returns besides a result count (n >= 0).
 * In every case but CLUA_YIELD the message is on the top of the stack. */
enum {
  CLUA_ERROR = -1,         /* raise the message, prefixed with the caller's position */
  CLUA_ERROR_RAW = -2,     /* raise the message as it is (it already has a position) */
  CLUA_YIELD = -3,         /* yield the running coroutine with no values */
  CLUA_ARGERROR_BASE = -1000 /* CLUA_ARGERROR_BASE - arg: luaL_argerror(arg, message) */
};

/** A Swift function called from Lua through `clua_trampoline`: it never raises. */
typedef int (*clua_SwiftFunction)(lua_State *L);

/* Raises on behalf of a Swift function after its frames are gone (see PITFALLS.md: a Lua error
 * must never longjmp across Swift frames). */
static int clua_raise(lua_State *L, int status) {
  if (status == CLUA_YIELD) return lua_yield(L, 0);
  if (status <= CLUA_ARGERROR_BASE) {
    return luaL_argerror(L, CLUA_ARGERROR_BASE - status, lua_tostring(L, -1));
  }
  if (status == CLUA_ERROR) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* The one C function behind every Swift function of the module: upvalue 1 is the Swift
 * function (a light userdata), the others are the Swift function's own upvalues. */
static int clua_trampoline(lua_State *L) {
  clua_SwiftFunction fn = (clua_SwiftFunction)lua_touserdata(L, lua_upvalueindex(1));
  int n = fn(L);
  return n >= 0 ? n : clua_raise(L, n);
}

/** Pushes `fn` as a Lua function closing over the `nup` values on the top of the stack (they
 * become its upvalues 2 … nup + 1). */
static inline void clua_pushswift(lua_State *L, clua_SwiftFunction fn, int nup) {
  lua_pushlightuserdata(L, (void *)fn);
  lua_rotate(L, -nup - 1, 1);
  lua_pushcclosure(L, clua_trampoline, nup + 1);
}

/** The Swift function behind a function pushed by `clua_pushswift`, or NULL. */
static inline clua_SwiftFunction clua_swiftfunction(lua_State *L, int i) {
  if (lua_tocfunction(L, i) != clua_trampoline) return NULL;
  if (lua_getupvalue(L, i, 1) == NULL) return NULL;
  clua_SwiftFunction fn = (clua_SwiftFunction)lua_touserdata(L, -1);
  lua_pop(L, 1);
  return fn;
}

/* A message handler for lua_pcall adding a traceback (C, so it may raise). */
static int clua_traceback(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}
static inline lua_CFunction clua_traceback_function(void) { return clua_traceback; }

/* Opens the standard libraries inside a protected call (luaL_openlibs may raise). */
static int clua_openlibs_protected(lua_State *L) {
  luaL_openlibs(L);
  return 0;
}
static inline int clua_openlibs(lua_State *L) {
  lua_pushcfunction(L, clua_openlibs_protected);
  return lua_pcall(L, 0, 0, 0);
}

/* Registers `open` as package.loaded[name] and the global `name`, inside a protected call. */
static int clua_requiref_protected(lua_State *L) {
  const char *name = lua_tostring(L, 1);
  lua_CFunction open = lua_tocfunction(L, 2);
  luaL_requiref(L, name, open, 1);
  return 0;
}
static inline int clua_requiref(lua_State *L, const char *name, lua_CFunction open) {
  lua_pushcfunction(L, clua_requiref_protected);
  lua_pushstring(L, name);
  lua_pushcfunction(L, open);
  return lua_pcall(L, 2, 0, 0);
}

/* Keeps the shared object containing `address` (libDeps.so) loaded until the process exits:
 * Lua's package library dlcloses C modules when the state closes, which would unmap the Swift
 * runtime under its still-running threads. dladdr is declared here under its own name (it is
 * a _GNU_SOURCE extension). Returns 1 when pinned. */
#include <dlfcn.h>
typedef struct {
  const char *dli_fname; void *dli_fbase; const char *dli_sname; void *dli_saddr;
} clua_dl_info;
extern int clua_dladdr(const void *address, clua_dl_info *info) __asm__("dladdr");
static inline int clua_pin_library(const void *address) {
  clua_dl_info info;
  if (!clua_dladdr(address, &info) || info.dli_fname == NULL) return 0;
  return dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE) != NULL;
}

/* ==== depsh block (Sources/depsh) — begin. Owned by depsh; append-only, edit only inside. ==== */
/* The deps module's opener, bound weakly under another C name so that this declaration never
 * clashes with DepsCABI's own `luaopen_deps`; NULL when the module is not linked in. */
#include <signal.h>
#include <time.h>
extern int clua_depsh_luaopen_deps_symbol(lua_State *L)
  __asm__("luaopen_deps") __attribute__((weak));
static inline lua_CFunction clua_depsh_deps_opener(void) {
  return clua_depsh_luaopen_deps_symbol;
}

/* What the guard hook checks: a wall-clock deadline (0 = none) and a Ctrl-C flag. depsh owns
 * the memory; its address lives in the registry under "depsh.guard". */
typedef struct clua_depsh_guard {
  volatile double deadline;
  volatile double limit;
  volatile sig_atomic_t interrupted;
} clua_depsh_guard;

static inline double clua_depsh_monotonic(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A count hook: raises (from C, never from Swift) when Ctrl-C was pressed or the deadline has
 * passed. Coroutines created afterwards inherit it, so effects written in Lua are covered. */
static inline void clua_depsh_guard_hook(lua_State *L, lua_Debug *ar) {
  lua_getfield(L, LUA_REGISTRYINDEX, "depsh.guard");
  clua_depsh_guard *g = (clua_depsh_guard *)lua_touserdata(L, -1);
  lua_pop(L, 1);
  if (g == NULL) return;
  int interrupted = g->interrupted != 0;
  int late = g->deadline > 0 && clua_depsh_monotonic() > g->deadline;
  if (!interrupted && !late) return;
  if (interrupted) g->interrupted = 0;
  if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
    lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
  else
    lua_pushliteral(L, "");
  if (interrupted)
    lua_pushliteral(L, "interrupted!");
  else
    lua_pushfstring(L, "timed out after %f s", (double)g->limit);
  lua_concat(L, 2);
  lua_error(L);
}

static inline void clua_depsh_install_guard(lua_State *L, clua_depsh_guard *g) {
  lua_pushlightuserdata(L, g);
  lua_setfield(L, LUA_REGISTRYINDEX, "depsh.guard");
  lua_sethook(L, clua_depsh_guard_hook, LUA_MASKCOUNT, 1000);
}

/* lua.c's message handler: the message (or __tostring of the error object) plus a traceback. */
static inline int clua_depsh_msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}
static inline void clua_depsh_pushmsghandler(lua_State *L) {
  lua_pushcfunction(L, clua_depsh_msghandler);
}
static inline int clua_depsh_loadbuffer(lua_State *L, const char *s, size_t n, const char *name) {
  return luaL_loadbuffer(L, s, n, name);
}
static inline int clua_depsh_loadfile(lua_State *L, const char *path) {
  return luaL_loadfile(L, path);
}
static inline void clua_depsh_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void clua_depsh_remove(lua_State *L, int i) { lua_remove(L, i); }
/* ==== depsh block — end. ==== */
#endif
