/* CLua: Lua 5.4 for Swift. Lua's C API macros are not imported into Swift, so each one the
 * project uses is wrapped here as a static inline function (prefix `clua_`). This header grows
 * with the Lua front; raising trampolines (the only place a Lua error is raised on behalf of
 * Swift code) live here too. */
#ifndef DEPS_CLUA_SHIM_H
#define DEPS_CLUA_SHIM_H
#include <stdint.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

/* ---- Allocation limits ------------------------------------------------------------------
 * A refused allocation raises "not enough memory", which must never unwind Swift frames. A host
 * whose allocator may refuse (depsh --memory-limit) defines `clua_limited_alloc` and gives it a
 * user data starting with a clua_alloc_guard. The trampoline below and clua_pcall keep
 * `swift_frames` above 0 while Swift code is on top of the innermost protected call (where it
 * allocates through the Lua API), and the allocator does not refuse then. Without such a host
 * the weak symbol is NULL and this costs a comparison per call. */
typedef struct clua_alloc_guard {
  int swift_frames;
} clua_alloc_guard;
extern void *clua_limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
  __attribute__((weak));
static inline clua_alloc_guard *clua_alloc_guard_of(lua_State *L) {
  if (clua_limited_alloc == NULL) return NULL;
  void *ud = NULL;
  return lua_getallocf(L, &ud) == clua_limited_alloc ? (clua_alloc_guard *)ud : NULL;
}

static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline const char *clua_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
/* lua_pcall from Swift: inside it no Swift frame is above the protected call. */
static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  clua_alloc_guard *guard = clua_alloc_guard_of(L);
  if (guard == NULL) return lua_pcall(L, nargs, nresults, msgh);
  int saved = guard->swift_frames;
  guard->swift_frames = 0;
  int status = lua_pcall(L, nargs, nresults, msgh);
  guard->swift_frames = saved;
  return status;
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
static inline int clua_loadbuffer(lua_State *L, const char *s, size_t n, const char *name) {
  return luaL_loadbuffer(L, s, n, name);
}
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

/* The light userdata a coroutine is resumed with, followed by a message, to make the function
 * that yielded raise that message instead of returning (an endpoint a Lua effect waited for
 * threw). A fixed value, not an address: every Swift file gets its own copy of this header. */
#define CLUA_FAILURE_MARKER ((void *)(uintptr_t)0xDE95E7707)
static inline void clua_pushfailure(lua_State *L) { lua_pushlightuserdata(L, CLUA_FAILURE_MARKER); }

/* The continuation of a Swift function that yielded: returns the values the coroutine was
 * resumed with, or raises the message that follows the failure marker. */
static int clua_resumed(lua_State *L, int status, lua_KContext base) {
  (void)status;
  int top = lua_gettop(L);
  if (top == (int)base + 2 && lua_touserdata(L, (int)base + 1) == CLUA_FAILURE_MARKER) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
  }
  return top - (int)base;
}

/* Raises on behalf of a Swift function after its frames are gone (see docs/toolchain-notes.md: a Lua error
 * must never longjmp across Swift frames). */
static int clua_raise(lua_State *L, int status) {
  if (status == CLUA_YIELD) return lua_yieldk(L, 0, (lua_KContext)lua_gettop(L), clua_resumed);
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
  clua_alloc_guard *guard = clua_alloc_guard_of(L);
  if (guard != NULL) guard->swift_frames++;
  int n = fn(L);
  if (guard != NULL) guard->swift_frames--;
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

/* clua_pin_library of the shared object this header is compiled into (the one importing it:
 * libDeps.so), by the address of this function's own code. */
static inline int clua_pin_own_library(void) {
  return clua_pin_library((const void *)(uintptr_t)&clua_pin_own_library);
}

#endif
