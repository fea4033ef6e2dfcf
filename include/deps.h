/*
 * deps.h — the C API of libDeps.so (Deps: swift-dependencies and the TCA loop on Linux).
 *
 * A C program opens a store for a registered feature (Counter, NumberFact, Todos, Timer, App, or
 * one registered from Lua), overrides its dependencies with presets or its own callbacks, sends
 * JSON actions, reads JSON state, and writes exhaustive tests the way a Swift TestStore reads:
 *
 *     deps_test_store *t;
 *     deps_test_store_open(&t, "Counter", NULL, NULL);
 *     if (deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}") != DEPS_OK)
 *       fprintf(stderr, "%s\n", deps_test_store_errmsg(t));
 *     deps_test_store_close(t);
 *
 * Build: cc app.c $(pkg-config --cflags --libs deps)
 *
 * Conventions (SQLite / libgit2 style):
 *  - functions return an int status (DEPS_OK = 0) unless documented otherwise;
 *  - handle calls describe their outcome in deps_store_errmsg / deps_test_store_errmsg: the
 *    message of the latest call on the handle ("" after a success), never NULL, owned by the
 *    handle and valid until the next call on it;
 *  - handle-less calls (the _open/_new functions, overrides, the catalogue) and calls given a
 *    NULL handle describe failures in deps_last_error(): per thread, never NULL, "" after the
 *    latest handle-less call succeeded;
 *  - every `char *` the library returns is owned by the caller and freed with deps_free();
 *    every `const char *` it returns is owned by the library (see each function);
 *  - NULL pointer arguments give DEPS_EINVAL naming the parameter, never a crash; bad input
 *    (unknown names, malformed JSON, a payload of the wrong shape) never changes a store;
 *  - values travel as JSON (UTF-8, RFC 8259) in the shapes of the API documentation:
 *    actions "incrementButtonTapped" or {"numberFactResponse":{"success":"…"}}, state objects
 *    keyed by property name, absent keys for nil;
 *  - threads: calls on one handle are serialized (a handle may be shared, calls on it wait for
 *    each other); different handles are independent. Callbacks (endpoints, observers) run on
 *    the thread inside the call on the store that needs them, never on a thread of their own.
 *    A callback may call deps_store_send / deps_store_state on the store it runs in: a send
 *    made while an action is being handled is queued and handled right after it, in order
 *    (the call returns DEPS_OK); closing that store from inside its callback is refused (see
 *    deps_store_close). A test store refuses calls from its own callbacks (DEPS_EINVAL).
 */
#ifndef DEPS_H
#define DEPS_H

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The version of this header. The header/library match check: a program compiled against this
 * header may run with any libDeps.so.0 whose deps_version_number() is >= DEPS_VERSION_NUMBER
 * and of the same major version (the library only adds functions within a major version; a
 * removed or changed function means a new major version and a new SONAME, libDeps.so.1):
 *
 *     if (deps_version_number() / 1000000 != DEPS_VERSION_NUMBER / 1000000 ||
 *         deps_version_number() < DEPS_VERSION_NUMBER)
 *       fprintf(stderr, "libDeps %s is older than deps.h %s\n", deps_version(), DEPS_VERSION);
 */
#define DEPS_VERSION "0.1.0"
/** DEPS_VERSION as major*1000000 + minor*1000 + patch. */
#define DEPS_VERSION_NUMBER 1000

/** Status codes returned by the API. */
enum {
  DEPS_OK = 0,        /* success */
  DEPS_ERROR = 1,     /* a failure described by the message (e.g. an issue an effect reported) */
  DEPS_EINVAL = 2,    /* an invalid argument (NULL pointer, out-of-range value, misuse) */
  DEPS_ENOTFOUND = 3, /* an unknown feature, action or dependency path (close matches named) */
  DEPS_EDECODE = 4,   /* malformed JSON (with the byte offset) or a value of the wrong shape */
  DEPS_ETIMEOUT = 5,  /* the timeout elapsed before the work was done */
  DEPS_EFAILED = 6    /* a test assertion failed (the message holds the diff) */
};

/** The context a store resolves dependency defaults in (liveValue / previewValue / testValue). */
typedef enum { DEPS_CONTEXT_LIVE, DEPS_CONTEXT_PREVIEW, DEPS_CONTEXT_TEST } deps_context;

/* ------------------------------------------------------------------------------------------ */
/* Version, errors, memory                                                                     */

/**
 * The library's version string, e.g. "0.1.0".
 * Ownership: static storage owned by the library; never free it. Thread-safe.
 */
const char *deps_version(void);

/**
 * The library's version number (major*1000000 + minor*1000 + patch), to compare with the
 * header's DEPS_VERSION_NUMBER (see above). Thread-safe.
 */
int deps_version_number(void);

/**
 * The calling thread's last handle-less error message ("" when the latest handle-less call on
 * this thread succeeded); never NULL.
 * Ownership: owned by the library; valid until the next handle-less call on this thread.
 */
const char *deps_last_error(void);

/**
 * Frees memory the library returned to the caller (every `char *` result).
 * NULL is harmless. Never pass memory the library did not return.
 */
void deps_free(void *p);

/* ------------------------------------------------------------------------------------------ */
/* The catalogue                                                                               */

/**
 * Every registered feature as a JSON array, sorted by name:
 * [{"name":"Counter","summary":"…","state":{…default…},
 *   "actions":[{"name":"…","payload":"…shape, when it has one…"}],"dependencies":["…"]}].
 * Returns: a string the caller frees with deps_free (NULL only when out of memory).
 * Thread-safe.
 */
char *deps_features_json(void);

/**
 * Every overridable dependency path as a JSON array, sorted by path:
 * [{"path":"numberFact.fetch","input":"integer","output":"string","async":true,"throws":true,
 *   "contexts":["live","preview","test"],"presets":[…only when presets are accepted…]}].
 * Returns: a string the caller frees with deps_free (NULL only when out of memory).
 * Thread-safe.
 */
char *deps_dependencies_json(void);

/**
 * The path each of the library's Swift-runtime speed tricks takes in this process, as a JSON
 * object (docs/architecture.md, "Runtime tricks"; Lua's deps.runtime_paths()):
 * {"task_locals":"fast","enum_layout":"fast","enum_witnesses":"fast",
 *  "keyed_containers":"fast","test_frameworks":"not used (no test framework loaded)",
 *  "effect_closures":"fast","enqueue_hook":"fast"}; a trick on its safe path reads
 * "safe (<why>)", e.g. "safe (DEPS_SAFE_RUNTIME=1)". A diagnostic: both paths give the same
 * results. Returns: a string the caller frees with deps_free (NULL only when out of memory).
 * Thread-safe.
 */
char *deps_runtime_paths_json(void);

/* ------------------------------------------------------------------------------------------ */
/* Overrides: a recipe of dependency changes applied when a store opens (withDependencies)     */

/** An ordered list of validated dependency changes (presets and C endpoint functions). */
typedef struct deps_overrides deps_overrides;

/**
 * A C implementation of a dependency endpoint (e.g. numberFact.fetch: integer -> string).
 *   user_data      the pointer given to deps_overrides_set_endpoint.
 *   input_json     the endpoint's input as JSON ("null" for endpoints without input);
 *                  owned by the library, valid during the call only.
 *   output_json    on success, set *output_json to the output as JSON, allocated with malloc;
 *                  the library frees it with free(). Leaving it NULL means "null" (for
 *                  endpoints returning nothing, such as delayClient.wait).
 *   error_message  on failure, optionally set *error_message to a message allocated with
 *                  malloc; the library frees it with free().
 * Return 0 on success; non-zero throws an error with *error_message as its message (e.g.
 * NumberFact then receives {"numberFactResponse":{"failure":"<message>"}}).
 * Called on the thread inside a call on the store that runs the effect.
 */
typedef int (*deps_endpoint_fn)(void *user_data, const char *input_json,
                                char **output_json, char **error_message);

/**
 * CONSTRUCTOR. Creates an empty recipe in *out.
 *   out  receives the recipe; free it with deps_overrides_free.
 * Returns: DEPS_OK; DEPS_EINVAL when out is NULL (see deps_last_error()).
 */
int deps_overrides_new(deps_overrides **out);

/**
 * METHOD. Adds a preset for a dependency path:
 *   "uuid": "\"incrementing\"" or "\"<UUID>\"";  "date.now": a number (seconds since 1970);
 *   "continuousClock" / "suspendingClock": "\"immediate\"", "\"test\"", "\"live\"";
 *   "random" / "withRandomNumberGenerator": "{\"seed\":n}"; "userDefaults": "\"memory\"" or an
 *   object of initial contents; "calendar", "locale", "timeZone": an identifier string;
 *   any endpoint (e.g. "numberFact.fetch"): "\"unimplemented\"".
 *   o           the recipe.
 *   path        the dependency path (deps_dependencies_json lists them); copied.
 *   value_json  the preset as JSON; copied.
 * Returns: DEPS_OK; DEPS_EINVAL (a NULL argument, or a path that only takes a function);
 * DEPS_ENOTFOUND (unknown path, close matches named); DEPS_EDECODE (malformed JSON with its byte
 * offset, or a preset the path does not accept). On failure the recipe is unchanged and
 * deps_last_error() says why. One thread at a time per recipe.
 */
int deps_overrides_set(deps_overrides *o, const char *path, const char *value_json);

/**
 * METHOD. Installs the C function fn as the endpoint at path (e.g. "numberFact.fetch").
 *   o          the recipe.
 *   path       the endpoint's dependency path; copied.
 *   fn         the implementation (see deps_endpoint_fn).
 *   user_data  passed to fn and release; not touched by the library otherwise.
 *   release    NULL, or called exactly once with user_data when the library no longer needs
 *              fn: when the recipe is freed and every store opened with it is closed — or
 *              before this function returns, when it fails (SQLite's xDestroy rule).
 * Returns: DEPS_OK; DEPS_EINVAL (NULL o, path or fn; a path that only takes presets);
 * DEPS_ENOTFOUND (unknown path, close matches named). See deps_last_error().
 */
int deps_overrides_set_endpoint(deps_overrides *o, const char *path, deps_endpoint_fn fn,
                                void *user_data, void (*release)(void *user_data));

/**
 * Registers a NEW dependency endpoint at `path` whose implementations are C functions, as
 * deps.register does in Lua: it joins deps_dependencies_json(), Lua features reach it with
 * deps.dependency(path), and stores override it like any endpoint (deps_overrides_set_endpoint,
 * or the preset "unimplemented"). In a store of context C the implementation for C runs; preview
 * falls back to live; a context without one is unimplemented (calling it reports
 * "Unimplemented: <path> …" and fails the call).
 *   path       "name" or "name.function" (letters, digits, '_' joined by dots); copied.
 *   live, preview, test   the implementations (see deps_endpoint_fn); any may be NULL, not all.
 *   user_data  passed to each function and to release; not touched by the library otherwise.
 *   release    NULL, or called exactly once with user_data when the library no longer needs
 *              the functions: after the path is registered again and no store uses them — or
 *              before returning, when this call fails.
 * Registering a path this function registered before replaces its implementations.
 * Returns: DEPS_OK; DEPS_EINVAL (NULL or malformed path, all three functions NULL, or a path a
 * module registered, e.g. "uuid"). The message is in deps_last_error(). Thread-safe.
 */
int deps_dependency_register(const char *path, deps_endpoint_fn live, deps_endpoint_fn preview,
                             deps_endpoint_fn test, void *user_data,
                             void (*release)(void *user_data));

/**
 * DESTRUCTOR. Frees a recipe. Stores already opened with it keep their overrides (and the
 * endpoints' user_data until they close). NULL is harmless.
 */
void deps_overrides_free(deps_overrides *o);

/* ------------------------------------------------------------------------------------------ */
/* A store                                                                                     */

/** A running feature: state, reducer, effects, frozen dependencies. */
typedef struct deps_store deps_store;

/**
 * Told every action a store handles (sent, or sent back by an effect) and the state after it.
 *   action_json, state_json  owned by the library, valid during the call only.
 */
typedef void (*deps_action_fn)(void *user_data, const char *action_json, const char *state_json);

/**
 * CONSTRUCTOR. Opens a store running a registered feature.
 *   out         receives the store (NULL on failure); close it with deps_store_close.
 *   feature     the feature's name, e.g. "Counter".
 *   state_json  NULL for the default state, or a JSON object merged (RFC 7386) onto it.
 *   context     the context dependency defaults come from.
 *   o           NULL, or overrides applied on top; copied, so it may be freed right after.
 * Returns: DEPS_OK; DEPS_EINVAL (NULL out/feature, a context out of range); DEPS_ENOTFOUND
 * (unknown feature, close matches named); DEPS_EDECODE (bad state JSON or shape).
 * See deps_last_error(). Thread-safe.
 */
int deps_store_open(deps_store **out, const char *feature, const char *state_json,
                    deps_context context, const deps_overrides *o);

/**
 * METHOD. Sends an action: the reducer runs, its effects start and run on this thread until
 * they wait (for a clock, for outside work).
 *   action_json  e.g. "\"incrementButtonTapped\"" or "{\"numberFactResponse\":{…}}".
 * Returns: DEPS_OK; DEPS_EINVAL (NULL argument); DEPS_ENOTFOUND (unknown action, close matches
 * named); DEPS_EDECODE (malformed JSON with its byte offset, or a payload of the wrong shape:
 * expected vs got) — in these cases nothing changed; DEPS_ERROR when issues were reported while
 * the action ran (e.g. an unimplemented endpoint reached in the test context, named in the
 * message). See deps_store_errmsg (deps_last_error() for a NULL s).
 */
int deps_store_send(deps_store *s, const char *action_json);

/**
 * METHOD. Runs the store's effects on this thread until none is running or timeout_ms pass
 * (blocking while effects wait for a real clock or outside work). With timeout_ms 0 it never
 * blocks: it runs the work that is ready (what deps_store_fd announced) and returns.
 *   timeout_ms  0 or more milliseconds.
 * Returns: DEPS_OK (idle); DEPS_ETIMEOUT (effects still running; run again or close);
 * DEPS_ERROR (issues reported meanwhile); DEPS_EINVAL (NULL s, negative timeout).
 */
int deps_store_run(deps_store *s, int timeout_ms);

/**
 * METHOD. The store's current state as a JSON object.
 * Returns: a string the caller frees with deps_free; NULL when s is NULL (deps_last_error()).
 */
char *deps_store_state(deps_store *s);

/**
 * METHOD. What changed in the state since the last deps_store_state or deps_store_state_patch
 * on s, as a JSON merge patch (RFC 7386): changed members only, nested objects patched member
 * by member, null for a removed member, anything else that changed (an array, a number, a
 * string) replaced whole. "{}" when nothing changed; the first read on s gives the whole state.
 * Applying the patch to the previous read's state gives the current state. Called from an
 * observer (deps_store_observe), it gives each handled action's own change.
 * Returns: a string the caller frees with deps_free; NULL when s is NULL (deps_last_error()).
 */
char *deps_store_state_patch(deps_store *s);

/**
 * METHOD. What changed in the state since the last deps_store_state_changes on s, as a JSON
 * Patch (RFC 6902) whose paths (JSON Pointers, RFC 6901) address the changed members and array
 * elements: "[]" when nothing changed; [{"op":"replace","path":"","value":<state>}] on the first
 * call; then "replace", "add" and "remove" operations, e.g. one changed todo of a list is
 * [{"op":"replace","path":"/todos/500/title","value":"milk"}] and an inserted one
 * [{"op":"add","path":"/todos/3","value":{...}}]. Applied in order to the previous call's state
 * (deps_json_patch_apply), they give the current state. Unchanged parts are skipped without
 * being encoded (bitwise-identical parts at once; leaves and array elements by their own ==,
 * an array by its common prefix and suffix; a struct member by member), so what is encoded
 * follows the change, not the state's size; the store keeps the previous
 * call's state (a copy sharing its storage). Independent of deps_store_state and
 * deps_store_state_patch (each read keeps its own previous state).
 * Returns: a string the caller frees with deps_free; NULL when s is NULL (deps_last_error()).
 */
char *deps_store_state_changes(deps_store *s);

/**
 * Applies a JSON Patch (RFC 6902: add, remove, replace, move, copy, test) to a JSON document.
 * On success *out_json is the result, a string the caller frees with deps_free.
 * Returns: DEPS_OK; DEPS_EINVAL (a NULL argument); DEPS_EDECODE (malformed JSON, or an
 * operation that cannot apply, named by its position: a missing path, an unknown op, a failed
 * test), with deps_last_error() and *out_json set to NULL.
 */
int deps_json_patch_apply(const char *document_json, const char *patch_json, char **out_json);

/**
 * METHOD. Calls fn(user_data, action_json, state_json) for every action the store handles
 * from now on, on the thread inside the call that handled it (send or run). Replaces the
 * previous observer; fn NULL stops observing. user_data is not owned by the store.
 * fn may call deps_store_send / deps_store_state on s (re-entrantly), not deps_store_close.
 * Returns: DEPS_OK; DEPS_EINVAL when s is NULL.
 */
int deps_store_observe(deps_store *s, deps_action_fn fn, void *user_data);

/**
 * METHOD. The message of the latest call on s ("" after a success); never NULL.
 * Ownership: owned by s; valid until the next call on s (or its close).
 */
const char *deps_store_errmsg(deps_store *s);

/**
 * DESTRUCTOR. Cancels the store's running effects (they wind down briefly), writes what its
 * cassette recorded (deps_overrides_set_trace; a file that cannot be written leaves the reason
 * in deps_last_error()) and frees it. NULL is harmless. Called from inside one of s's own callbacks (an observer, an endpoint
 * running in a call on s) it is refused: s stays open and deps_last_error() /
 * deps_store_errmsg(s) say so; close it after that call returns.
 */
void deps_store_close(deps_store *s);

/* ---- The host's event loop ------------------------------------------------------------ */
/*
 * A store does its work only inside a call on it. To fit it into a host's event loop (poll,
 * epoll, libuv, a GUI run loop), ask for its descriptor once and call deps_store_run(s, 0)
 * whenever the descriptor is readable: it does the ready work and returns without blocking.
 *
 *     struct pollfd p = { deps_store_fd(s), POLLIN, 0 };
 *     while (poll(&p, 1, -1) >= 0)
 *       if (p.revents & POLLIN) deps_store_run(s, 0);  // DEPS_OK idle, DEPS_ETIMEOUT still busy
 *
 * A host that prefers timers asks deps_store_next_deadline_ms instead (or also, as the
 * timeout of its poll). docs/embedding.md has the full recipe.
 */

/**
 * METHOD. The store's event-loop descriptor: readable while the store has work ready (an
 * effect resumed, a live clock's sleep ended, a socket answered). Poll it for reading; when it
 * is readable call deps_store_run(s, 0) on any thread. Level-triggered: it stays readable
 * until that work has run. Created on first use (a store never asked pays nothing).
 * Ownership: owned by s — never read, write or close it; valid until deps_store_close(s).
 * Returns: the descriptor (>= 0); -1 when s is NULL (deps_last_error()) or the system refused
 * a descriptor (deps_store_errmsg names the reason, e.g. too many open files).
 */
int deps_store_fd(deps_store *s);

/**
 * METHOD. Milliseconds until s next has work, in poll()'s timeout convention: 0 when work is
 * ready now, the time to the earliest deadline its effects sleep until on the live clocks
 * (rounded up), -1 when nothing is scheduled (work from outside, such as a socket answering,
 * is announced by deps_store_fd only). Does no work and never waits for a call on s: callable
 * from any thread. Returns -1 when s is NULL (deps_last_error() says so).
 */
int deps_store_next_deadline_ms(deps_store *s);

/* ------------------------------------------------------------------------------------------ */
/* An exhaustive test store (test context; a test clock only when o asks for one)            */

/**
 * Asserts like the Swift TestStore: every state change, received action and running effect
 * must be asserted. Expected state is given as a JSON Merge Patch (RFC 7386) onto the previous
 * expected state ("null" removes a key, i.e. sets an optional to nil); NULL expects no change.
 * A failed assertion returns DEPS_EFAILED with the message (and a "-expected / +actual" diff)
 * in deps_test_store_errmsg — several failures of one call joined by a blank line — and the
 * store stays usable, so a test goes on and collects failures.
 */
typedef struct deps_test_store deps_test_store;

/**
 * CONSTRUCTOR. Opens a test store for a registered feature, in the test context with its
 * default values, as Swift's TestStore: continuousClock and suspendingClock are unimplemented
 * clocks unless o sets them (deps_overrides_set(o, "continuousClock", "\"test\"") for a test
 * clock to advance). See docs/teststore-contract.md.
 *   out         receives the test store (NULL on failure); close it with deps_test_store_close.
 *   feature     the feature's name.
 *   state_json  NULL for the default state, or a JSON object merged (RFC 7386) onto it; a
 *               top-level key the state does not have is DEPS_ENOTFOUND (close matches named).
 *   o           NULL, or overrides; copied, so it may be freed right after.
 * Returns: DEPS_OK; DEPS_EINVAL; DEPS_ENOTFOUND; DEPS_EDECODE. See deps_last_error().
 */
int deps_test_store_open(deps_test_store **out, const char *feature, const char *state_json,
                         const deps_overrides *o);

/**
 * METHOD. Sends an action and asserts the state after the reducer.
 *   action_json     the action.
 *   expected_patch  NULL: the state must not change; else a merge patch onto the previous
 *                   expected state, e.g. "{\"count\":1}".
 * Returns: DEPS_OK; DEPS_EFAILED (mismatch, unhandled received actions, issues reported);
 * DEPS_EINVAL / DEPS_ENOTFOUND / DEPS_EDECODE for bad input, in which case nothing was sent.
 */
int deps_test_store_send(deps_test_store *t, const char *action_json,
                         const char *expected_patch);

/**
 * METHOD. Receives an action an effect sent (running effects and waiting up to timeout_ms for
 * it) and asserts the state after it, like deps_test_store_send.
 * Returns: DEPS_OK; DEPS_EFAILED (nothing received in time, another action received, state
 * mismatch); DEPS_EINVAL (NULL t/action_json, negative timeout); DEPS_ENOTFOUND;
 * DEPS_EDECODE. A failed receive consumes the oldest received action, whatever the failure
 * (also when action_json cannot be decoded), as TCA's.
 */
int deps_test_store_receive(deps_test_store *t, const char *action_json,
                            const char *expected_patch, int timeout_ms);

/**
 * METHOD. Advances the store's test clock(s) by seconds, running the effects that wake.
 * Returns: DEPS_OK; DEPS_EFAILED (issues reported); DEPS_EINVAL (NULL t, negative or
 * non-finite seconds, or no test clock: o did not set continuousClock to "test").
 */
int deps_test_store_advance(deps_test_store *t, double seconds);

/**
 * METHOD. Runs effects until none is running, waiting up to timeout_ms. First, as TCA's
 * finish, actions received and not yet asserted fail ("The store received N unexpected
 * action(s) …"); they stay queued.
 * Returns: DEPS_OK; DEPS_EFAILED (unreceived actions, or effects still running: the message
 * says so); DEPS_EINVAL.
 */
int deps_test_store_finish(deps_test_store *t, int timeout_ms);

/**
 * METHOD. Exhaustivity: on non-zero (the default) asserts everything; 0 checks only what the
 * test asserts (received actions may stay unasserted, state patches apply to the actual state).
 * Returns: DEPS_OK; DEPS_EINVAL when t is NULL.
 */
int deps_test_store_set_exhaustive(deps_test_store *t, int on);

/**
 * METHOD. The failure of the latest call on t, with its diff ("" after a success); never NULL.
 * Ownership: owned by t; valid until the next call on t (or its close).
 */
const char *deps_test_store_errmsg(deps_test_store *t);

/**
 * DESTRUCTOR. Ends the test (unless deps_test_store_complete already did) and frees t.
 * Leftovers — actions received but not asserted, effects still running (then cancelled) — are
 * reported: written to stderr and left in deps_last_error() ("" when there were none). To get
 * them as a status instead, call deps_test_store_complete first. NULL is harmless. Refused
 * from inside one of t's callbacks, like deps_store_close.
 */
void deps_test_store_close(deps_test_store *t);

/* Additions to the test store (never renamed or removed). */

/**
 * METHOD. Ends the test like the end of an XCTest: reports actions received but not asserted
 * and effects still running, then cancels them. Use it to get the leftovers as a status, since
 * deps_test_store_close returns nothing.
 * Returns: DEPS_OK when nothing was left; DEPS_EFAILED with the leftovers in
 * deps_test_store_errmsg; DEPS_EINVAL when t is NULL or already completed. After it, every
 * call on t other than deps_test_store_errmsg, deps_test_store_state and deps_test_store_close
 * returns DEPS_EINVAL, and deps_test_store_close reports nothing more.
 */
int deps_test_store_complete(deps_test_store *t);

/**
 * METHOD. The test store's current state as a JSON object.
 * Returns: a string the caller frees with deps_free; NULL when t is NULL (deps_last_error()).
 */
char *deps_test_store_state(deps_test_store *t);

/**
 * METHOD. Makes the stores opened with o keep a trace of their run (one recorder per recipe)
 * and, with a cassette, replay or record their endpoint calls (docs/see-and-replay.md).
 *   o             the recipe.
 *   options_json  {"trace": true} or {"cassette": "FILE"} or
 *                 {"cassette": {"file": F, "mode": "once"|"none"|"new_episodes"|"all",
 *                 "secrets": [KEY, ...], "match": "endpoint+arguments"|"endpoint"}}, each
 *                 optionally with "strict_overrides": true (an override the test never called
 *                 fails deps_test_store_finish / deps_test_store_complete; alone, it needs no
 *                 trace); copied.
 * Returns: DEPS_OK; DEPS_EINVAL (a NULL argument); DEPS_EDECODE (malformed JSON, an unknown
 * key, a bad cassette; deps_last_error() says why). On failure the recipe is unchanged.
 */
int deps_overrides_set_trace(deps_overrides *o, const char *options_json);

/**
 * The timeline of t's run: format "text" (or NULL) or "mermaid" (a Mermaid sequenceDiagram).
 * Returns: a string the caller frees with deps_free; NULL (deps_last_error()) when t is NULL,
 * was opened without a trace, or format is unknown.
 */
char *deps_test_store_timeline(deps_test_store *t, const char *format);

/**
 * The overrides t's test never called, as a JSON array of messages
 * ("override of numberFact.fetch was never used"); every test store opened with overrides
 * watches them, traced or not ("[]" without overrides).
 * Returns: a string the caller frees with deps_free; NULL (deps_last_error()) when t is NULL.
 */
char *deps_test_store_unused_overrides(deps_test_store *t);

/**
 * The upfront check, before any store opens: the dependency paths feature declares that have
 * neither a test value nor an override in o (NULL: none), as a JSON array.
 *   feature  the feature's name; copied.   o  the recipe or NULL; only read.
 * Returns: a string the caller frees with deps_free; NULL (deps_last_error()) when feature is
 * NULL or unknown.
 */
char *deps_test_store_check_deps(const char *feature, const deps_overrides *o);

/**
 * METHOD. Drops the received actions not yet asserted (TCA's skipReceivedActions()).
 * Returns: DEPS_OK; DEPS_EFAILED when there was none to skip; DEPS_EINVAL.
 */
int deps_test_store_skip_received_actions(deps_test_store *t);

/**
 * METHOD. Stops awaiting and asserting the running effects (TCA's skipInFlightEffects()): they
 * keep running, the actions they send later are still received, and completing or closing t
 * cancels them without a failure.
 * Returns: DEPS_OK; DEPS_EFAILED when none was running; DEPS_EINVAL.
 */
int deps_test_store_skip_in_flight_effects(deps_test_store *t);

/**
 * METHOD. Applies more overrides to t's dependencies; later actions and effects see them
 * (the Swift TestStore's `dependencies` property).
 *   o  the overrides; copied, so it may be freed right after.
 * Returns: DEPS_OK; DEPS_EINVAL when t or o is NULL.
 */
int deps_test_store_apply_overrides(deps_test_store *t, const deps_overrides *o);

/**
 * METHOD. The test store's event-loop descriptor, like deps_store_fd: readable while t has
 * work ready (e.g. an effect waiting on a live clock or a socket); then call
 * deps_test_store_receive or deps_test_store_finish. Owned by t; valid until
 * deps_test_store_close(t). Returns: the descriptor (>= 0); -1 when t is NULL
 * (deps_last_error()) or the system refused a descriptor (deps_test_store_errmsg).
 */
int deps_test_store_fd(deps_test_store *t);

/**
 * METHOD. Milliseconds until t next has work, like deps_store_next_deadline_ms (test clocks
 * have no deadline of their own: deps_test_store_advance moves them). Returns -1 when t is
 * NULL (deps_last_error()).
 */
int deps_test_store_next_deadline_ms(deps_test_store *t);

/**
 * Runs body(user_data) expecting it to fail: Swift's withKnownIssue (XCTest's XCTExpectFailure)
 * for C. The issues taken are the failures of every test-store call made inside body on this
 * thread (each call still returns DEPS_EFAILED to body) and the leftovers of the test stores
 * body opened: body's deps_test_store_close reports them here instead of on stderr, and the
 * ones body leaves open are completed when it returns (as deps_test_store_complete; body's
 * caller still closes them). None of them is written anywhere else.
 *   body        the code expected to fail; NULL is DEPS_EINVAL.
 *   user_data   passed to body; the library keeps no reference.
 *   pattern     NULL: any issue passes; else a plain substring one issue must contain.
 *   issues_out  NULL, or receives the issues as a JSON array of strings (in the order they
 *               were taken), which the caller frees with deps_free (also on DEPS_EFAILED).
 * Returns: DEPS_OK when an issue matched; DEPS_EFAILED when none did, deps_last_error() then
 * reads "deps_test_store_expect_issue: expected an issue matching \"…\", none was reported"
 * (followed by the issues that were reported, if any); DEPS_EINVAL.
 * Threads: the scope belongs to the calling thread; calls body makes on other threads are not
 * in it.
 */
int deps_test_store_expect_issue(void (*body)(void *user_data), void *user_data,
                                 const char *pattern, char **issues_out);

/* ---- Lua from C ------------------------------------------------------------------------ */

/**
 * Runs the Lua file at `path` inside a Lua state owned by the library (created on first use,
 * with the standard libraries and the `deps` module as a global), so the features
 * (`deps.feature{}`) and dependencies (`deps.register{}`) it defines join the registries: a C
 * program can then open stores of Lua-defined features with deps_store_open /
 * deps_test_store_open and override Lua-registered endpoints with deps_overrides_set_endpoint.
 * Calling it again runs another file in the same state (a feature defined again replaces the
 * previous definition).
 *   path  the file to run (chunk name "@path", so messages read "path:12: ...").
 * Returns: DEPS_OK; DEPS_EINVAL when path is NULL; DEPS_ENOTFOUND when the file cannot be
 * opened; DEPS_ERROR on a syntax or run-time error. The message is in deps_last_error().
 * Threads: thread-safe; every entry into the library's Lua state (this call, and the Lua
 * reducers and overrides that stores on any thread call) holds one recursive lock.
 */
int deps_lua_load(const char *path);

#ifdef __cplusplus
}
#endif
#endif /* DEPS_H */
