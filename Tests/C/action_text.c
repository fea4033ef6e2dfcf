/*
 * action_text.c — deps_store_send decodes an action of a Swift feature straight from its JSON
 * text once the store has decoded that case before (no JSONValue in between), and falls back
 * to parsing the text for anything else. Either way the result is the same: the same state,
 * the same status and message for bad input, nothing changed, nothing leaked (valgrind). Each
 * case below is sent twice on one store, so the second send runs with the case learned.
 */
#include "check.h"

/* Sends `action` and checks the state contains `part`. */
static void send_ok(deps_store *s, const char *action, const char *part) {
  char *state;
  CHECK_RC(deps_store_send(s, action), DEPS_OK, deps_store_errmsg(s));
  state = deps_store_state(s);
  CHECK_CONTAINS(state, part);
  deps_free(state);
}

/* Sends `action` and checks the status, the exact message and an unchanged state. */
static void send_bad(deps_store *s, const char *action, int code, const char *message) {
  char *before = deps_store_state(s);
  char *after;
  CHECK_RC(deps_store_send(s, action), code, deps_store_errmsg(s));
  CHECK_STR(deps_store_errmsg(s), message);
  after = deps_store_state(s);
  CHECK_STR(after, before);
  deps_free(after);
  deps_free(before);
}

static deps_store *open_store(const char *feature) {
  deps_store *s = NULL;
  if (deps_store_open(&s, feature, "{}", DEPS_CONTEXT_TEST, NULL) != DEPS_OK) {
    check_fail(__FILE__, __LINE__, deps_last_error());
    return NULL;
  }
  return s;
}

static void number_fact_responses(void) {
  deps_store *s = open_store("NumberFact");
  int round;
  if (s == NULL) return;
  for (round = 0; round < 2; round++) {
    send_ok(s, "{\"numberFactResponse\":{\"success\":\"0 is a good number.\"}}",
            "\"numberFact\":\"0 is a good number.\"");
    send_ok(s, " {\n\t\"numberFactResponse\" : { \"success\" : \"spaced\" } }\r\n",
            "\"numberFact\":\"spaced\"");
    send_ok(s, "{\"numberFactResponse\":{\"success\":\"a \\\"quote\\\", caf\\u00e9 \xf0\x9f\x98\x80\"}}",
            "\"numberFact\":\"a \\\"quote\\\", caf\xc3\xa9 \xf0\x9f\x98\x80\"");
    send_ok(s, "{\"numberFactResponse\":{\"failure\":\"offline\"}}",
            "\"errorMessage\":\"offline\"");
    send_ok(s, "\"incrementButtonTapped\"", round == 0 ? "\"count\":1" : "\"count\":2");
  }
  deps_store_close(s);
}

static void number_fact_bad_text(void) {
  deps_store *s = open_store("NumberFact");
  int round;
  if (s == NULL) return;
  /* Learn the case first, so that every bad text below meets a learned plan. */
  send_ok(s, "{\"numberFactResponse\":{\"success\":\"x\"}}", "\"numberFact\":\"x\"");
  for (round = 0; round < 2; round++) {
    send_bad(s,
             "{\"numberFactResponse\":{\"success\":\"a payload long enough to live on the heap\"}}"
             " x",
             DEPS_EDECODE,
             "deps_store_send: action_json: malformed JSON at byte 79: expected end of input, got "
             "'x'");
    send_bad(s,
             "{\"numberFactResponse\":{\"success\":\"a payload long enough to live on the heap\"}",
             DEPS_EDECODE,
             "deps_store_send: action_json: malformed JSON at byte 77: expected ',' or '}', got "
             "end of input");
    /* A duplicate key: the last one wins, as JSONValue(json:) reads it. */
    send_ok(s, "{\"numberFactResponse\":{\"success\":\"a\",\"success\":\"b\"}}",
            "\"numberFact\":\"b\"");
    send_bad(s, "{\"numberFactResponse\":{\"success\":5}}", DEPS_EDECODE,
             "expected a string at numberFactResponse.success, got 5");
    send_bad(s, "{\"numberFactResponse\":{\"succes\":\"x\"}}", DEPS_ENOTFOUND,
             "unknown case \"succes\" at numberFactResponse; did you mean \"success\"?");
    send_bad(s, "{\"numberFactRespons\":{\"success\":\"x\"}}", DEPS_ENOTFOUND,
             "unknown action \"numberFactRespons\" for NumberFact; did you mean "
             "\"numberFactResponse\"?");
    send_bad(s, "{\"numberFactResponse\":{\"success\":\"\xc3\x28\"}}", DEPS_EDECODE,
             "deps_store_send: action_json: malformed JSON at byte 34: invalid UTF-8 sequence "
             "starting with byte 0xC3");
  }
  deps_store_close(s);
}

static void counter_bare_cases(void) {
  deps_store *s = open_store("Counter");
  int round;
  if (s == NULL) return;
  for (round = 0; round < 2; round++) {
    send_ok(s, "\"incrementButtonTapped\"", round == 0 ? "\"count\":1" : "\"count\":2");
    send_bad(s, "\"incrementButtonTapped\" x", DEPS_EDECODE,
             "deps_store_send: action_json: malformed JSON at byte 24: expected end of input, got "
             "'x'");
    send_bad(s, "{\"incrementButtonTapped\":1}", DEPS_EDECODE,
             "action \"incrementButtonTapped\" of Counter takes no payload: send "
             "\"incrementButtonTapped\", got {\"incrementButtonTapped\":1}");
    send_bad(s, "\"incrementButtonTappd\"", DEPS_ENOTFOUND,
             "unknown action \"incrementButtonTappd\" for Counter; did you mean "
             "\"incrementButtonTapped\"?");
  }
  deps_store_close(s);
}

int main(void) {
  RUN(number_fact_responses);
  RUN(number_fact_bad_text);
  RUN(counter_bare_cases);
  return check_summary();
}
