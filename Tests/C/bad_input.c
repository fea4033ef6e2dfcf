/*
 * bad_input.c — bad input never crashes, never changes state, never leaks. Each case gives one
 * bad input to one function and asserts the status code, the exact message, and that nothing
 * changed (the store's state and observed actions, the test store's expectations, the recipe,
 * *out set to NULL). NULL pointers, unknown names (with close matches), malformed JSON (with
 * the byte offset), wrong shapes (expected vs got), out-of-range numbers.
 * DEPS_C_DUMP=1 prints every actual message as a C string instead of checking it.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <math.h>

#include "check.h"

static int dumping;

/* A printable, escaped form of `text` (for case names and dumps). */
static const char *escaped(const char *text, char *buffer, size_t size) {
  size_t used = 0;
  if (text == NULL) return "NULL";
  for (; *text != '\0' && used + 6 < size; text++) {
    unsigned char c = (unsigned char)*text;
    if (c == '"' || c == '\\') {
      buffer[used++] = '\\';
      buffer[used++] = (char)c;
    } else if (c == '\n') {
      buffer[used++] = '\\';
      buffer[used++] = 'n';
    } else if (c < 0x20 || c >= 0x7f) {
      used += (size_t)snprintf(buffer + used, size - used, "\\x%02x", c);
    } else {
      buffer[used++] = (char)c;
    }
  }
  buffer[used] = '\0';
  return buffer;
}

/* Starts a case named "<function>(<argument>)". */
static void begin(const char *function, const char *argument) {
  static char name[512];
  char buffer[300];
  snprintf(name, sizeof name, "%s(%s)", function,
           argument == NULL ? "NULL" : escaped(argument, buffer, sizeof buffer));
  check_begin(name);
}

/* Checks a failure's status and message (or prints the message under DEPS_C_DUMP). */
static void expect_result(int got, int want, const char *message, const char *want_message) {
  if (dumping) {
    char buffer[2048];
    printf("DUMP %d \"%s\"\n", got, escaped(message, buffer, sizeof buffer));
    return;
  }
  CHECK_RC(got, want, message);
  CHECK_STR(message, want_message);
}

/* Makes the call first, then reads the message (argument order is unspecified in C). */
#define EXPECT(call, want, message_expr, want_message)             \
  do {                                                              \
    int expect_rc = (call);                                         \
    expect_result(expect_rc, (want), (message_expr), (want_message)); \
  } while (0)

/* Checks that a state did not change (and frees `after`). */
static void unchanged(const char *before, char *after) {
  if (before != NULL && after != NULL && strcmp(before, after) == 0) {
    deps_free(after);
    return;
  }
  CHECK_STR(after, before);
  deps_free(after);
}

/* ---- deps_store_send --- */

typedef struct {
  const char *feature;
  const char *input;
  int code;
  const char *message;
} bad_case;

static const bad_case bad_actions[] = {
  {"Counter", NULL, DEPS_EINVAL, "deps_store_send: action_json is NULL"},
  {"Counter", "", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 0: expected a value, got end of input"},
  {"Counter", "  ", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 2: expected a value, got end of input"},
  {"Counter", "{", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 1: expected a string key or '}', got "
   "end of input"},
  {"Counter", "[1,", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 3: expected a value, got end of input"},
  {"Counter", "\"incrementButtonTapped", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 22: expected '\"' to end the string "
   "started at byte 0, got end of input"},
  {"Counter", "incrementButtonTapped", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 0: expected a value, got 'i'"},
  {"Counter", "tru", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 3: expected 'true', got end of input"},
  {"Counter", "nul", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 3: expected 'null', got end of input"},
  {"Counter", "1.", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 2: expected a digit after '.', got end "
   "of input"},
  {"Counter", "-", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 1: expected a digit, got end of input"},
  {"Counter", "01", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 0: a number cannot start with a leading "
   "zero"},
  {"Counter", "\"a\" \"b\"", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 4: expected end of input, got '\"'"},
  {"Counter", "\"\\x\"", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 1: invalid escape '\\x' in a string"},
  {"Counter", "\"\\u12\"", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 5: expected 4 hex digits after '\\u', "
   "got '\"'"},
  {"Counter", "\xff", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 0: expected a value, got byte 0xFF"},
  {"Counter", "\"\xc3\x28\"", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 1: invalid UTF-8 sequence starting with "
   "byte 0xC3"},
  {"Counter", "{\"a\":}", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 5: expected a value, got '}'"},
  {"Counter", "{\"a\" 1}", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 5: expected ':', got '1'"},
  {"Counter", "{1:2}", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 1: expected a string key or '}', got '1'"},
  {"Counter", "[1 2]", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 3: expected ',' or ']', got '2'"},
  {"Counter", "\"tab\there\"", DEPS_EDECODE,
   "deps_store_send: action_json: malformed JSON at byte 4: unescaped control character U+0009 "
   "in a string"},
  {"Counter", "42", DEPS_EDECODE,
   "expected an action (a case name string or a one-key object), got 42"},
  {"Counter", "[]", DEPS_EDECODE,
   "expected an action (a case name string or a one-key object), got []"},
  {"Counter", "null", DEPS_EDECODE,
   "expected an action (a case name string or a one-key object), got null"},
  {"Counter", "true", DEPS_EDECODE,
   "expected an action (a case name string or a one-key object), got true"},
  {"Counter", "{}", DEPS_EDECODE,
   "expected an action (a case name string or a one-key object), got {}"},
  {"Counter", "{\"incrementButtonTapped\":1,\"decrementButtonTapped\":2}", DEPS_EDECODE,
   "expected an action (a case name string or a one-key object), got "
   "{\"incrementButtonTapped\":1,\"decrementButtonTapped\":2}"},
  {"Counter", "\"incrementButtonTappd\"", DEPS_ENOTFOUND,
   "unknown action \"incrementButtonTappd\" for Counter; did you mean \"incrementButtonTapped\"?"},
  {"Counter", "\"IncrementButtonTapped\"", DEPS_ENOTFOUND,
   "unknown action \"IncrementButtonTapped\" for Counter; did you mean \"incrementButtonTapped\"?"},
  {"Counter", "\"reset\"", DEPS_ENOTFOUND, "unknown action \"reset\" for Counter"},
  {"Counter", "\"\"", DEPS_ENOTFOUND, "unknown action \"\" for Counter"},
  {"Counter", "{\"incrementButtonTapped\":1}", DEPS_EDECODE,
   "action \"incrementButtonTapped\" of Counter takes no payload: send "
   "\"incrementButtonTapped\", got {\"incrementButtonTapped\":1}"},
  {"Counter", "{\"incrementButtonTapped\":{\"x\":1}}", DEPS_EDECODE,
   "action \"incrementButtonTapped\" of Counter takes no payload: send "
   "\"incrementButtonTapped\", got {\"incrementButtonTapped\":{\"x\":1}}"},
  {"NumberFact", "\"numberFactResponse\"", DEPS_EDECODE, "missing payload at numberFactResponse"},
  {"NumberFact", "{\"numberFactResponse\":5}", DEPS_EDECODE,
   "expected an enum case at numberFactResponse, got 5"},
  {"NumberFact", "{\"numberFactResponse\":{}}", DEPS_EDECODE,
   "expected exactly one case at numberFactResponse, got {}"},
  {"NumberFact", "{\"numberFactResponse\":{\"succes\":\"x\"}}", DEPS_ENOTFOUND,
   "unknown case \"succes\" at numberFactResponse; did you mean \"success\"?"},
  {"NumberFact", "{\"numberFactResponse\":{\"success\":5}}", DEPS_EDECODE,
   "expected a string at numberFactResponse.success, got 5"},
  {"NumberFact", "{\"numberFactResponse\":{\"success\":\"a\",\"failure\":\"b\"}}", DEPS_EDECODE,
   "expected exactly one case at numberFactResponse, got {\"success\":\"a\",\"failure\":\"b\"}"},
  {"NumberFact", "{\"numberFactRespons\":{\"success\":\"x\"}}", DEPS_ENOTFOUND,
   "unknown action \"numberFactRespons\" for NumberFact; did you mean \"numberFactResponse\"?"},
  {"NumberFact", "\"fetch\"", DEPS_ENOTFOUND, "unknown action \"fetch\" for NumberFact"},
  {"Todos", "{\"titleChanged\":{\"id\":\"nope\",\"title\":\"x\"}}", DEPS_EDECODE,
   "expected a UUID at titleChanged.id, got \"nope\""},
  {"Todos", "{\"titleChanged\":{\"title\":\"x\"}}", DEPS_EDECODE,
   "missing key \"id\" at titleChanged"},
  {"Todos", "{\"titleChanged\":{\"id\":\"00000000-0000-0000-0000-000000000000\"}}",
   DEPS_EDECODE, "missing key \"title\" at titleChanged"},
  {"Todos",
   "{\"titleChanged\":{\"id\":\"00000000-0000-0000-0000-000000000000\",\"title\":7}}",
   DEPS_EDECODE, "expected a string at titleChanged.title, got 7"},
  {"Todos", "{\"deleteButtonTapped\":{}}", DEPS_EDECODE,
   "missing key \"id\" at deleteButtonTapped"},
  {"Todos", "{\"deleteButtonTapped\":\"00000000-0000-0000-0000-000000000000\"}", DEPS_EDECODE,
   "expected an object at deleteButtonTapped, got \"00000000-0000-0000-0000-000000000000\""},
  {"Todos", "{\"titleChanged\":[1,2]}", DEPS_EDECODE,
   "expected an object at titleChanged, got [1,2]"},
  {"Todos", "\"addButtonTaped\"", DEPS_ENOTFOUND,
   "unknown action \"addButtonTaped\" for Todos; did you mean \"addButtonTapped\"?"},
  {"App", "{\"todos\":\"addButtonTappd\"}", DEPS_ENOTFOUND,
   "unknown case \"addButtonTappd\" at todos; did you mean \"addButtonTapped\"?"},
  {"App", "{\"todos\":5}", DEPS_EDECODE, "expected an enum case at todos, got 5"},
  {"App", "{\"tutorial\":{\"deleteButtonTapped\":{}}}", DEPS_EDECODE,
   "missing key \"id\" at tutorial.deleteButtonTapped"},
  {"App", "\"todos\"", DEPS_EDECODE, "missing payload at todos"},
  {"App", "{\"todo\":\"addButtonTapped\"}", DEPS_ENOTFOUND,
   "unknown action \"todo\" for App; did you mean \"todos\"?"},
  {"Timer", "\"timerTick\"", DEPS_ENOTFOUND,
   "unknown action \"timerTick\" for Timer; did you mean \"timerTicked\"?"},
  {"Timer", "{\"toggleButtonTapped\":true}", DEPS_EDECODE,
   "action \"toggleButtonTapped\" of Timer takes no payload: send \"toggleButtonTapped\", got "
   "{\"toggleButtonTapped\":true}"},
};

typedef struct {
  int count;
} counter;

static void count_actions(void *user_data, const char *action_json, const char *state_json) {
  (void)action_json;
  (void)state_json;
  ((counter *)user_data)->count++;
}

static void store_send_bad_actions(void) {
  size_t i;
  for (i = 0; i < sizeof bad_actions / sizeof bad_actions[0]; i++) {
    const bad_case *c = &bad_actions[i];
    deps_store *s = NULL;
    counter seen = {0};
    char *before;
    char function[64];
    snprintf(function, sizeof function, "deps_store_send[%s]", c->feature);
    begin(function, c->input);
    if (deps_store_open(&s, c->feature, "{}", DEPS_CONTEXT_TEST, NULL) != DEPS_OK) {
      check_fail(__FILE__, __LINE__, deps_last_error());
      check_end();
      continue;
    }
    deps_store_observe(s, count_actions, &seen);
    before = deps_store_state(s);
    EXPECT(deps_store_send(s, c->input), c->code, deps_store_errmsg(s), c->message);
    unchanged(before, deps_store_state(s));
    CHECK(seen.count == 0);
    deps_free(before);
    deps_store_close(s);
    check_end();
  }
}

/* Nesting beyond the parser's limit. */
static void store_send_too_deep(void) {
  char deep[1202];
  deps_store *s = NULL;
  char *before;
  memset(deep, '[', 600);
  memset(deep + 600, ']', 600);
  deep[1200] = '\0';
  check_begin("deps_store_send[Counter]([[[… 600 deep …]]])");
  deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_TEST, NULL);
  before = deps_store_state(s);
  EXPECT(deps_store_send(s, deep), DEPS_EDECODE, deps_store_errmsg(s),
    "deps_store_send: action_json: JSON exceeds a limit at byte 512: nesting deeper than 512 "
    "levels");
  unchanged(before, deps_store_state(s));
  deps_free(before);
  deps_store_close(s);
  check_end();
}

/* ---- deps_test_store_send / _receive --- */

typedef struct {
  const char *action;
  const char *patch;
  int code;
  const char *message;
} bad_assertion;

static const bad_assertion bad_test_sends[] = {
  {NULL, "{\"count\":1}", DEPS_EINVAL, "deps_test_store_send: action_json is NULL"},
  {"\"incrementButtonTapped\"", "{", DEPS_EDECODE,
   "deps_test_store_send: expected_patch: malformed JSON at byte 1: expected a string key or "
   "'}', got end of input"},
  {"\"incrementButtonTapped\"", "", DEPS_EDECODE,
   "deps_test_store_send: expected_patch: malformed JSON at byte 0: expected a value, got end of "
   "input"},
  {"\"incrementButtonTapped\"", "[]", DEPS_EDECODE,
   "expected the expected-state patch as a JSON object, got []"},
  {"\"incrementButtonTapped\"", "5", DEPS_EDECODE,
   "expected the expected-state patch as a JSON object, got 5"},
  {"\"incrementButtonTapped\"", "null", DEPS_EDECODE,
   "expected the expected-state patch as a JSON object, got null"},
  {"\"incrementButtonTapped\"", "\"count\"", DEPS_EDECODE,
   "expected the expected-state patch as a JSON object, got \"count\""},
  {"\"incrementButtonTapped\"", "{\"count\":\"1\"}", DEPS_EDECODE,
   "expected an integer at count, got \"1\""},
  {"\"incrementButtonTapped\"", "{\"count\":1.5}", DEPS_EDECODE,
   "expected an integer at count, got 1.5"},
  {"\"incrementButtonTapped\"", "{\"isLoading\":1}", DEPS_EDECODE,
   "expected a boolean at isLoading, got 1"},
  {"\"incrementButtonTapped\"", "{\"count\":null}", DEPS_EDECODE, "missing key \"count\""},
  {"\"incrementButtonTappd\"", "{\"count\":1}", DEPS_ENOTFOUND,
   "unknown action \"incrementButtonTappd\" for Counter; did you mean \"incrementButtonTapped\"?"},
  {"{\"incrementButtonTapped\":[]}", "{\"count\":1}", DEPS_EDECODE,
   "action \"incrementButtonTapped\" of Counter takes no payload: send "
   "\"incrementButtonTapped\", got {\"incrementButtonTapped\":[]}"},
  {"[", "{\"count\":1}", DEPS_EDECODE,
   "deps_test_store_send: action_json: malformed JSON at byte 1: expected a value, got end of "
   "input"},
};

static const bad_assertion bad_receives[] = {
  {NULL, NULL, DEPS_EINVAL, "deps_test_store_receive: action_json is NULL"},
  {"\"delayedIncrementFinishd\"", NULL, DEPS_ENOTFOUND,
   "unknown action \"delayedIncrementFinishd\" for Counter; did you mean "
   "\"delayedIncrementFinished\"?"},
  {"{\"delayedIncrementFinished\"", NULL, DEPS_EDECODE,
   "deps_test_store_receive: action_json: malformed JSON at byte 27: expected ':', got end of "
   "input"},
  {"\"delayedIncrementFinished\"", "{\"count\":", DEPS_EDECODE,
   "deps_test_store_receive: expected_patch: malformed JSON at byte 9: expected a value, got end "
   "of input"},
  {"\"delayedIncrementFinished\"", "{\"count\":true}", DEPS_EDECODE,
   "expected an integer at count, got true"},
  {"\"delayedIncrementFinished\"", "[1]", DEPS_EDECODE,
   "expected the expected-state patch as a JSON object, got [1]"},
};

static void test_store_bad_assertions(void) {
  deps_test_store *t = NULL;
  char *before;
  size_t i;
  if (deps_test_store_open(&t, "Counter", NULL, NULL) != DEPS_OK) {
    check_begin("deps_test_store_open(Counter)");
    check_fail(__FILE__, __LINE__, deps_last_error());
    check_end();
    return;
  }
  before = deps_test_store_state(t);
  for (i = 0; i < sizeof bad_test_sends / sizeof bad_test_sends[0]; i++) {
    const bad_assertion *c = &bad_test_sends[i];
    char argument[256];
    snprintf(argument, sizeof argument, "%s, %s", c->action ? c->action : "NULL",
             c->patch ? c->patch : "NULL");
    begin("deps_test_store_send", argument);
    EXPECT(deps_test_store_send(t, c->action, c->patch), c->code, deps_test_store_errmsg(t),
           c->message);
    unchanged(before, deps_test_store_state(t));
    check_end();
  }
  for (i = 0; i < sizeof bad_receives / sizeof bad_receives[0]; i++) {
    const bad_assertion *c = &bad_receives[i];
    char argument[256];
    snprintf(argument, sizeof argument, "%s, %s", c->action ? c->action : "NULL",
             c->patch ? c->patch : "NULL");
    begin("deps_test_store_receive", argument);
    EXPECT(deps_test_store_receive(t, c->action, c->patch, 10), c->code,
           deps_test_store_errmsg(t), c->message);
    unchanged(before, deps_test_store_state(t));
    check_end();
  }
  begin("deps_test_store_receive", "timeout_ms -1");
  EXPECT(deps_test_store_receive(t, "\"delayedIncrementFinished\"", NULL, -1), DEPS_EINVAL,
         deps_test_store_errmsg(t), "deps_test_store_receive: timeout_ms must be 0 or more "
                                    "milliseconds, got -1");
  unchanged(before, deps_test_store_state(t));
  check_end();
  begin("deps_test_store_finish", "timeout_ms -5");
  EXPECT(deps_test_store_finish(t, -5), DEPS_EINVAL, deps_test_store_errmsg(t),
    "deps_test_store_finish: timeout_ms must be 0 or more milliseconds, got -5");
  check_end();
  begin("deps_test_store_advance", "-1");
  EXPECT(deps_test_store_advance(t, -1.0), DEPS_EINVAL, deps_test_store_errmsg(t),
    "deps_test_store_advance: expected a finite, non-negative number of seconds, got -1.0");
  check_end();
  begin("deps_test_store_advance", "-0.001");
  EXPECT(deps_test_store_advance(t, -0.001), DEPS_EINVAL, deps_test_store_errmsg(t),
    "deps_test_store_advance: expected a finite, non-negative number of seconds, got -0.001");
  check_end();
  begin("deps_test_store_advance", "NAN");
  EXPECT(deps_test_store_advance(t, (double)NAN), DEPS_EINVAL, deps_test_store_errmsg(t),
    "deps_test_store_advance: expected a finite, non-negative number of seconds, got nan");
  check_end();
  begin("deps_test_store_advance", "INFINITY");
  EXPECT(deps_test_store_advance(t, (double)INFINITY), DEPS_EINVAL, deps_test_store_errmsg(t),
         "deps_test_store_advance: expected a finite, non-negative number of seconds, got inf");
  check_end();
  begin("deps_test_store_advance", "-INFINITY");
  EXPECT(deps_test_store_advance(t, -(double)INFINITY), DEPS_EINVAL, deps_test_store_errmsg(t),
         "deps_test_store_advance: expected a finite, non-negative number of seconds, got -inf");
  check_end();
  /* nothing was sent: the expected state is still the default, and nothing is left over */
  check_begin("test store unchanged after every bad input");
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  check_end();
  deps_free(before);
  deps_test_store_close(t);
}

/* ---- deps_store_run ------------------------------------------------------------------------- */

static void store_run_bad_timeout(deps_store *s, int timeout) {
  char argument[32];
  char *before = deps_store_state(s);
  snprintf(argument, sizeof argument, "%d", timeout);
  begin("deps_store_run", argument);
  EXPECT(deps_store_run(s, timeout), DEPS_EINVAL, deps_store_errmsg(s),
         timeout == -1 ? "deps_store_run: timeout_ms must be 0 or more milliseconds, got -1" :
           "deps_store_run: timeout_ms must be 0 or more milliseconds, got -2147483648");
  unchanged(before, deps_store_state(s));
  deps_free(before);
  check_end();
}

static void store_run_bad_timeouts(void) {
  deps_store *s = NULL;
  deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_TEST, NULL);
  store_run_bad_timeout(s, -1);
  store_run_bad_timeout(s, INT_MIN);
  deps_store_close(s);
}

/* ---- deps_store_open / deps_test_store_open --- */

typedef struct {
  const char *feature;
  const char *state;
  int context;
  int code;
  const char *message;
} bad_open;

static const bad_open bad_opens[] = {
  {NULL, NULL, DEPS_CONTEXT_TEST, DEPS_EINVAL, "deps_store_open: feature is NULL"},
  {"Countr", NULL, DEPS_CONTEXT_TEST, DEPS_ENOTFOUND,
   "unknown feature \"Countr\"; did you mean \"Counter\"?"},
  {"counter", NULL, DEPS_CONTEXT_TEST, DEPS_ENOTFOUND,
   "unknown feature \"counter\"; did you mean \"Counter\"?"},
  {"NumberFacts", NULL, DEPS_CONTEXT_TEST, DEPS_ENOTFOUND,
   "unknown feature \"NumberFacts\"; did you mean \"NumberFact\"?"},
  {"Todo", NULL, DEPS_CONTEXT_TEST, DEPS_ENOTFOUND,
   "unknown feature \"Todo\"; did you mean \"Todos\"?"},
  {"", NULL, DEPS_CONTEXT_TEST, DEPS_ENOTFOUND, "unknown feature \"\""},
  {"Xyzzy", NULL, DEPS_CONTEXT_TEST, DEPS_ENOTFOUND, "unknown feature \"Xyzzy\""},
  {"Counter", NULL, 3, DEPS_EINVAL,
   "deps_store_open: context must be DEPS_CONTEXT_LIVE (0), DEPS_CONTEXT_PREVIEW (1) or "
   "DEPS_CONTEXT_TEST (2), got 3"},
  {"Counter", NULL, -1, DEPS_EINVAL,
   "deps_store_open: context must be DEPS_CONTEXT_LIVE (0), DEPS_CONTEXT_PREVIEW (1) or "
   "DEPS_CONTEXT_TEST (2), got -1"},
  {"Counter", NULL, 99, DEPS_EINVAL,
   "deps_store_open: context must be DEPS_CONTEXT_LIVE (0), DEPS_CONTEXT_PREVIEW (1) or "
   "DEPS_CONTEXT_TEST (2), got 99"},
  {"Counter", "{", DEPS_CONTEXT_TEST, DEPS_EDECODE,
   "deps_store_open: state_json: malformed JSON at byte 1: expected a string key or '}', got end "
   "of input"},
  {"Counter", "", DEPS_CONTEXT_TEST, DEPS_EDECODE,
   "deps_store_open: state_json: malformed JSON at byte 0: expected a value, got end of input"},
  {"Counter", "[]", DEPS_CONTEXT_TEST, DEPS_EDECODE, "expected the state as a JSON object, got []"},
  {"Counter", "5", DEPS_CONTEXT_TEST, DEPS_EDECODE, "expected the state as a JSON object, got 5"},
  {"Counter", "null", DEPS_CONTEXT_TEST, DEPS_EDECODE,
   "expected the state as a JSON object, got null"},
  {"Counter", "{\"count\":\"x\"}", DEPS_CONTEXT_TEST, DEPS_EDECODE,
   "expected an integer at count, got \"x\""},
  {"Counter", "{\"count\":1.5}", DEPS_CONTEXT_TEST, DEPS_EDECODE,
   "expected an integer at count, got 1.5"},
  {"Counter", "{\"count\":null}", DEPS_CONTEXT_TEST, DEPS_EDECODE, "missing key \"count\""},
  {"Todos", "{\"todos\":5}", DEPS_CONTEXT_TEST, DEPS_EDECODE, "expected an array at todos, got 5"},
  {"Todos", "{\"todos\":[{\"id\":\"x\",\"createdAt\":0,\"title\":\"\"}]}", DEPS_CONTEXT_TEST,
   DEPS_EDECODE, "expected a UUID at todos[0].id, got \"x\""},
  {"App", "{\"tutorial\":[]}", DEPS_CONTEXT_TEST, DEPS_EDECODE,
   "expected an object at tutorial, got []"},
};

static void store_open_bad_input(void) {
  size_t i;
  for (i = 0; i < sizeof bad_opens / sizeof bad_opens[0]; i++) {
    const bad_open *c = &bad_opens[i];
    deps_store *s = (deps_store *)&s; /* a non-NULL value that must become NULL */
    char argument[256];
    snprintf(argument, sizeof argument, "%s, %s, %d", c->feature ? c->feature : "NULL",
             c->state ? c->state : "NULL", c->context);
    begin("deps_store_open", argument);
    EXPECT(deps_store_open(&s, c->feature, c->state, (deps_context)c->context, NULL), c->code,
           deps_last_error(), c->message);
    CHECK(s == NULL);
    check_end();
  }
  begin("deps_store_open", "out NULL");
  EXPECT(deps_store_open(NULL, "Counter", NULL, DEPS_CONTEXT_TEST, NULL), DEPS_EINVAL,
         deps_last_error(), "deps_store_open: out is NULL");
  check_end();
}

static void test_store_open_bad_input(void) {
  static const bad_open cases[] = {
    {NULL, NULL, 0, DEPS_EINVAL, "deps_test_store_open: feature is NULL"},
    {"Timr", NULL, 0, DEPS_ENOTFOUND, "unknown feature \"Timr\"; did you mean \"Timer\"?"},
    {"NUMBERFACT", NULL, 0, DEPS_ENOTFOUND, "unknown feature \"NUMBERFACT\"; did you mean "
                                            "\"NumberFact\"?"},
    {"Timer", "{\"isRunning\":\"yes\"}", 0, DEPS_EDECODE, "expected a boolean at isRunning, got "
                                                          "\"yes\""},
    {"Timer", "{\"secondsElapsed\":", 0, DEPS_EDECODE, "deps_test_store_open: state_json: "
                                                       "malformed JSON at byte 18: expected a "
                                                       "value, got end of input"},
    {"Timer", "true", 0, DEPS_EDECODE, "expected the state as a JSON object, got true"},
    {"Counter", "{\"cont\":3}", 0, DEPS_ENOTFOUND, "unknown state key \"cont\" for Counter; "
                                                  "did you mean \"count\"?"},
    {"NumberFact", "{\"count\":1,\"numberFakt\":\"x\"}", 0, DEPS_ENOTFOUND,
     "unknown state key \"numberFakt\" for NumberFact; did you mean \"numberFact\"?"},
  };
  size_t i;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const bad_open *c = &cases[i];
    deps_test_store *t = (deps_test_store *)&t;
    char argument[256];
    snprintf(argument, sizeof argument, "%s, %s", c->feature ? c->feature : "NULL",
             c->state ? c->state : "NULL");
    begin("deps_test_store_open", argument);
    EXPECT(deps_test_store_open(&t, c->feature, c->state, NULL), c->code, deps_last_error(),
           c->message);
    CHECK(t == NULL);
    check_end();
  }
  begin("deps_test_store_open", "out NULL");
  EXPECT(deps_test_store_open(NULL, "Counter", NULL, NULL), DEPS_EINVAL, deps_last_error(),
         "deps_test_store_open: out is NULL");
  check_end();
}

/* ---- overrides --- */

typedef struct {
  const char *path;
  const char *value;
  int code;
  const char *message;
} bad_preset;

static const bad_preset bad_presets[] = {
  {NULL, "1", DEPS_EINVAL, "deps_overrides_set: path is NULL"},
  {"date.now", NULL, DEPS_EINVAL, "deps_overrides_set: value_json is NULL"},
  {"numberFact.fetc", "\"unimplemented\"", DEPS_ENOTFOUND,
   "unknown dependency path \"numberFact.fetc\"; did you mean \"numberFact.fetch\"?"},
  {"uuuid", "\"incrementing\"", DEPS_ENOTFOUND,
   "unknown dependency path \"uuuid\"; did you mean \"uuid\"?"},
  {"date", "1", DEPS_ENOTFOUND, "unknown dependency path \"date\"; did you mean \"date.now\"?"},
  {"", "1", DEPS_ENOTFOUND, "unknown dependency path \"\""},
  {"clock", "\"immediate\"", DEPS_ENOTFOUND, "unknown dependency path \"clock\""},
  {"numberFact", "\"unimplemented\"", DEPS_ENOTFOUND, "unknown dependency path \"numberFact\""},
  {"date.now", "{", DEPS_EDECODE,
   "deps_overrides_set: value_json: malformed JSON at byte 1: expected a string key or '}', got "
   "end of input"},
  {"date.now", "", DEPS_EDECODE,
   "deps_overrides_set: value_json: malformed JSON at byte 0: expected a value, got end of input"},
  {"uuid", "5", DEPS_EDECODE, "expected \"incrementing\" or a UUID string for uuid, got 5"},
  {"uuid", "\"nope\"", DEPS_EDECODE,
   "expected \"incrementing\" or a UUID string for uuid, got \"nope\""},
  {"uuid", "\"increment\"", DEPS_EDECODE,
   "expected \"incrementing\" or a UUID string for uuid, got \"increment\""},
  {"date.now", "\"now\"", DEPS_EDECODE,
   "expected a number of seconds since 1970 for date.now, got \"now\""},
  {"date.now", "null", DEPS_EDECODE,
   "expected a number of seconds since 1970 for date.now, got null"},
  {"continuousClock", "\"fast\"", DEPS_EDECODE,
   "expected \"immediate\", \"test\" or \"live\" for continuousClock, got \"fast\""},
  {"suspendingClock", "1", DEPS_EDECODE,
   "expected \"immediate\", \"test\" or \"live\" for suspendingClock, got 1"},
  {"random", "{\"seed\":\"x\"}", DEPS_EDECODE,
   "expected {\"seed\": integer} for withRandomNumberGenerator, got {\"seed\":\"x\"}"},
  {"random", "{}", DEPS_EDECODE,
   "expected {\"seed\": integer} for withRandomNumberGenerator, got {}"},
  {"withRandomNumberGenerator", "42", DEPS_EDECODE,
   "expected {\"seed\": integer} for withRandomNumberGenerator, got 42"},
  {"userDefaults", "5", DEPS_EDECODE, "expected \"memory\" or an object for userDefaults, got 5"},
  {"calendar", "\"mayan\"", DEPS_EDECODE,
   "expected a calendar identifier for calendar, got \"mayan\""},
  {"timeZone", "\"Mars/Olympus_Mons\"", DEPS_EDECODE,
   "expected a time zone identifier for timeZone, got \"Mars/Olympus_Mons\""},
  {"locale", "5", DEPS_EDECODE, "expected a locale identifier for locale, got 5"},
  {"numberFact.fetch", "\"1 is a number\"", DEPS_EINVAL,
   "dependency path \"numberFact.fetch\" takes a function, not a preset value"},
  {"delayClient.wait", "5", DEPS_EINVAL,
   "dependency path \"delayClient.wait\" takes a function, not a preset value"},
};

static int release_count;
static void count_release(void *user_data) {
  (void)user_data;
  release_count++;
}

static int unused_endpoint(void *user_data, const char *input_json, char **output_json,
                           char **error_message) {
  (void)user_data;
  (void)input_json;
  (void)output_json;
  (void)error_message;
  return 1;
}

static void overrides_bad_input(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  size_t i;
  deps_overrides_new(&o);
  deps_overrides_set(o, "uuid", "\"incrementing\"");
  for (i = 0; i < sizeof bad_presets / sizeof bad_presets[0]; i++) {
    const bad_preset *c = &bad_presets[i];
    char argument[256];
    snprintf(argument, sizeof argument, "%s, %s", c->path ? c->path : "NULL",
             c->value ? c->value : "NULL");
    begin("deps_overrides_set", argument);
    EXPECT(deps_overrides_set(o, c->path, c->value), c->code, deps_last_error(), c->message);
    check_end();
  }
  {
    static const bad_preset endpoints[] = {
      {NULL, NULL, DEPS_EINVAL, "deps_overrides_set_endpoint: path is NULL"},
      {"numberFact.fetc", NULL, DEPS_ENOTFOUND, "unknown dependency path \"numberFact.fetc\"; "
                                                "did you mean \"numberFact.fetch\"?"},
      {"delayClient", NULL, DEPS_ENOTFOUND, "unknown dependency path \"delayClient\"; did you "
                                            "mean \"delayClient.wait\"?"},
      {"continuousClock", NULL, DEPS_EINVAL, "dependency path \"continuousClock\" takes a preset "
                                             "(\"immediate\", \"test\", \"live\"), not a function"},
      {"userDefaults", NULL, DEPS_EINVAL, "dependency path \"userDefaults\" takes a preset "
                                          "(\"memory\", an object of initial contents (in "
                                          "memory)), not a function"},
    };
    for (i = 0; i < sizeof endpoints / sizeof endpoints[0]; i++) {
      const bad_preset *c = &endpoints[i];
      begin("deps_overrides_set_endpoint", c->path);
      release_count = 0;
      EXPECT(deps_overrides_set_endpoint(o, c->path, unused_endpoint, NULL, count_release),
             c->code, deps_last_error(), c->message);
      CHECK(release_count == 1);
      check_end();
    }
    begin("deps_overrides_set_endpoint", "fn NULL");
    release_count = 0;
    EXPECT(deps_overrides_set_endpoint(o, "numberFact.fetch", NULL, NULL, count_release),
           DEPS_EINVAL, deps_last_error(), "deps_overrides_set_endpoint: fn is NULL");
    CHECK(release_count == 1);
    check_end();
    begin("deps_overrides_set_endpoint", "o NULL");
    release_count = 0;
    EXPECT(deps_overrides_set_endpoint(NULL, "numberFact.fetch", unused_endpoint, NULL,
                                       count_release),
           DEPS_EINVAL, deps_last_error(), "deps_overrides_set_endpoint: o is NULL");
    CHECK(release_count == 1);
    check_end();
  }
  begin("deps_overrides_set", "o NULL");
  EXPECT(deps_overrides_set(NULL, "uuid", "\"incrementing\""), DEPS_EINVAL, deps_last_error(),
         "deps_overrides_set: o is NULL");
  check_end();
  begin("deps_overrides_new", "out NULL");
  EXPECT(deps_overrides_new(NULL), DEPS_EINVAL, deps_last_error(),
         "deps_overrides_new: out is NULL");
  check_end();
  /* the recipe holds only what was set successfully: incrementing UUIDs, nothing else */
  check_begin("overrides unchanged by every bad input");
  deps_overrides_set(o, "date.now", "0");
  CHECK_RC(deps_test_store_open(&t, "Todos", NULL, o), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_send(t, "\"addButtonTapped\"",
                                "{\"todos\":[{\"id\":\"00000000-0000-0000-0000-000000000000\","
                                "\"createdAt\":0,\"title\":\"\"}]}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  deps_overrides_free(o);
  check_end();
}

/* ---- NULL handles --- */

static void null_handles(void) {
  deps_overrides *o = NULL;
  deps_overrides_new(&o);
#define NULL_CASE(function, call, message)                    \
  begin(function, "NULL handle");                             \
  EXPECT((call), DEPS_EINVAL, deps_last_error(), (message));  \
  check_end()
  NULL_CASE("deps_store_send", deps_store_send(NULL, "\"incrementButtonTapped\""),
            "deps_store_send: s is NULL");
  NULL_CASE("deps_store_run", deps_store_run(NULL, 10), "deps_store_run: s is NULL");
  NULL_CASE("deps_store_observe", deps_store_observe(NULL, count_actions, NULL),
            "deps_store_observe: s is NULL");
  NULL_CASE("deps_test_store_send", deps_test_store_send(NULL, "\"x\"", NULL),
            "deps_test_store_send: t is NULL");
  NULL_CASE("deps_test_store_receive", deps_test_store_receive(NULL, "\"x\"", NULL, 10),
            "deps_test_store_receive: t is NULL");
  NULL_CASE("deps_test_store_advance", deps_test_store_advance(NULL, 1.0),
            "deps_test_store_advance: t is NULL");
  NULL_CASE("deps_test_store_finish", deps_test_store_finish(NULL, 10),
            "deps_test_store_finish: t is NULL");
  NULL_CASE("deps_test_store_set_exhaustive", deps_test_store_set_exhaustive(NULL, 1),
            "deps_test_store_set_exhaustive: t is NULL");
  NULL_CASE("deps_test_store_complete", deps_test_store_complete(NULL),
            "deps_test_store_complete: t is NULL");
  NULL_CASE("deps_test_store_skip_received_actions", deps_test_store_skip_received_actions(NULL),
            "deps_test_store_skip_received_actions: t is NULL");
  NULL_CASE("deps_test_store_skip_in_flight_effects",
            deps_test_store_skip_in_flight_effects(NULL),
            "deps_test_store_skip_in_flight_effects: t is NULL");
  NULL_CASE("deps_test_store_apply_overrides", deps_test_store_apply_overrides(NULL, o),
            "deps_test_store_apply_overrides: t is NULL");
#undef NULL_CASE
  {
    deps_test_store *t = NULL;
    char *before;
    deps_test_store_open(&t, "Counter", NULL, NULL);
    before = deps_test_store_state(t);
    begin("deps_test_store_apply_overrides", "o NULL");
    EXPECT(deps_test_store_apply_overrides(t, NULL), DEPS_EINVAL, deps_test_store_errmsg(t),
           "deps_test_store_apply_overrides: o is NULL");
    unchanged(before, deps_test_store_state(t));
    check_end();
    deps_free(before);
    deps_test_store_close(t);
  }
  begin("deps_store_state", "NULL handle");
  CHECK(deps_store_state(NULL) == NULL);
  EXPECT(DEPS_EINVAL, DEPS_EINVAL, deps_last_error(), "deps_store_state: s is NULL");
  check_end();
  begin("deps_test_store_state", "NULL handle");
  CHECK(deps_test_store_state(NULL) == NULL);
  EXPECT(DEPS_EINVAL, DEPS_EINVAL, deps_last_error(), "deps_test_store_state: t is NULL");
  check_end();
  begin("deps_store_errmsg", "NULL handle");
  EXPECT(DEPS_EINVAL, DEPS_EINVAL, deps_store_errmsg(NULL), "deps_store_errmsg: s is NULL");
  check_end();
  begin("deps_test_store_errmsg", "NULL handle");
  EXPECT(DEPS_EINVAL, DEPS_EINVAL, deps_test_store_errmsg(NULL),
         "deps_test_store_errmsg: t is NULL");
  check_end();
  /* closing or freeing NULL is harmless, twice */
  check_begin("close and free NULL");
  deps_store_close(NULL);
  deps_store_close(NULL);
  deps_test_store_close(NULL);
  deps_test_store_close(NULL);
  deps_overrides_free(NULL);
  deps_overrides_free(NULL);
  deps_free(NULL);
  check_end();
  deps_overrides_free(o);
}

int main(void) {
  dumping = getenv("DEPS_C_DUMP") != NULL;
  store_send_bad_actions();
  store_send_too_deep();
  test_store_bad_assertions();
  store_run_bad_timeouts();
  store_open_bad_input();
  test_store_open_bad_input();
  overrides_bad_input();
  null_handles();
  return check_summary();
}
