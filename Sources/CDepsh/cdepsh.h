/* CDepsh: depsh's own C helpers over CLua (its Lua state with a memory limit, the guard hook
 * for timeouts and Ctrl-C, line coverage, protected load and call helpers). depsh is a client
 * of DepsCABI's public surface; what only the shell needs lives here, not in CLua. */
#ifndef DEPS_CDEPSH_SHIM_H
#define DEPS_CDEPSH_SHIM_H
#include "../CLua/clua.h"
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
/* lauxlib's panic function (static there): the message, then abort. */
static inline int clua_depsh_panic(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  if (msg == NULL) msg = "error object is not a string";
  lua_writestringerror("PANIC: unprotected error in call to Lua API (%s)\n", msg);
  return 0;
}

/* depsh --memory-limit: the user data of clua_limited_alloc (defined in Swift, depsh's
 * MemoryLimit.swift). `used` counts the bytes the Lua state holds; above `limit` (0: none) an
 * allocation is refused (Lua then collects garbage and retries once) unless Swift frames are on
 * top (see clua_alloc_guard); the guard hook below also stops Lua code once a full collection
 * leaves more than `limit` in use. `exceeded` tells depsh to explain a "not enough memory". */
typedef struct clua_depsh_memory {
  clua_alloc_guard alloc_guard;
  size_t used;
  size_t limit;
  size_t peak;
  int exceeded;
  int warnings;
  int warning_continues;
  struct clua_depsh_coverage *coverage; /* depsh test --coverage (NULL: off) */
} clua_depsh_memory;

static inline clua_depsh_memory *clua_depsh_memory_of(lua_State *L) {
  return (clua_depsh_memory *)clua_alloc_guard_of(L);
}

/* lauxlib's warning function (static there): off until "@on"; "Lua warning: " + message. */
static void clua_depsh_warn(void *ud, const char *message, int tocont) {
  clua_depsh_memory *m = (clua_depsh_memory *)ud;
  if (!m->warning_continues && !tocont && *message == '@') {
    if (strcmp(message, "@on") == 0) m->warnings = 1;
    else if (strcmp(message, "@off") == 0) m->warnings = 0;
    return;
  }
  if (m->warnings) {
    if (!m->warning_continues) lua_writestringerror("%s", "Lua warning: ");
    lua_writestringerror("%s", message);
    if (!tocont) lua_writestringerror("%s", "\n");
  }
  m->warning_continues = tocont;
}

/* A state whose allocations go through clua_limited_alloc with `memory` (NULL if out of memory
 * or when clua_limited_alloc is not linked in), with lauxlib's panic and warning behaviour. */
static inline lua_State *clua_depsh_newstate(clua_depsh_memory *memory) {
  if (clua_limited_alloc == NULL) return NULL;
  lua_State *L = lua_newstate(clua_limited_alloc, memory);
  if (L == NULL) return NULL;
  lua_atpanic(L, clua_depsh_panic);
  lua_setwarnf(L, clua_depsh_warn, memory);
  return L;
}

/* The guard hook's memory check (limit set, over it after a full collection). */
static inline int clua_depsh_over_limit(lua_State *L) {
  clua_depsh_memory *m = clua_depsh_memory_of(L);
  if (m == NULL || m->limit == 0 || m->used <= m->limit) return 0;
  lua_gc(L, LUA_GCCOLLECT);
  if (m->used <= m->limit) return 0;
  m->exceeded = 1;
  return 1;
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
  if (!interrupted && !late) {
    if (!clua_depsh_over_limit(L)) return;
    /* Over the memory limit: the message (no position, as a refused allocation's). */
    clua_depsh_memory *m = clua_depsh_memory_of(L);
    m->alloc_guard.swift_frames++; /* room for the message itself */
    lua_pushfstring(L, "not enough memory: the Lua state exceeded its %d MB limit",
                    (int)(m->limit / (1024 * 1024)));
    m->alloc_guard.swift_frames--;
    lua_error(L);
  }
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

/* depsh test --coverage: the count of every line executed in a file chunk (source "@path"),
 * collected by a line hook. `key` is the source string as Lua holds it (identity only, checked
 * against `name` on every hit since an address can be reused after a collection). */
typedef struct clua_depsh_cover_file {
  const char *key;
  char *name;
  unsigned long *counts; /* index: line number */
  int size;
} clua_depsh_cover_file;

typedef struct clua_depsh_coverage {
  clua_depsh_cover_file *files;
  int count;
  int capacity;
  int last;
} clua_depsh_coverage;

static inline clua_depsh_coverage *clua_depsh_coverage_new(void) {
  clua_depsh_coverage *c = (clua_depsh_coverage *)calloc(1, sizeof(clua_depsh_coverage));
  if (c != NULL) c->last = -1;
  return c;
}

static inline void clua_depsh_coverage_free(clua_depsh_coverage *c) {
  if (c == NULL) return;
  for (int i = 0; i < c->count; i++) {
    free(c->files[i].name);
    free(c->files[i].counts);
  }
  free(c->files);
  free(c);
}

static inline void clua_depsh_cover_line(clua_depsh_coverage *c, const char *source, int line) {
  if (source == NULL || source[0] != '@' || line <= 0) return;
  int index = -1;
  if (c->last >= 0 && c->files[c->last].key == source && strcmp(c->files[c->last].name, source + 1) == 0) {
    index = c->last;
  } else {
    for (int i = 0; i < c->count; i++) {
      if (strcmp(c->files[i].name, source + 1) == 0) {
        c->files[i].key = source;
        index = i;
        break;
      }
    }
    if (index < 0) {
      if (c->count == c->capacity) {
        int capacity = c->capacity == 0 ? 16 : c->capacity * 2;
        clua_depsh_cover_file *files =
            (clua_depsh_cover_file *)realloc(c->files, (size_t)capacity * sizeof(*files));
        if (files == NULL) return;
        c->files = files;
        c->capacity = capacity;
      }
      char *name = strdup(source + 1);
      if (name == NULL) return;
      index = c->count++;
      c->files[index].key = source;
      c->files[index].name = name;
      c->files[index].counts = NULL;
      c->files[index].size = 0;
    }
    c->last = index;
  }
  clua_depsh_cover_file *f = &c->files[index];
  if (line >= f->size) {
    int size = f->size == 0 ? 64 : f->size;
    while (size <= line) size *= 2;
    unsigned long *counts = (unsigned long *)realloc(f->counts, (size_t)size * sizeof(*counts));
    if (counts == NULL) return;
    memset(counts + f->size, 0, (size_t)(size - f->size) * sizeof(*counts));
    f->counts = counts;
    f->size = size;
  }
  f->counts[line]++;
}

static inline void clua_depsh_install_guard(lua_State *L, clua_depsh_guard *g) {
  lua_pushlightuserdata(L, g);
  lua_setfield(L, LUA_REGISTRYINDEX, "depsh.guard");
  lua_sethook(L, clua_depsh_guard_hook, LUA_MASKCOUNT, 1000);
}

/* The guard hook plus line counting into the state's coverage (clua_depsh_memory). */
static inline void clua_depsh_cover_hook(lua_State *L, lua_Debug *ar) {
  if (ar->event == LUA_HOOKLINE) {
    clua_depsh_memory *m = clua_depsh_memory_of(L);
    if (m != NULL && m->coverage != NULL && lua_getinfo(L, "S", ar))
      clua_depsh_cover_line(m->coverage, ar->source, ar->currentline);
    return;
  }
  clua_depsh_guard_hook(L, ar);
}

/* clua_depsh_install_guard, counting lines too. Install before any coroutine is created. */
static inline void clua_depsh_install_cover_guard(lua_State *L, clua_depsh_guard *g) {
  lua_pushlightuserdata(L, g);
  lua_setfield(L, LUA_REGISTRYINDEX, "depsh.guard");
  lua_sethook(L, clua_depsh_cover_hook, LUA_MASKCOUNT | LUA_MASKLINE, 1000);
}

/* lua.c's message handler: the message (or __tostring of the error object) plus a traceback
   (CLua's clua_traceback). */
static inline void clua_depsh_pushmsghandler(lua_State *L) {
  lua_pushcfunction(L, clua_traceback_function());
}

static inline int clua_depsh_loadbufferx(lua_State *L, const char *s, size_t n, const char *name,
                                         const char *mode) {
  return luaL_loadbufferx(L, s, n, name, mode);
}
static inline int clua_depsh_loadfilex(lua_State *L, const char *path, const char *mode) {
  return luaL_loadfilex(L, path, mode);
}

#endif /* DEPS_CDEPSH_SHIM_H */
