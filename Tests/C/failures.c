/*
 * failures.c — every failure the C API reports, with its exact text: test-store assertion
 * failures (state diffs, unexpected and missing received actions, timeouts, leftovers), issues
 * of plain stores (unimplemented endpoints in the test context), C endpoints that fail or
 * return bad output, misuse (advance without a test clock, use after complete, re-entrant
 * close). After each failure the store stays usable.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

static char *copy(const char *text) {
  size_t size = strlen(text) + 1;
  char *result = (char *)malloc(size);
  memcpy(result, text, size);
  return result;
}

static int fetch_fact(void *user_data, const char *input_json, char **output_json,
                      char **error_message) {
  char text[128];
  (void)user_data;
  (void)error_message;
  snprintf(text, sizeof text, "\"%s is a good number.\"", input_json);
  *output_json = copy(text);
  return 0;
}

static int fetch_fails_silently(void *user_data, const char *input_json, char **output_json,
                                char **error_message) {
  (void)user_data;
  (void)input_json;
  (void)output_json;
  (void)error_message;
  return 2;
}

static int fetch_returns_bad_json(void *user_data, const char *input_json, char **output_json,
                                  char **error_message) {
  (void)user_data;
  (void)input_json;
  (void)error_message;
  *output_json = copy("\"unterminated");
  return 0;
}

static int fetch_returns_a_number(void *user_data, const char *input_json, char **output_json,
                                  char **error_message) {
  (void)user_data;
  (void)input_json;
  (void)error_message;
  *output_json = copy("5");
  return 0;
}

static int fetch_fails_with_output(void *user_data, const char *input_json, char **output_json,
                                   char **error_message) {
  (void)user_data;
  (void)input_json;
  *output_json = copy("\"ignored\""); /* freed by the library even on failure */
  *error_message = copy("rate limited");
  return -1;
}

/* A Timer test store with a test clock (a test store has one only when the test asks). */
static deps_test_store *timer_store(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  deps_overrides_set(o, "continuousClock", "\"test\"");
  if (deps_test_store_open(&t, "Timer", NULL, o) != DEPS_OK)
    check_fail(__FILE__, __LINE__, deps_last_error());
  deps_overrides_free(o);
  return t;
}

/* A NumberFact test store whose fetch is `fn`. */
static deps_test_store *number_fact(deps_endpoint_fn fn) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  if (fn != NULL) deps_overrides_set_endpoint(o, "numberFact.fetch", fn, NULL, NULL);
  if (deps_test_store_open(&t, "NumberFact", NULL, o) != DEPS_OK)
    check_fail(__FILE__, __LINE__, deps_last_error());
  deps_overrides_free(o);
  return t;
}

/* ---- state assertions ------------------------------------------------------------------------ */

static void state_change_does_not_match(void) {
  deps_test_store *t = NULL;
  deps_test_store_open(&t, "Counter", NULL, NULL);
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":2}"), DEPS_EFAILED,
           deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "A state change does not match expectation.\n"
            "\n"
            "    {\n"
            "  -   \"count\": 2,\n"
            "  +   \"count\": 1,\n"
            "      … (1 unchanged)\n"
            "    }\n"
            "\n"
            "(Expected: -, Actual: +)");
  /* the store goes on from the actual state */
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":2}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t), "");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void state_was_not_expected_to_change(void) {
  deps_test_store *t = NULL;
  deps_test_store_open(&t, "Counter", "{\"count\":5}", NULL);
  CHECK_RC(deps_test_store_send(t, "\"decrementButtonTapped\"", NULL), DEPS_EFAILED,
           deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "State was not expected to change, but a change occurred.\n"
            "\n"
            "    {\n"
            "  -   \"count\": 5,\n"
            "  +   \"count\": 4,\n"
            "      … (1 unchanged)\n"
            "    }\n"
            "\n"
            "(Expected: -, Actual: +)");
  deps_test_store_close(t);
  CHECK_STR(deps_last_error(), "");
}

static void expected_a_change_but_none_occurred(void) {
  deps_test_store *t = number_fact(fetch_fact);
  CHECK_RC(deps_test_store_send(t, "\"numberFactButtonTapped\"", "{\"count\":0}"), DEPS_EFAILED,
           deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "Expected state to change, but no change occurred.\n"
            "\n"
            "The trailing closure made no observable modifications to state. If no change to "
            "state is expected, omit the trailing closure.");
  CHECK_RC(deps_test_store_receive(t,
                                   "{\"numberFactResponse\":{\"success\":\"0 is a good number.\"}}",
                                   "{\"numberFact\":\"0 is a good number.\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* Sending while a received action is unasserted. */
static void must_handle_received_actions(void) {
  deps_test_store *t = number_fact(fetch_fact);
  CHECK_RC(deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}"), DEPS_EFAILED,
           deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "Must handle 1 received action before sending an action.\n"
            "\n"
            "Unhandled actions: [\n"
            "  [0]: {\"numberFactResponse\":{\"success\":\"0 is a good number.\"}}\n"
            "]");
  deps_test_store_close(t);
}

/* An unexpected action is reported alone: its state is taken as it is, not compared with the
   expectation (as TCA), so the next assertion starts from it. */
static void unexpected_action_takes_its_state(void) {
  deps_test_store *t = number_fact(fetch_fact);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_receive(t, "{\"numberFactResponse\":{\"success\":\"0 is zero.\"}}",
                                   "{\"numberFact\":\"0 is zero.\"}", 1000),
           DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "Received unexpected action:\n"
            "\n"
            "    {\n"
            "      \"numberFactResponse\": {\n"
            "  -     \"success\": \"0 is zero.\"\n"
            "  +     \"success\": \"0 is a good number.\"\n"
            "      }\n"
            "    }\n"
            "\n"
            "(Expected: -, Received: +)");
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"",
                                "{\"count\":1,\"numberFact\":\"0 is a good number.\"}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* ---- received actions ------------------------------------------------------------------------ */

static void receive_times_out_with_effects_in_flight(void) {
  deps_test_store *t = timer_store();
  deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":true}");
  CHECK_RC(deps_test_store_receive(t, "\"timerTicked\"", "{\"secondsElapsed\":1}", 50),
           DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "Expected to receive an action, but received none after 0.05 seconds.\n"
            "\n"
            "There are effects in-flight. If the effect that delivers this action waits on a "
            "clock (a sleep, a timer), make sure that you wait enough time for it to perform the "
            "effect. If you are using a test clock, advance it (\"deps_test_store_advance(t, "
            "seconds)\") so that the effects may complete, or consider using an immediate clock "
            "(\"deps_overrides_set(o, \"continuousClock\", \"\\\"immediate\\\"\")\") to perform "
            "the effect at once.\n"
            "\n"
            "If you are not using a clock, or cannot use one, give this call a longer "
            "\"timeout_ms\".\n"
            "\n"
            "Expected to receive the following action, but didn't:\n"
            "\n"
            "  \"timerTicked\"");
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":false}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* The effect was in flight when the receive began and ended without sending (failures.lua):
   the advice says it may have been cancelled instead of suggesting a clock. */
static void receive_times_out_with_no_effect_in_flight(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  CHECK_RC(deps_lua_load("Tests/C/failures.lua"), DEPS_OK, deps_last_error());
  deps_overrides_new(&o);
  deps_overrides_set(o, "continuousClock", "\"live\"");
  CHECK_RC(deps_test_store_open(&t, "EndsSilently", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_send(t, "\"start\"", "{\"started\":true}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "\"never\"", NULL, 2000), DEPS_EFAILED,
           deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "Expected to receive an action, but received none after 2.0 seconds.\n"
            "\n"
            "There are no in-flight effects that could deliver this action. Could the effect you "
            "expected to deliver this action have been cancelled?\n"
            "\n"
            "Expected to receive the following action, but didn't:\n"
            "\n"
            "  \"never\"");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void receive_with_nothing_to_receive(void) {
  deps_test_store *t = NULL;
  deps_test_store_open(&t, "Counter", NULL, NULL);
  CHECK_RC(deps_test_store_receive(t, "\"delayedIncrementFinished\"", NULL, 0), DEPS_EFAILED,
           deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "Expected to receive the following action, but didn't:\n"
            "\n"
            "  \"delayedIncrementFinished\"");
  deps_test_store_close(t);
}

static void received_unexpected_action(void) {
  deps_test_store *t = number_fact(fetch_fact);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_receive(t, "{\"numberFactResponse\":{\"success\":\"0 is zero.\"}}",
                                   "{\"numberFact\":\"0 is a good number.\"}", 1000),
           DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "Received unexpected action:\n"
            "\n"
            "    {\n"
            "      \"numberFactResponse\": {\n"
            "  -     \"success\": \"0 is zero.\"\n"
            "  +     \"success\": \"0 is a good number.\"\n"
            "      }\n"
            "    }\n"
            "\n"
            "(Expected: -, Received: +)");
  deps_test_store_close(t);
}

static void finish_reports_unreceived_actions(void) {
  deps_test_store *t = number_fact(fetch_fact);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "The store received 1 unexpected action.\n"
            "\n"
            "  Unhandled actions:\n"
            "    {\"numberFactResponse\":{\"success\":\"0 is a good number.\"}}\n"
            "\n"
            "To fix, explicitly assert against these actions using \"deps_test_store_receive\", "
            "skip these actions by calling \"deps_test_store_skip_received_actions(t)\", or "
            "consider using a non-exhaustive test store: \"deps_test_store_set_exhaustive(t, 0)\".");
  /* the action stays queued: receiving it makes the test whole */
  CHECK_RC(deps_test_store_receive(t,
                                   "{\"numberFactResponse\":{\"success\":\"0 is a good number.\"}}",
                                   "{\"numberFact\":\"0 is a good number.\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void a_failed_receive_consumes_the_action(void) {
  deps_test_store *t = number_fact(fetch_fact);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  /* a payload of the wrong type cannot even be decoded: the receive fails, and the received
     action is consumed all the same */
  CHECK_RC(deps_test_store_receive(t, "{\"numberFactResponse\":{\"success\":3}}", NULL, 1000),
           DEPS_EDECODE, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "expected a string at numberFactResponse.success, got 3");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void received_state_does_not_match(void) {
  deps_test_store *t = number_fact(fetch_fact);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_receive(t,
                                   "{\"numberFactResponse\":{\"success\":\"0 is a good number.\"}}",
                                   "{\"numberFact\":\"wrong\"}", 1000),
           DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "A state change does not match expectation.\n"
            "\n"
            "    {\n"
            "      … (1 unchanged)\n"
            "  -   \"numberFact\": \"wrong\"\n"
            "  +   \"numberFact\": \"0 is a good number.\"\n"
            "    }\n"
            "\n"
            "(Expected: -, Actual: +)");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* ---- finishing - */

static void finish_times_out(void) {
  deps_test_store *t = timer_store();
  deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":true}");
  CHECK_RC(deps_test_store_finish(t, 20), DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "Expected effects to finish, but there are still effects in-flight after 0.02 "
            "seconds.\n"
            "\n"
            "There are effects in-flight. If the effect that delivers this action waits on a "
            "clock (a sleep, a timer), make sure that you wait enough time for it to perform the "
            "effect. If you are using a test clock, advance it (\"deps_test_store_advance(t, "
            "seconds)\") so that the effects may complete, or consider using an immediate clock "
            "(\"deps_overrides_set(o, \"continuousClock\", \"\\\"immediate\\\"\")\") to perform "
            "the effect at once.\n"
            "\n"
            "If you are not using a clock, or cannot use one, give this call a longer "
            "\"timeout_ms\".");
  CHECK_RC(deps_test_store_skip_in_flight_effects(t), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_finish(t, 20), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void complete_reports_unreceived_actions(void) {
  deps_test_store *t = number_fact(fetch_fact);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  deps_test_store_finish(t, 1000);
  CHECK_RC(deps_test_store_complete(t), DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "The store received 1 unexpected action.\n"
            "\n"
            "  Unhandled actions:\n"
            "    {\"numberFactResponse\":{\"success\":\"0 is a good number.\"}}\n"
            "\n"
            "To fix, explicitly assert against these actions using \"deps_test_store_receive\", "
            "skip these actions by calling \"deps_test_store_skip_received_actions(t)\", or "
            "consider using a non-exhaustive test store: \"deps_test_store_set_exhaustive(t, 0)\".");
  /* completed: further calls are refused, close reports nothing more */
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}"), DEPS_EINVAL,
           deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "deps_test_store_send: the test store was completed by deps_test_store_complete; "
            "open a new one");
  CHECK_RC(deps_test_store_complete(t), DEPS_EINVAL, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "deps_test_store_complete: the test store was completed by "
            "deps_test_store_complete; open a new one");
  CHECK_STATE(deps_test_store_state(t),
              "{\"count\":0,\"numberFact\":\"0 is a good number.\"}");
  deps_test_store_close(t);
  CHECK_STR(deps_last_error(), "");
}

static void complete_reports_running_effects(void) {
  deps_test_store *t = timer_store();
  deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":true}");
  CHECK_RC(deps_test_store_complete(t), DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "An effect returned for this action is still running. It must complete before the "
            "end of the test.\n"
            "\n"
            "To fix, inspect any effects the reducer returns for this action and ensure that all "
            "of them complete by the end of the test. There are a few reasons why an effect may "
            "not have completed:\n"
            "\n"
            "If an effect waits for outside work, it may need a little bit of time to finish. "
            "To fix you can call \"deps_test_store_finish(t, timeout_ms)\" at the end of your "
            "test.\n"
            "\n"
            "If an effect waits on a clock (a sleep, a timer), make sure that you wait enough "
            "time for it to perform the effect. If you are using a test clock, advance it "
            "(\"deps_test_store_advance(t, seconds)\") so that the effects may complete, or "
            "consider using an immediate clock (\"deps_overrides_set(o, \"continuousClock\", "
            "\"\\\"immediate\\\"\")\") to perform the effect at once.\n"
            "\n"
            "If you are returning a long-living effect (timers, subscriptions, etc.), then "
            "make sure those effects are torn down: send the action that stops them before the "
            "end of the test, or cancel them with \"deps_test_store_skip_in_flight_effects(t)\".\n"
            "\n"
            "If you do not wish to assert on these effects, call "
            "\"deps_test_store_skip_in_flight_effects(t)\", or consider using a non-exhaustive "
            "test store: \"deps_test_store_set_exhaustive(t, 0)\".\n"
            "\n"
            "Started by the action: \"toggleButtonTapped\"");
  deps_test_store_close(t);
  CHECK_STR(deps_last_error(), "");
}

/* Closing without complete: the leftovers go to stderr and deps_last_error(). */
static void close_reports_leftovers(void) {
  deps_test_store *t = number_fact(fetch_fact);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  deps_test_store_close(t);
  CHECK_STR(deps_last_error(),
            "The store received 1 unexpected action.\n"
            "\n"
            "  Unhandled actions:\n"
            "    {\"numberFactResponse\":{\"success\":\"0 is a good number.\"}}\n"
            "\n"
            "To fix, explicitly assert against these actions using \"deps_test_store_receive\", "
            "skip these actions by calling \"deps_test_store_skip_received_actions(t)\", or "
            "consider using a non-exhaustive test store: \"deps_test_store_set_exhaustive(t, 0)\".");
}

static void skips_with_nothing_to_skip(void) {
  deps_test_store *t = NULL;
  deps_test_store_open(&t, "Counter", NULL, NULL);
  CHECK_RC(deps_test_store_skip_received_actions(t), DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t), "There were no received actions to skip.");
  CHECK_RC(deps_test_store_skip_in_flight_effects(t), DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t), "There were no in-flight effects to skip.");
  deps_test_store_close(t);
}

/* ---- dependencies - */

static void unimplemented_fetch_in_a_test_store(void) {
  deps_test_store *t = number_fact(NULL);
  CHECK_RC(deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL), DEPS_EFAILED,
           deps_test_store_errmsg(t));
  CHECK_STR_MASKED(deps_test_store_errmsg(t),
            "Unimplemented: NumberFactClient.fetch …\n"
            "\n"
            "  Invoked with:\n"
            "    0");
  CHECK_RC(deps_test_store_receive(
               t,
               "{\"numberFactResponse\":{\"failure\":\"Unimplemented: NumberFactClient.fetch\"}}",
               "{\"errorMessage\":\"Unimplemented: NumberFactClient.fetch\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* DEPS_CONTEXT_TEST without an override: the issue names the endpoint; live is never called. */
static void unimplemented_fetch_in_a_test_context_store(void) {
  deps_store *s = NULL;
  deps_store_open(&s, "NumberFact", NULL, DEPS_CONTEXT_TEST, NULL);
  CHECK_RC(deps_store_send(s, "\"numberFactButtonTapped\""), DEPS_ERROR, deps_store_errmsg(s));
  CHECK_STR_MASKED(deps_store_errmsg(s),
            "Unimplemented: NumberFactClient.fetch …\n"
            "\n"
            "  Invoked with:\n"
            "    0");
  CHECK_RC(deps_store_run(s, 1000), DEPS_OK, deps_store_errmsg(s));
  CHECK_STR(deps_store_errmsg(s), "");
  CHECK_STATE(deps_store_state(s),
              "{\"count\":0,\"errorMessage\":\"Unimplemented: NumberFactClient.fetch\"}");
  deps_store_close(s);
}

/* An "unimplemented" preset fails the same way in the live context. */
static void unimplemented_preset_in_live_context(void) {
  deps_overrides *o = NULL;
  deps_store *s = NULL;
  deps_overrides_new(&o);
  deps_overrides_set(o, "numberFact.fetch", "\"unimplemented\"");
  deps_store_open(&s, "NumberFact", NULL, DEPS_CONTEXT_LIVE, o);
  deps_overrides_free(o);
  CHECK_RC(deps_store_send(s, "\"numberFactButtonTapped\""), DEPS_ERROR, deps_store_errmsg(s));
  CHECK_STR_MASKED(deps_store_errmsg(s),
            "Unimplemented: numberFact.fetch …\n"
            "\n"
            "  Invoked with:\n"
            "    0");
  deps_store_close(s);
}

/* delayClient.wait has only a liveValue: the test context reports it and never runs the live
 * sleep. The message speaks C: no location inside the library, C advice. */
static void live_only_key_in_test_context(void) {
  deps_store *s = NULL;
  deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_TEST, NULL);
  CHECK_RC(deps_store_send(s, "\"delayedIncrementButtonTapped\""), DEPS_ERROR,
           deps_store_errmsg(s));
  CHECK_STR_MASKED(deps_store_errmsg(s),
            "@Dependency(\\.delayClient) has no test implementation, but was accessed from a test "
            "context:\n"
            "\n"
            "  Dependency:\n"
            "    DelayClient\n"
            "\n"
            "Dependencies registered with the library are not allowed to use their default, live "
            "implementations when run from tests.\n"
            "\n"
            "To fix, override 'delayClient' with a test value. Override it in the deps_overrides "
            "the store is opened with (deps_overrides_set or deps_overrides_set_endpoint).");
  /* ...and the live sleep never runs: the effect ends as cancelled (no clock is touched). */
  CHECK_STATE(deps_store_state(s), "{\"count\":0,\"isLoading\":true}");
  deps_store_close(s);
}

static void c_endpoint_failure_without_message(void) {
  deps_test_store *t = number_fact(fetch_fails_silently);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_receive(t,
                                   "{\"numberFactResponse\":{\"failure\":\"the C endpoint for "
                                   "numberFact.fetch returned 2 without an error_message\"}}",
                                   "{\"errorMessage\":\"the C endpoint for numberFact.fetch "
                                   "returned 2 without an error_message\"}",
                                   1000),
           DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void c_endpoint_failure_with_output_set(void) {
  deps_test_store *t = number_fact(fetch_fails_with_output);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_receive(t, "{\"numberFactResponse\":{\"failure\":\"rate limited\"}}",
                                   "{\"errorMessage\":\"rate limited\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void c_endpoint_returns_malformed_json(void) {
  deps_test_store *t = number_fact(fetch_returns_bad_json);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_receive(t,
                                   "{\"numberFactResponse\":{\"failure\":\"the C endpoint for "
                                   "numberFact.fetch returned output_json that is not JSON: "
                                   "malformed JSON at byte 13: expected '\\\"' to end the "
                                   "string started at byte 0, got end of input\"}}",
                                   "{\"errorMessage\":\"the C endpoint for numberFact.fetch "
                                   "returned output_json that is not JSON: malformed JSON at "
                                   "byte 13: expected '\\\"' to end the string started at "
                                   "byte 0, got end of input\"}",
                                   1000),
           DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void c_endpoint_returns_wrong_shape(void) {
  deps_test_store *t = number_fact(fetch_returns_a_number);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_receive(t,
                                   "{\"numberFactResponse\":{\"failure\":"
                                   "\"override of numberFact.fetch returned the wrong type: "
                                   "expected a string, got 5\"}}",
                                   "{\"errorMessage\":\"override of numberFact.fetch returned the "
                                   "wrong type: expected a string, got 5\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* ---- misuse - */

static void advance_without_a_test_clock(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  deps_overrides_set(o, "continuousClock", "\"immediate\"");
  deps_overrides_set(o, "suspendingClock", "\"immediate\"");
  deps_test_store_open(&t, "Timer", NULL, o);
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_advance(t, 1), DEPS_EINVAL, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "deps_test_store_advance: this store has no test clock to advance: ask for one when "
            "opening it (deps_overrides_set(o, \"continuousClock\", \"\\\"test\\\"\"))");
  deps_test_store_close(t);
}

typedef struct {
  deps_test_store *store;
  char close_error[512];
} test_reentry;

static int fetch_closes_its_store(void *user_data, const char *input_json, char **output_json,
                                  char **error_message) {
  test_reentry *r = (test_reentry *)user_data;
  (void)input_json;
  (void)error_message;
  deps_test_store_close(r->store);
  snprintf(r->close_error, sizeof r->close_error, "%s", deps_last_error());
  *output_json = copy("\"x\"");
  return 0;
}

static void test_store_close_from_its_callback_is_refused(void) {
  test_reentry r;
  deps_overrides *o = NULL;
  memset(&r, 0, sizeof r);
  deps_overrides_new(&o);
  deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_closes_its_store, &r, NULL);
  deps_test_store_open(&r.store, "NumberFact", NULL, o);
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_send(r.store, "\"numberFactButtonTapped\"", NULL), DEPS_OK,
           deps_test_store_errmsg(r.store));
  CHECK_STR(r.close_error,
            "deps_test_store_close: cannot close a test store from inside one of its own "
            "callbacks (an observer or an endpoint running in a call on it); close it after that "
            "call returns");
  CHECK_RC(deps_test_store_receive(r.store, "{\"numberFactResponse\":{\"success\":\"x\"}}",
                                   "{\"numberFact\":\"x\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(r.store));
  CHECK_RC(deps_test_store_complete(r.store), DEPS_OK, deps_test_store_errmsg(r.store));
  deps_test_store_close(r.store);
}

/* Non-exhaustive: only what is asserted is checked, but a wrong assertion still fails. */
static void non_exhaustive_mismatch_still_fails(void) {
  deps_test_store *t = number_fact(fetch_fact);
  deps_test_store_set_exhaustive(t, 0);
  CHECK_RC(deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":3}"), DEPS_EFAILED,
           deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "A state change does not match expectation.\n"
            "\n"
            "    {\n"
            "  -   \"count\": 3,\n"
            "  +   \"count\": 1,\n"
            "      … (1 unchanged)\n"
            "    }\n"
            "\n"
            "(Expected: -, Actual: +)");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

int main(void) {
  RUN(state_change_does_not_match);
  RUN(state_was_not_expected_to_change);
  RUN(expected_a_change_but_none_occurred);
  RUN(must_handle_received_actions);
  RUN(unexpected_action_takes_its_state);
  RUN(receive_times_out_with_effects_in_flight);
  RUN(receive_times_out_with_no_effect_in_flight);
  RUN(receive_with_nothing_to_receive);
  RUN(received_unexpected_action);
  RUN(received_state_does_not_match);
  RUN(finish_reports_unreceived_actions);
  RUN(a_failed_receive_consumes_the_action);
  RUN(finish_times_out);
  RUN(complete_reports_unreceived_actions);
  RUN(complete_reports_running_effects);
  RUN(close_reports_leftovers);
  RUN(skips_with_nothing_to_skip);
  RUN(unimplemented_fetch_in_a_test_store);
  RUN(unimplemented_fetch_in_a_test_context_store);
  RUN(unimplemented_preset_in_live_context);
  RUN(live_only_key_in_test_context);
  RUN(c_endpoint_failure_without_message);
  RUN(c_endpoint_failure_with_output_set);
  RUN(c_endpoint_returns_malformed_json);
  RUN(c_endpoint_returns_wrong_shape);
  RUN(advance_without_a_test_clock);
  RUN(test_store_close_from_its_callback_is_refused);
  RUN(non_exhaustive_mismatch_still_fails);
  return check_summary();
}
