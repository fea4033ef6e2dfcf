/*
 * Fuzz target `capi`: the fuzz input is a program of C API calls (include/deps.h), interpreted
 * op by op: open/send/receive/advance/finish/run/state/observe/complete/close on up to two
 * stores, two test stores and two override recipes, with strings taken from a dictionary of
 * valid and broken values, raw fuzz bytes, or NULL. Handles are tracked so a closed or freed
 * handle is never passed again (that is the caller's bug by contract); NULL handles are.
 *
 * Checked after every call: the status is one deps.h documents for that function; a failure
 * has a non-empty message (deps_*_errmsg for handle calls, deps_last_error() for handle-less
 * calls and NULL handles) and a success an empty one; a failed open leaves *out NULL; returned
 * strings are non-NULL JSON of the documented kind. After each input every handle is closed
 * and every endpoint user_data must have been released exactly once (ASan catches a second
 * release as a double free, and any call through a released one as a use after free).
 *
 * Program format: a byte picks the op (op % OP_COUNT); operands follow as bytes. A string
 * operand is one byte: 0xFF = NULL, 0xC0..0xFE = a raw string whose length is the next byte,
 * anything else = dictionary[byte % DICT_COUNT].
 */
#include <deps.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SLOTS 2
#define MAX_OPS 64

/* ---- reading the program ----------------------------------------------------------------- */

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t pos;
} cursor;

static uint8_t next_byte(cursor *c) { return c->pos < c->size ? c->data[c->pos++] : 0; }

static const char *const dictionary[] = {
  /* features */
  "Counter", "NumberFact", "Todos", "Timer", "App", "Countr", "", "Counter\xff",
  /* actions */
  "\"incrementButtonTapped\"", "\"decrementButtonTapped\"", "\"delayedIncrementButtonTapped\"",
  "\"delayedIncrementFinished\"", "\"numberFactButtonTapped\"",
  "{\"numberFactResponse\":{\"success\":\"0 is a number\"}}",
  "{\"numberFactResponse\":{\"failure\":\"offline\"}}", "\"addButtonTapped\"",
  "{\"titleChanged\":{\"id\":\"00000000-0000-0000-0000-000000000000\",\"title\":\"Milk\"}}",
  "{\"deleteButtonTapped\":{\"id\":\"00000000-0000-0000-0000-000000000000\"}}",
  "\"toggleButtonTapped\"", "\"timerTicked\"", "{\"todos\":\"addButtonTapped\"}",
  "\"tutorialButtonTapped\"", "{\"tutorial\":\"addButtonTapped\"}", "\"tutorialDismissed\"",
  "{\"incrementButtonTapped\":1}", "{\"numberFactResponse\":{\"success\":1}}",
  "{\"a\":1,\"b\":2}", "\"nope\"",
  /* states and patches */
  "{}", "{\"count\":1}", "{\"count\":-1,\"isLoading\":true}", "{\"count\":\"x\"}",
  "{\"numberFact\":null}", "{\"errorMessage\":\"offline\"}", "{\"isRunning\":true}",
  "{\"secondsElapsed\":1}", "{\"tutorial\":{\"todos\":[]}}", "{\"tutorial\":null}",
  "{\"todos\":[{\"id\":\"00000000-0000-0000-0000-000000000000\",\"createdAt\":0,\"title\":\"\"}]}",
  "{\"count\":9223372036854775807}", "[]", "null",
  /* dependency paths and presets */
  "numberFact.fetch", "delayClient.wait", "uuid", "date.now", "continuousClock",
  "suspendingClock", "random", "withRandomNumberGenerator", "userDefaults", "calendar",
  "locale", "timeZone", "userDefaults.get", "numberFact.fetc",
  "\"incrementing\"", "\"00000000-0000-0000-0000-000000000001\"", "1234567890", "\"immediate\"",
  "\"test\"", "\"live\"", "{\"seed\":1}", "\"memory\"", "{\"todos\":[]}", "\"gregorian\"",
  "\"en_US\"", "\"UTC\"", "\"unimplemented\"",
  /* broken JSON */
  "{", "\"\\ud800\"", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "1e999", "\"\xc3\x28\"", "{\"a\":}",
  "tru", "-", "\"a\\u00\"",
};
#define DICT_COUNT (sizeof dictionary / sizeof dictionary[0])

/* A string operand; *owned is set when the caller must free it. */
static const char *next_string(cursor *c, char **owned) {
  *owned = NULL;
  uint8_t b = next_byte(c);
  if (b == 0xFF) return NULL;
  if (b >= 0xC0) {
    size_t length = next_byte(c);
    if (length > c->size - c->pos) length = c->size - c->pos;
    char *text = malloc(length + 1);
    if (!text) abort();
    memcpy(text, c->data + c->pos, length);
    text[length] = '\0';
    c->pos += length;
    *owned = text;
    return text;
  }
  return dictionary[b % DICT_COUNT];
}

static int next_timeout(cursor *c) {
  static const int timeouts[] = {0, 1, 2, 0, -1, 3, 0, 1};
  return timeouts[next_byte(c) % 8];
}

static double next_seconds(cursor *c) {
  /* Bounded: a running Timer ticks once per advanced second, so the work an advance does grows
   * with it; huge finite advances are the caller's choice of work, not a library fault. */
  static const double seconds[] = {0, 0.25, 0.5, 1, 1.5, 2, 5, -1, NAN, INFINITY, -INFINITY, 3};
  return seconds[next_byte(c) % 12];
}

/* ---- checks ------------------------------------------------------------------------------ */

static void broken(const char *what, const char *call, int rc, const char *message) {
  fprintf(stderr, "fuzz invariant broken: %s\n  call: %s\n  status: %d\n  message: \"%s\"\n",
          what, call, rc, message ? message : "(NULL)");
  abort();
}

#define BIT(code) (1u << (code))
#define ANY_INPUT_ERROR (BIT(DEPS_EINVAL) | BIT(DEPS_ENOTFOUND) | BIT(DEPS_EDECODE))

/* The status is allowed and the message matches it (empty on success, non-empty on failure). */
static void check(const char *call, int rc, unsigned allowed, const char *message) {
  if (rc < 0 || rc > 31 || !(allowed & BIT(rc))) broken("undocumented status", call, rc, message);
  if (!message) broken("NULL message", call, rc, message);
  if (rc == DEPS_OK && message[0] != '\0') broken("message after success", call, rc, message);
  if (rc != DEPS_OK && message[0] == '\0') broken("empty message for a failure", call, rc, "");
}

static void check_json_text(const char *call, char *text, char first) {
  if (!text) broken("NULL result", call, -1, deps_last_error());
  if (text[0] != first) broken("result of the wrong kind", call, -1, text);
  deps_free(text);
}

/* ---- endpoints and observers --------------------------------------------------------------- */

typedef struct {
  int kind;
  char *text; /* a fuzzed output or message, owned */
} endpoint_data;

static long outstanding_user_data;

static int endpoint(void *user_data, const char *input_json, char **output_json,
                    char **error_message) {
  endpoint_data *data = user_data;
  if (!input_json || !output_json || !error_message) broken("NULL endpoint argument", "fn", 0, "");
  switch (data->kind % 7) {
  case 0: *output_json = strdup("\"a fact\""); return 0;
  case 1: *output_json = strdup(input_json); return 0;           /* echo: wrong type for fetch */
  case 2: *error_message = strdup(data->text); return 1;         /* fails with a fuzzed message */
  case 3: return -1;                                             /* fails without a message */
  case 4: *output_json = strdup(data->text); return 0;           /* fuzzed (often broken) JSON */
  case 5: return 0;                                              /* NULL output: null */
  default: *output_json = strdup("{\"not\":\"json\""); return 0;
  }
}

static void release(void *user_data) {
  endpoint_data *data = user_data;
  free(data->text);
  free(data);
  outstanding_user_data--;
}

typedef struct {
  deps_store *store;
  int kind;
  int depth;
} observer_data;

static observer_data observers[SLOTS];

/* The recipe a test store opens with when the input gives none: a test clock. */
static deps_overrides *test_clock_recipe;

/* How many more actions observers may send during the current operation. */
static int observer_sends_left;

static void observer(void *user_data, const char *action_json, const char *state_json) {
  observer_data *data = user_data;
  if (!action_json || !state_json) broken("NULL observer argument", "observe", 0, "");
  if (state_json[0] != '{') broken("observed state is not an object", "observe", 0, state_json);
  if (data->depth > 1) return;
  data->depth++;
  switch (data->kind % 4) {
  case 1: {
    char *state = deps_store_state(data->store);
    check_json_text("deps_store_state (in an observer)", state, '{');
    break;
  }
  case 2: {
    /* Sends are queued after the current action, so the depth above does not bound them: a
       budget per operation does (the store itself cuts a sender that never stops at 10000). */
    if (observer_sends_left <= 0) break;
    observer_sends_left--;
    int rc = deps_store_send(data->store, "\"incrementButtonTapped\"");
    check("deps_store_send (in an observer)", rc,
          BIT(DEPS_OK) | BIT(DEPS_ERROR) | ANY_INPUT_ERROR, deps_store_errmsg(data->store));
    break;
  }
  case 3:
    deps_store_close(data->store); /* refused from inside its own callback */
    if (deps_last_error()[0] == '\0') broken("close inside a callback not refused", "close", 0, "");
    break;
  default: break;
  }
  data->depth--;
}

/* ---- the interpreter ------------------------------------------------------------------- */

static deps_overrides *recipes[SLOTS];
static deps_store *stores[SLOTS];
static deps_test_store *tests[SLOTS];

/* A handle operand: one of the slots (possibly empty, i.e. NULL), or NULL on purpose. */
static int next_slot(cursor *c) { return next_byte(c) % SLOTS; }

enum {
  OP_OVERRIDES_NEW, OP_OVERRIDES_SET, OP_OVERRIDES_SET_ENDPOINT, OP_OVERRIDES_FREE,
  OP_STORE_OPEN, OP_STORE_SEND, OP_STORE_RUN, OP_STORE_STATE, OP_STORE_OBSERVE, OP_STORE_CLOSE,
  OP_TEST_OPEN, OP_TEST_SEND, OP_TEST_RECEIVE, OP_TEST_ADVANCE, OP_TEST_FINISH,
  OP_TEST_EXHAUSTIVE, OP_TEST_COMPLETE, OP_TEST_STATE, OP_TEST_SKIP_RECEIVED,
  OP_TEST_SKIP_EFFECTS, OP_TEST_APPLY, OP_TEST_CLOSE, OP_CATALOGUE, OP_NULL_OUT, OP_COUNT
};

static void close_everything(void) {
  for (int i = 0; i < SLOTS; i++) {
    deps_store_close(stores[i]);
    stores[i] = NULL;
    deps_test_store_close(tests[i]);
    tests[i] = NULL;
    deps_overrides_free(recipes[i]);
    recipes[i] = NULL;
  }
}

static void run_op(cursor *c) {
  uint8_t op = next_byte(c) % OP_COUNT;
  observer_sends_left = 8;
  char *owned1, *owned2, *owned3;
  int rc;
  switch (op) {
  case OP_OVERRIDES_NEW: {
    int i = next_slot(c);
    deps_overrides_free(recipes[i]);
    recipes[i] = NULL;
    rc = deps_overrides_new(&recipes[i]);
    check("deps_overrides_new", rc, BIT(DEPS_OK), deps_last_error());
    break;
  }
  case OP_OVERRIDES_SET: {
    int i = next_slot(c);
    const char *path = next_string(c, &owned1);
    const char *value = next_string(c, &owned2);
    rc = deps_overrides_set(recipes[i], path, value);
    check("deps_overrides_set", rc, BIT(DEPS_OK) | ANY_INPUT_ERROR, deps_last_error());
    free(owned1);
    free(owned2);
    break;
  }
  case OP_OVERRIDES_SET_ENDPOINT: {
    int i = next_slot(c);
    const char *path = next_string(c, &owned1);
    uint8_t kind = next_byte(c);
    const char *text = next_string(c, &owned2);
    endpoint_data *data = malloc(sizeof *data);
    if (!data) abort();
    data->kind = kind;
    data->text = strdup(text ? text : "");
    outstanding_user_data++;
    rc = deps_overrides_set_endpoint(recipes[i], path, kind == 0xFF ? NULL : endpoint, data,
                                     release);
    check("deps_overrides_set_endpoint", rc, BIT(DEPS_OK) | ANY_INPUT_ERROR, deps_last_error());
    free(owned1);
    free(owned2);
    break;
  }
  case OP_OVERRIDES_FREE: {
    int i = next_slot(c);
    deps_overrides_free(recipes[i]);
    recipes[i] = NULL;
    break;
  }
  case OP_STORE_OPEN: {
    int i = next_slot(c);
    const char *feature = next_string(c, &owned1);
    const char *state = next_string(c, &owned2);
    int context = (int)(next_byte(c) % 5) - 1; /* -1 and 3: out of range */
    deps_overrides *o = recipes[next_slot(c)];
    deps_store_close(stores[i]);
    stores[i] = (deps_store *)&rc; /* must be overwritten */
    rc = deps_store_open(&stores[i], feature, state, (deps_context)context, o);
    check("deps_store_open", rc, BIT(DEPS_OK) | ANY_INPUT_ERROR, deps_last_error());
    if (rc != DEPS_OK && stores[i]) broken("failed open left *out set", "deps_store_open", rc, "");
    if (rc == DEPS_OK && !stores[i]) broken("open gave no store", "deps_store_open", rc, "");
    free(owned1);
    free(owned2);
    break;
  }
  case OP_STORE_SEND: {
    deps_store *s = stores[next_slot(c)];
    const char *action = next_string(c, &owned1);
    rc = deps_store_send(s, action);
    check("deps_store_send", rc, BIT(DEPS_OK) | BIT(DEPS_ERROR) | ANY_INPUT_ERROR,
          s ? deps_store_errmsg(s) : deps_last_error());
    free(owned1);
    break;
  }
  case OP_STORE_RUN: {
    deps_store *s = stores[next_slot(c)];
    rc = deps_store_run(s, next_timeout(c));
    check("deps_store_run", rc,
          BIT(DEPS_OK) | BIT(DEPS_ETIMEOUT) | BIT(DEPS_ERROR) | BIT(DEPS_EINVAL),
          s ? deps_store_errmsg(s) : deps_last_error());
    break;
  }
  case OP_STORE_STATE: {
    deps_store *s = stores[next_slot(c)];
    char *state = deps_store_state(s);
    if (s) {
      check_json_text("deps_store_state", state, '{');
    } else if (state || deps_last_error()[0] == '\0') {
      broken("deps_store_state(NULL) not refused", "deps_store_state", 0, deps_last_error());
    }
    break;
  }
  case OP_STORE_OBSERVE: {
    int i = next_slot(c);
    uint8_t kind = next_byte(c);
    observers[i].store = stores[i];
    observers[i].kind = kind;
    observers[i].depth = 0;
    rc = deps_store_observe(stores[i], kind % 5 == 4 ? NULL : observer, &observers[i]);
    check("deps_store_observe", rc, BIT(DEPS_OK) | BIT(DEPS_EINVAL),
          stores[i] ? deps_store_errmsg(stores[i]) : deps_last_error());
    break;
  }
  case OP_STORE_CLOSE: {
    int i = next_slot(c);
    deps_store_close(stores[i]);
    stores[i] = NULL;
    break;
  }
  case OP_TEST_OPEN: {
    int i = next_slot(c);
    const char *feature = next_string(c, &owned1);
    const char *state = next_string(c, &owned2);
    deps_overrides *o = recipes[next_slot(c)];
    /* A test store here always asks for a test clock, as a real test does: with the test
       context's unimplemented clock (the forgotten clock, covered by scenarios.c) Timer's effect
       spins up to the drain budget on every call — work the caller chose, not a library fault. */
    if (o == NULL) {
      if (test_clock_recipe == NULL) {
        deps_overrides_new(&test_clock_recipe);
        deps_overrides_set(test_clock_recipe, "continuousClock", "\"test\"");
      }
      o = test_clock_recipe;
    } else {
      deps_overrides_set(o, "continuousClock", "\"test\"");
    }
    deps_test_store_close(tests[i]);
    tests[i] = (deps_test_store *)&rc;
    rc = deps_test_store_open(&tests[i], feature, state, o);
    check("deps_test_store_open", rc, BIT(DEPS_OK) | ANY_INPUT_ERROR, deps_last_error());
    if (rc != DEPS_OK && tests[i]) broken("failed open left *out set", "test_store_open", rc, "");
    if (rc == DEPS_OK && !tests[i]) broken("open gave no test store", "test_store_open", rc, "");
    free(owned1);
    free(owned2);
    break;
  }
  case OP_TEST_SEND:
  case OP_TEST_RECEIVE: {
    deps_test_store *t = tests[next_slot(c)];
    const char *action = next_string(c, &owned1);
    const char *patch = next_string(c, &owned2);
    const char *call = op == OP_TEST_SEND ? "deps_test_store_send" : "deps_test_store_receive";
    rc = op == OP_TEST_SEND ? deps_test_store_send(t, action, patch)
                            : deps_test_store_receive(t, action, patch, next_timeout(c));
    check(call, rc, BIT(DEPS_OK) | BIT(DEPS_EFAILED) | ANY_INPUT_ERROR,
          t ? deps_test_store_errmsg(t) : deps_last_error());
    free(owned1);
    free(owned2);
    break;
  }
  case OP_TEST_ADVANCE: {
    deps_test_store *t = tests[next_slot(c)];
    rc = deps_test_store_advance(t, next_seconds(c));
    check("deps_test_store_advance", rc, BIT(DEPS_OK) | BIT(DEPS_EFAILED) | BIT(DEPS_EINVAL),
          t ? deps_test_store_errmsg(t) : deps_last_error());
    break;
  }
  case OP_TEST_FINISH: {
    deps_test_store *t = tests[next_slot(c)];
    rc = deps_test_store_finish(t, next_timeout(c));
    check("deps_test_store_finish", rc, BIT(DEPS_OK) | BIT(DEPS_EFAILED) | BIT(DEPS_EINVAL),
          t ? deps_test_store_errmsg(t) : deps_last_error());
    break;
  }
  case OP_TEST_EXHAUSTIVE: {
    deps_test_store *t = tests[next_slot(c)];
    rc = deps_test_store_set_exhaustive(t, next_byte(c) & 1);
    check("deps_test_store_set_exhaustive", rc, BIT(DEPS_OK) | BIT(DEPS_EINVAL),
          t ? deps_test_store_errmsg(t) : deps_last_error());
    break;
  }
  case OP_TEST_COMPLETE: {
    deps_test_store *t = tests[next_slot(c)];
    rc = deps_test_store_complete(t);
    check("deps_test_store_complete", rc, BIT(DEPS_OK) | BIT(DEPS_EFAILED) | BIT(DEPS_EINVAL),
          t ? deps_test_store_errmsg(t) : deps_last_error());
    break;
  }
  case OP_TEST_STATE: {
    deps_test_store *t = tests[next_slot(c)];
    char *state = deps_test_store_state(t);
    if (t) {
      check_json_text("deps_test_store_state", state, '{');
    } else if (state || deps_last_error()[0] == '\0') {
      broken("deps_test_store_state(NULL) not refused", "deps_test_store_state", 0, "");
    }
    break;
  }
  case OP_TEST_SKIP_RECEIVED:
  case OP_TEST_SKIP_EFFECTS: {
    deps_test_store *t = tests[next_slot(c)];
    int received = op == OP_TEST_SKIP_RECEIVED;
    rc = received ? deps_test_store_skip_received_actions(t)
                  : deps_test_store_skip_in_flight_effects(t);
    check(received ? "deps_test_store_skip_received_actions"
                   : "deps_test_store_skip_in_flight_effects",
          rc, BIT(DEPS_OK) | BIT(DEPS_EFAILED) | BIT(DEPS_EINVAL),
          t ? deps_test_store_errmsg(t) : deps_last_error());
    break;
  }
  case OP_TEST_APPLY: {
    deps_test_store *t = tests[next_slot(c)];
    deps_overrides *o = recipes[next_slot(c)];
    rc = deps_test_store_apply_overrides(t, o);
    check("deps_test_store_apply_overrides", rc, BIT(DEPS_OK) | BIT(DEPS_EINVAL),
          t ? deps_test_store_errmsg(t) : deps_last_error());
    break;
  }
  case OP_TEST_CLOSE: {
    int i = next_slot(c);
    deps_test_store_close(tests[i]);
    tests[i] = NULL;
    break;
  }
  case OP_CATALOGUE: {
    uint8_t which = next_byte(c) % 3;
    if (which == 0) check_json_text("deps_features_json", deps_features_json(), '[');
    if (which == 1) check_json_text("deps_dependencies_json", deps_dependencies_json(), '[');
    if (which == 2 && (!deps_version() || deps_version_number() != DEPS_VERSION_NUMBER))
      broken("version mismatch", "deps_version", 0, deps_version());
    break;
  }
  case OP_NULL_OUT: {
    const char *feature = next_string(c, &owned3);
    switch (next_byte(c) % 3) {
    case 0: rc = deps_overrides_new(NULL); break;
    case 1: rc = deps_store_open(NULL, feature, NULL, DEPS_CONTEXT_TEST, NULL); break;
    default: rc = deps_test_store_open(NULL, feature, NULL, NULL); break;
    }
    check("an open with out NULL", rc, BIT(DEPS_EINVAL), deps_last_error());
    free(owned3);
    break;
  }
  default: break;
  }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  /* Live-context stores must stay on this machine: a refused local port for NumberFact's HTTP
   * fetch, a private directory for userDefaults.json. */
  setenv("DEPS_NUMBER_FACT_URL", "http://127.0.0.1:9", 1);
  char directory[] = "/tmp/deps-fuzz-XXXXXX";
  if (mkdtemp(directory)) setenv("DEPS_DATA_DIR", directory, 1);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  cursor c = {data, size, 0};
  for (int ops = 0; ops < MAX_OPS && c.pos < c.size; ops++) run_op(&c);
  close_everything();
  if (outstanding_user_data != 0) {
    fprintf(stderr, "fuzz invariant broken: %ld endpoint user_data not released after every "
            "recipe and store was closed\n", outstanding_user_data);
    abort();
  }
  return 0;
}
