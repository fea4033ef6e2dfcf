/*
 * scenarios.c — every seed scenario through the C API, and every function used the way its
 * documentation says: NumberFact with a C fetch callback, Counter's delayed increment with
 * delayClient.wait overridden, Todos with "incrementing" UUIDs and a constant date, Timer with
 * deps_test_store_advance, App's tutorial sandbox; plain stores with observers, run, close;
 * the catalogue and the runtime paths; the release rule of endpoint user data; re-entrant calls from callbacks.
 */
#define _POSIX_C_SOURCE 200809L
#include <time.h>
#include <unistd.h>

#include "check.h"

/* ---- helpers ----------------------------------------------------------------------------- */

/* A copy of `text` made with malloc (what endpoint callbacks must return). */
static char *copy(const char *text) {
  size_t size = strlen(text) + 1;
  char *result = (char *)malloc(size);
  memcpy(result, text, size);
  return result;
}

/* How many times an endpoint's user data was released. */
typedef struct {
  int calls;
  int releases;
  char last_input[64];
} endpoint_data;

static void release_endpoint(void *user_data) { ((endpoint_data *)user_data)->releases++; }

/* numberFact.fetch: "<n> is a good number." (the seed's test override). */
static int fetch_fact(void *user_data, const char *input_json, char **output_json,
                      char **error_message) {
  endpoint_data *data = (endpoint_data *)user_data;
  char text[128];
  (void)error_message;
  data->calls++;
  snprintf(data->last_input, sizeof data->last_input, "%s", input_json);
  snprintf(text, sizeof text, "\"%s is a good number.\"", input_json);
  *output_json = copy(text);
  return 0;
}

/* numberFact.fetch failing like a network error. */
static int fetch_fails(void *user_data, const char *input_json, char **output_json,
                       char **error_message) {
  (void)input_json;
  (void)output_json;
  ((endpoint_data *)user_data)->calls++;
  *error_message = copy("The Internet connection appears to be offline.");
  return 1;
}

/* delayClient.wait returning at once (no output: null). */
static int wait_nothing(void *user_data, const char *input_json, char **output_json,
                        char **error_message) {
  (void)input_json;
  (void)output_json;
  (void)error_message;
  ((endpoint_data *)user_data)->calls++;
  return 0;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- version and catalogue ---------------------------------------------------------------- */

static void version_matches_header(void) {
  CHECK_STR(deps_version(), DEPS_VERSION);
  CHECK(deps_version_number() == DEPS_VERSION_NUMBER);
  CHECK_STR(deps_last_error(), "");
  deps_free(NULL);
}

static void features_json_lists_the_catalogue(void) {
  char *json = deps_features_json();
  CHECK(json != NULL && json[0] == '[');
  CHECK_CONTAINS(json, "{\"name\":\"App\",");
  CHECK_CONTAINS(json, "{\"name\":\"Counter\",");
  CHECK_CONTAINS(json, "\"state\":{\"count\":0,\"isLoading\":false}");
  CHECK_CONTAINS(json, "{\"name\":\"NumberFact\",");
  CHECK_CONTAINS(json, "{\"name\":\"numberFactResponse\",\"payload\":"
                       "\"{\\\"success\\\":string} | {\\\"failure\\\":string}\"}");
  CHECK_CONTAINS(json, "\"dependencies\":[\"numberFact.fetch\"]");
  CHECK_CONTAINS(json, "{\"name\":\"Timer\",");
  CHECK_CONTAINS(json, "\"state\":{\"isRunning\":false,\"secondsElapsed\":0}");
  CHECK_CONTAINS(json, "{\"name\":\"Todos\",");
  CHECK_STR(deps_last_error(), "");
  deps_free(json);
}

static void runtime_paths_json_reports_every_trick(void) {
  char *json = deps_runtime_paths_json();
  const char *safe = getenv("DEPS_SAFE_RUNTIME");
  if (safe != NULL && strcmp(safe, "1") == 0) {
    CHECK_STR(json, "{\"task_locals\":\"safe (DEPS_SAFE_RUNTIME=1)\","
                    "\"enum_layout\":\"safe (DEPS_SAFE_RUNTIME=1)\","
                    "\"enum_witnesses\":\"safe (DEPS_SAFE_RUNTIME=1)\","
                    "\"keyed_containers\":\"safe (DEPS_SAFE_RUNTIME=1)\","
                    "\"test_frameworks\":\"safe (DEPS_SAFE_RUNTIME=1)\","
                    "\"effect_closures\":\"safe (DEPS_SAFE_RUNTIME=1)\","
                    "\"enqueue_hook\":\"safe (DEPS_SAFE_RUNTIME=1)\"}");
  } else if (getenv("DEPS_TEST_SWIFT_RUNTIME_LINKED_IN") != NULL) {
    /* The installed library links the Swift runtime in without exporting it: the runtime
       entry points the task-local and enqueue-hook tricks look up are not found there. */
    CHECK_STR(json, "{\"task_locals\":\"safe (swift_task_localValuePush/Pop/Get not found)\","
                    "\"enum_layout\":\"fast\",\"enum_witnesses\":\"fast\","
                    "\"keyed_containers\":\"fast\","
                    "\"test_frameworks\":\"not used (no test framework loaded)\","
                    "\"effect_closures\":\"fast\","
                    "\"enqueue_hook\":\"safe (swift_task_enqueueGlobal_hook not found)\"}");
  } else {
    CHECK_STR(json, "{\"task_locals\":\"fast\",\"enum_layout\":\"fast\","
                    "\"enum_witnesses\":\"fast\",\"keyed_containers\":\"fast\","
                    "\"test_frameworks\":\"not used (no test framework loaded)\","
                    "\"effect_closures\":\"fast\",\"enqueue_hook\":\"fast\"}");
  }
  CHECK_STR(deps_last_error(), "");
  deps_free(json);
}

static void dependencies_json_lists_every_path(void) {
  char *json = deps_dependencies_json();
  CHECK(json != NULL && json[0] == '[');
  CHECK_CONTAINS(json, "{\"path\":\"numberFact.fetch\",\"input\":\"integer\",\"output\":"
                       "\"string\",\"async\":true,\"throws\":true,\"contexts\":"
                       "[\"live\",\"preview\",\"test\"]}");
  CHECK_CONTAINS(json, "{\"path\":\"delayClient.wait\",\"input\":\"null\",\"output\":\"null\","
                       "\"async\":true,\"throws\":true,\"contexts\":[\"live\"]}");
  CHECK_CONTAINS(json, "\"path\":\"uuid\"");
  CHECK_CONTAINS(json, "\"path\":\"date.now\"");
  CHECK_CONTAINS(json, "\"path\":\"continuousClock\"");
  CHECK_CONTAINS(json, "\"path\":\"suspendingClock\"");
  CHECK_CONTAINS(json, "\"path\":\"withRandomNumberGenerator\"");
  CHECK_CONTAINS(json, "\"path\":\"userDefaults\"");
  CHECK_CONTAINS(json, "\"path\":\"calendar\"");
  CHECK_CONTAINS(json, "\"path\":\"locale\"");
  CHECK_CONTAINS(json, "\"path\":\"timeZone\"");
  deps_free(json);
}

/* ---- NumberFact ---------------------------------------------------------------------------- */

/* The seed's NumberFact test, line for line, with fetch implemented in C. */
static void number_fact_with_a_c_fetch(void) {
  endpoint_data data = {0, 0, ""};
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  CHECK_RC(deps_overrides_new(&o), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_fact, &data, release_endpoint),
           DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "NumberFact", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK(data.releases == 0); /* the store still holds the callback */

  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(
               t, "{\"numberFactResponse\":{\"success\":\"1 is a good number.\"}}",
               "{\"numberFact\":\"1 is a good number.\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK(data.calls == 1);
  CHECK_STR(data.last_input, "1");
  CHECK_STR(deps_test_store_errmsg(t), "");
  CHECK_STATE(deps_test_store_state(t), "{\"count\":1,\"numberFact\":\"1 is a good number.\"}");
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  CHECK_STR(deps_last_error(), "");
  CHECK(data.releases == 1);
}

/* A C endpoint failing with a message: NumberFact receives it as a failure. */
static void number_fact_failure_from_c(void) {
  endpoint_data data = {0, 0, ""};
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_fails, &data,
                                       release_endpoint),
           DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "NumberFact", "{\"count\":7}", o), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(
               t,
               "{\"numberFactResponse\":{\"failure\":"
               "\"The Internet connection appears to be offline.\"}}",
               "{\"errorMessage\":\"The Internet connection appears to be offline.\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  /* a later success removes the message: null in a merge patch deletes the key */
  CHECK_RC(deps_test_store_send(t, "{\"numberFactResponse\":{\"success\":\"ok\"}}",
                                "{\"numberFact\":\"ok\",\"errorMessage\":null}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_STATE(deps_test_store_state(t), "{\"count\":7,\"numberFact\":\"ok\"}");
  deps_test_store_close(t);
  CHECK_STR(deps_last_error(), "");
  CHECK(data.releases == 0); /* the recipe still holds it */
  deps_overrides_free(o);
  CHECK(data.releases == 1);
  CHECK(data.calls == 1);
}

/* A plain store in the preview context uses the preview fetch; observers see every action. */
typedef struct {
  int count;
  char actions[8][160];
  char last_state[256];
} observed;

static void observe(void *user_data, const char *action_json, const char *state_json) {
  observed *seen = (observed *)user_data;
  if (seen->count < 8) snprintf(seen->actions[seen->count], 160, "%s", action_json);
  snprintf(seen->last_state, sizeof seen->last_state, "%s", state_json);
  seen->count++;
}

static void number_fact_preview_store_with_observer(void) {
  observed seen;
  deps_store *s = NULL;
  memset(&seen, 0, sizeof seen);
  CHECK_RC(deps_store_open(&s, "NumberFact", NULL, DEPS_CONTEXT_PREVIEW, NULL), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_store_observe(s, observe, &seen), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"numberFactButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_run(s, 1000), DEPS_OK, deps_store_errmsg(s));
  CHECK(seen.count == 3);
  CHECK_STR(seen.actions[0], "\"incrementButtonTapped\"");
  CHECK_STR(seen.actions[1], "\"numberFactButtonTapped\"");
  CHECK_STR(seen.actions[2],
            "{\"numberFactResponse\":{\"success\":\"1은 Preview용 숫자입니다.\"}}");
  CHECK_STR(seen.last_state, "{\"count\":1,\"numberFact\":\"1은 Preview용 숫자입니다.\"}");
  CHECK_STATE(deps_store_state(s), "{\"count\":1,\"numberFact\":\"1은 Preview용 숫자입니다.\"}");
  /* NULL stops observing */
  CHECK_RC(deps_store_observe(s, NULL, NULL), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"decrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK(seen.count == 3);
  CHECK_STR(deps_store_errmsg(s), "");
  deps_store_close(s);
}

/* ---- Counter ------------------------------------------------------------------------------- */

static void counter_delayed_increment_test_store(void) {
  endpoint_data data = {0, 0, ""};
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set_endpoint(o, "delayClient.wait", wait_nothing, &data,
                                       release_endpoint),
           DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "Counter", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_send(t, "\"delayedIncrementButtonTapped\"", "{\"isLoading\":true}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "\"delayedIncrementFinished\"",
                                   "{\"count\":1,\"isLoading\":false}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"decrementButtonTapped\"", "{\"count\":0}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK(data.calls == 1);
  CHECK_STR(data.last_input, "");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  CHECK(data.releases == 1);
}

/* The live context with delayClient.wait overridden from C: send, run, read the state. */
static void counter_live_store_with_c_wait(void) {
  endpoint_data data = {0, 0, ""};
  deps_overrides *o = NULL;
  deps_store *s = NULL;
  deps_overrides_new(&o);
  deps_overrides_set_endpoint(o, "delayClient.wait", wait_nothing, &data, release_endpoint);
  CHECK_RC(deps_store_open(&s, "Counter", "{\"count\":41}", DEPS_CONTEXT_LIVE, o), DEPS_OK,
           deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_store_send(s, "\"delayedIncrementButtonTapped\""), DEPS_OK,
           deps_store_errmsg(s));
  CHECK_RC(deps_store_run(s, 1000), DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state(s), "{\"count\":42,\"isLoading\":false}");
  CHECK(data.calls == 1);
  deps_store_close(s);
  CHECK(data.releases == 1);
}

/* The live delayClient.wait sleeps 1 s: run times out, close cancels it at once. */
static void counter_live_wait_times_out_and_close_cancels(void) {
  observed seen;
  deps_store *s = NULL;
  double started;
  memset(&seen, 0, sizeof seen);
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_LIVE, NULL), DEPS_OK,
           deps_last_error());
  deps_store_observe(s, observe, &seen);
  started = now_seconds();
  CHECK_RC(deps_store_send(s, "\"delayedIncrementButtonTapped\""), DEPS_OK,
           deps_store_errmsg(s));
  CHECK_RC(deps_store_run(s, 50), DEPS_ETIMEOUT, deps_store_errmsg(s));
  CHECK_STR(deps_store_errmsg(s),
            "deps_store_run: effects are still running after 50 ms; run again, give a longer "
            "timeout, or close the store to cancel them");
  CHECK_STATE(deps_store_state(s), "{\"count\":0,\"isLoading\":true}");
  deps_store_close(s);
  CHECK(now_seconds() - started < 0.9);
  CHECK(seen.count == 1); /* delayedIncrementFinished never arrived */
}

/* The live wait really waits: run(2000) sees the increment after about a second. */
static void counter_live_wait_completes_within_run(void) {
  deps_store *s = NULL;
  double started;
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_LIVE, NULL), DEPS_OK,
           deps_last_error());
  started = now_seconds();
  deps_store_send(s, "\"delayedIncrementButtonTapped\"");
  CHECK_RC(deps_store_run(s, 3000), DEPS_OK, deps_store_errmsg(s));
  CHECK(now_seconds() - started >= 0.9);
  CHECK_STATE(deps_store_state(s), "{\"count\":1,\"isLoading\":false}");
  CHECK_RC(deps_store_run(s, 0), DEPS_OK, deps_store_errmsg(s));
  deps_store_close(s);
}

/* ---- Todos --------------------------------------------------------------------------------- */

static void todos_with_incrementing_uuid_and_constant_date(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set(o, "uuid", "\"incrementing\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "date.now", "1234567890"), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "Todos", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_send(t, "\"addButtonTapped\"",
                                "{\"todos\":[{\"id\":\"00000000-0000-0000-0000-000000000000\","
                                "\"createdAt\":1234567890,\"title\":\"\"}]}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"addButtonTapped\"",
                                "{\"todos\":[{\"id\":\"00000000-0000-0000-0000-000000000000\","
                                "\"createdAt\":1234567890,\"title\":\"\"},"
                                "{\"id\":\"00000000-0000-0000-0000-000000000001\","
                                "\"createdAt\":1234567890,\"title\":\"\"}]}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t,
                                "{\"titleChanged\":{\"id\":"
                                "\"00000000-0000-0000-0000-000000000001\",\"title\":\"Milk\"}}",
                                "{\"todos\":[{\"id\":\"00000000-0000-0000-0000-000000000000\","
                                "\"createdAt\":1234567890,\"title\":\"\"},"
                                "{\"id\":\"00000000-0000-0000-0000-000000000001\","
                                "\"createdAt\":1234567890,\"title\":\"Milk\"}]}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t,
                                "{\"deleteButtonTapped\":"
                                "{\"id\":\"00000000-0000-0000-0000-000000000000\"}}",
                                "{\"todos\":[{\"id\":\"00000000-0000-0000-0000-000000000001\","
                                "\"createdAt\":1234567890,\"title\":\"Milk\"}]}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* A constant UUID preset and a later override applied to a running test store. */
static void todos_constant_uuid_then_apply_overrides(void) {
  deps_overrides *o = NULL;
  deps_overrides *later = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  deps_overrides_set(o, "uuid", "\"DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF\"");
  deps_overrides_set(o, "date.now", "0");
  CHECK_RC(deps_test_store_open(&t, "Todos", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_send(t, "\"addButtonTapped\"",
                                "{\"todos\":[{\"id\":\"DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF\","
                                "\"createdAt\":0,\"title\":\"\"}]}"),
           DEPS_OK, deps_test_store_errmsg(t));
  deps_overrides_new(&later);
  deps_overrides_set(later, "date.now", "60");
  CHECK_RC(deps_test_store_apply_overrides(t, later), DEPS_OK, deps_test_store_errmsg(t));
  deps_overrides_free(later);
  CHECK_RC(deps_test_store_send(t, "\"addButtonTapped\"",
                                "{\"todos\":[{\"id\":\"DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF\","
                                "\"createdAt\":0,\"title\":\"\"},"
                                "{\"id\":\"DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF\","
                                "\"createdAt\":60,\"title\":\"\"}]}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* ---- Timer --------------------------------------------------------------------------------- */

/* A Timer test store with a test clock: the test asks for one with the preset "test" (a test
   store has none by default, as in Swift). */
static deps_test_store *open_timer_with_test_clock(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set(o, "continuousClock", "\"test\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "Timer", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  return t;
}

/* The forgotten clock: the test context's continuousClock is unimplemented; the send fails
   with the same verdict as in Swift and Lua (each unimplemented use is an issue). */
static void timer_without_a_clock_fails(void) {
  deps_test_store *t = NULL;
  const char *message;
  CHECK_RC(deps_test_store_open(&t, "Timer", NULL, NULL), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":true}"),
           DEPS_EFAILED, deps_test_store_errmsg(t));
  message = deps_test_store_errmsg(t);
  CHECK(strncmp(message, "Unimplemented: ContinuousClock.now\n\nUnimplemented: "
                         "ContinuousClock.sleep\n\n", 74) == 0);
  CHECK_RC(deps_test_store_advance(t, 1), DEPS_EINVAL, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "deps_test_store_advance: this store has no test clock to advance: ask for one when "
            "opening it (deps_overrides_set(o, \"continuousClock\", \"\\\"test\\\"\"))");
  deps_test_store_set_exhaustive(t, 0);
  deps_test_store_close(t);
}

static void timer_with_advance(void) {
  deps_test_store *t = open_timer_with_test_clock();
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":true}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_advance(t, 1.0), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "\"timerTicked\"", "{\"secondsElapsed\":1}", 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_advance(t, 2.5), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "\"timerTicked\"", "{\"secondsElapsed\":2}", 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "\"timerTicked\"", "{\"secondsElapsed\":3}", 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_advance(t, 0), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":false}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_advance(t, 5), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_STATE(deps_test_store_state(t), "{\"isRunning\":false,\"secondsElapsed\":3}");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* Non-exhaustive: ticks need not be received; skip the running timer at the end. */
static void timer_non_exhaustive_and_skips(void) {
  deps_test_store *t = open_timer_with_test_clock();
  CHECK_RC(deps_test_store_set_exhaustive(t, 0), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":true}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_advance(t, 3), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_STATE(deps_test_store_state(t), "{\"isRunning\":true,\"secondsElapsed\":3}");
  CHECK_RC(deps_test_store_set_exhaustive(t, 1), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_skip_received_actions(t), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_skip_in_flight_effects(t), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  CHECK_STR(deps_last_error(), "");
}

/* Skipping the running timer does not cancel it (TCA's skipInFlightEffects): the ticks it sends
   later are still received, and completing the store ends it without a failure. */
static void timer_skipped_effect_keeps_running(void) {
  deps_test_store *t = open_timer_with_test_clock();
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\":true}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_skip_in_flight_effects(t), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_advance(t, 1), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "\"timerTicked\"", "{\"secondsElapsed\":1}", 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  CHECK_STR(deps_last_error(), "");
}

/* A plain store with a test clock nobody advances: run times out, close cancels. */
static void timer_plain_store_with_an_unadvanced_test_clock(void) {
  deps_overrides *o = NULL;
  deps_store *s = NULL;
  observed seen;
  memset(&seen, 0, sizeof seen);
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set(o, "continuousClock", "\"test\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_store_open(&s, "Timer", NULL, DEPS_CONTEXT_TEST, o), DEPS_OK,
           deps_last_error());
  deps_overrides_free(o);
  deps_store_observe(s, observe, &seen);
  CHECK_RC(deps_store_send(s, "\"toggleButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_run(s, 20), DEPS_ETIMEOUT, deps_store_errmsg(s)); /* nobody advances */
  CHECK(seen.count == 1);
  deps_store_close(s); /* cancels the timer */
}

/* ---- App ----------------------------------------------------------------------------------- */

static void app_tutorial_sandbox_test_store(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  deps_overrides_set(o, "uuid", "\"incrementing\"");
  deps_overrides_set(o, "date.now", "100");
  CHECK_RC(deps_test_store_open(&t, "App", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_send(t, "{\"todos\":\"addButtonTapped\"}",
                                "{\"todos\":{\"todos\":[{\"id\":"
                                "\"00000000-0000-0000-0000-000000000000\",\"createdAt\":100,"
                                "\"title\":\"\"}]}}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"tutorialButtonTapped\"", "{\"tutorial\":{\"todos\":[]}}"),
           DEPS_OK, deps_test_store_errmsg(t));
  /* the sandbox inherits the parent's uuid and date overrides */
  CHECK_RC(deps_test_store_send(t, "{\"tutorial\":\"addButtonTapped\"}",
                                "{\"tutorial\":{\"todos\":[{\"id\":"
                                "\"00000000-0000-0000-0000-000000000001\",\"createdAt\":100,"
                                "\"title\":\"\"}]}}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t,
                                "{\"tutorial\":{\"titleChanged\":{\"id\":"
                                "\"00000000-0000-0000-0000-000000000001\",\"title\":\"Try\"}}}",
                                "{\"tutorial\":{\"todos\":[{\"id\":"
                                "\"00000000-0000-0000-0000-000000000001\",\"createdAt\":100,"
                                "\"title\":\"Try\"}]}}"),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"tutorialDismissed\"", "{\"tutorial\":null}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_STATE(deps_test_store_state(t),
              "{\"todos\":{\"todos\":[{\"id\":\"00000000-0000-0000-0000-000000000000\","
              "\"createdAt\":100,\"title\":\"\"}]}}");
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

/* Reads the live userDefaults file ($DEPS_DATA_DIR/userDefaults.json), or "". */
static char *read_user_defaults(const char *directory) {
  char path[1024];
  FILE *file;
  long size;
  char *text;
  snprintf(path, sizeof path, "%s/userDefaults.json", directory);
  file = fopen(path, "rb");
  if (file == NULL) return copy("");
  fseek(file, 0, SEEK_END);
  size = ftell(file);
  fseek(file, 0, SEEK_SET);
  text = (char *)calloc((size_t)size + 1, 1);
  if (fread(text, 1, (size_t)size, file) != (size_t)size) text[0] = '\0';
  fclose(file);
  return text;
}

/* Live: the main list is saved to the file, the tutorial's todos only to its in-memory mock. */
static void app_sandbox_keeps_tutorial_out_of_live_user_defaults(void) {
  const char *directory = getenv("DEPS_DATA_DIR");
  deps_overrides *o = NULL;
  deps_store *s = NULL;
  char *saved;
  if (directory == NULL) {
    check_fail(__FILE__, __LINE__, "DEPS_DATA_DIR must be set (scripts/test.d/20-c sets it)");
    return;
  }
  deps_overrides_new(&o);
  deps_overrides_set(o, "uuid", "\"incrementing\"");
  deps_overrides_set(o, "date.now", "5");
  CHECK_RC(deps_store_open(&s, "App", NULL, DEPS_CONTEXT_LIVE, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_store_send(s, "{\"todos\":\"addButtonTapped\"}"), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"tutorialButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "{\"tutorial\":\"addButtonTapped\"}"), DEPS_OK,
           deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s,
                           "{\"tutorial\":{\"titleChanged\":{\"id\":"
                           "\"00000000-0000-0000-0000-000000000001\",\"title\":\"sandboxed\"}}}"),
           DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_run(s, 2000), DEPS_OK, deps_store_errmsg(s));
  saved = read_user_defaults(directory);
  CHECK_CONTAINS(saved, "00000000-0000-0000-0000-000000000000");
  CHECK(strstr(saved, "sandboxed") == NULL);
  CHECK(strstr(saved, "00000000-0000-0000-0000-000000000001") == NULL);
  deps_free(NULL);
  free(saved);
  deps_store_close(s);
}

/* ---- re-entrant calls from callbacks - */

typedef struct {
  deps_store *store;
  int calls;
  int send_status;
  char state_inside[128];
  char close_error[512];
} reentrant;

/* Sends from inside the observer once, reads the state, and tries to close the store. */
static void reenter(void *user_data, const char *action_json, const char *state_json) {
  reentrant *r = (reentrant *)user_data;
  char *state;
  (void)state_json;
  r->calls++;
  if (strcmp(action_json, "\"incrementButtonTapped\"") != 0) return;
  r->send_status = deps_store_send(r->store, "\"decrementButtonTapped\"");
  state = deps_store_state(r->store);
  snprintf(r->state_inside, sizeof r->state_inside, "%s", state ? state : "(null)");
  deps_free(state);
  deps_store_close(r->store); /* refused */
  snprintf(r->close_error, sizeof r->close_error, "%s", deps_last_error());
}

static void reentrant_send_allowed_close_refused(void) {
  reentrant r;
  memset(&r, 0, sizeof r);
  CHECK_RC(deps_store_open(&r.store, "Counter", NULL, DEPS_CONTEXT_TEST, NULL), DEPS_OK,
           deps_last_error());
  deps_store_observe(r.store, reenter, &r);
  CHECK_RC(deps_store_send(r.store, "\"incrementButtonTapped\""), DEPS_OK,
           deps_store_errmsg(r.store));
  CHECK(r.calls == 2);
  CHECK(r.send_status == DEPS_OK);
  /* the re-entrant send is queued: handled after the current action, before the outer send
     returns */
  CHECK_STR(r.state_inside, "{\"count\":1,\"isLoading\":false}");
  CHECK_STATE(deps_store_state(r.store), "{\"count\":0,\"isLoading\":false}");
  CHECK_STR(r.close_error,
            "deps_store_close: cannot close a store from inside one of its own callbacks (an "
            "observer or an endpoint running in a call on it); close it after that call returns");
  /* the store is still open and usable */
  CHECK_RC(deps_store_observe(r.store, NULL, NULL), DEPS_OK, deps_store_errmsg(r.store));
  CHECK_RC(deps_store_send(r.store, "\"incrementButtonTapped\""), DEPS_OK,
           deps_store_errmsg(r.store));
  CHECK_STATE(deps_store_state(r.store), "{\"count\":1,\"isLoading\":false}");
  deps_store_close(r.store);
}

/* An observer that, for the first increments, sends a decrement then an increment; it logs
   every call and marks its return with ")", so nesting would show as unbalanced marks. */
typedef struct {
  deps_store *store;
  int statuses_ok;
  int sends;
  char log[1024];
} chain;

static void chain_log(chain *c, const char *text) {
  size_t used = strlen(c->log);
  snprintf(c->log + used, sizeof c->log - used, "%s", text);
}

static void chain_observer(void *user_data, const char *action_json, const char *state_json) {
  chain *c = (chain *)user_data;
  chain_log(c, strcmp(action_json, "\"incrementButtonTapped\"") == 0 ? "(inc " : "(dec ");
  chain_log(c, strstr(state_json, "\"count\":1") ? "1" : "0");
  if (strcmp(action_json, "\"incrementButtonTapped\"") == 0 && c->sends < 6) {
    c->sends += 2;
    c->statuses_ok += deps_store_send(c->store, "\"decrementButtonTapped\"") == DEPS_OK;
    c->statuses_ok += deps_store_send(c->store, "{\"incrementButtonTapped\":{}}") == DEPS_OK;
  }
  chain_log(c, ")");
}

static void reentrant_sends_are_queued_in_order(void) {
  chain c;
  memset(&c, 0, sizeof c);
  CHECK_RC(deps_store_open(&c.store, "Counter", NULL, DEPS_CONTEXT_TEST, NULL), DEPS_OK,
           deps_last_error());
  deps_store_observe(c.store, chain_observer, &c);
  CHECK_RC(deps_store_send(c.store, "\"incrementButtonTapped\""), DEPS_OK,
           deps_store_errmsg(c.store));
  CHECK(c.sends == 6 && c.statuses_ok == 6);
  CHECK_STR(c.log, "(inc 1)(dec 0)(inc 1)(dec 0)(inc 1)(dec 0)(inc 1)");
  deps_store_close(c.store);
}

/* "When X happens, send Y", many times: an observer sending for every action it sees. Each
   send is queued, so 5000 of them leave the stack as it was; one that never stops is cut at
   10000 queued actions with an error. */
typedef struct {
  deps_store *store;
  int remaining;
  int failures;
} flood;

static void flood_observer(void *user_data, const char *action_json, const char *state_json) {
  flood *f = (flood *)user_data;
  (void)action_json;
  (void)state_json;
  if (f->remaining-- > 0 && deps_store_send(f->store, "\"incrementButtonTapped\"") != DEPS_OK)
    f->failures++;
}

static void reentrant_sends_never_grow_the_stack(void) {
  flood f;
  char *state;
  memset(&f, 0, sizeof f);
  f.remaining = 5000;
  CHECK_RC(deps_store_open(&f.store, "Counter", NULL, DEPS_CONTEXT_TEST, NULL), DEPS_OK,
           deps_last_error());
  deps_store_observe(f.store, flood_observer, &f);
  CHECK_RC(deps_store_send(f.store, "\"incrementButtonTapped\""), DEPS_OK,
           deps_store_errmsg(f.store));
  CHECK(f.failures == 0);
  state = deps_store_state(f.store);
  CHECK_STR(state, "{\"count\":5001,\"isLoading\":false}");
  deps_free(state);
  /* an observer that never stops sending */
  f.remaining = 1000000;
  CHECK_RC(deps_store_send(f.store, "\"decrementButtonTapped\""), DEPS_ERROR,
           deps_store_errmsg(f.store));
  CHECK_STR(deps_store_errmsg(f.store),
            "10000 actions were sent to this store while it handled one action (an observer or a "
            "callback that sends an action for every action it sees?); it stopped there and "
            "dropped the 1 still queued");
  state = deps_store_state(f.store);
  CHECK_STR(state, "{\"count\":15000,\"isLoading\":false}");
  deps_free(state);
  deps_store_close(f.store);
}

/* An endpoint that sends to, and tries to close, the store whose effect runs it. */
typedef struct {
  deps_store *store;
  int send_status;
  char close_error[512];
  char log[512];
} endpoint_reentry;

/* Appends each handled action to the buffer of 512 bytes at user_data. */
static void log_action(void *user_data, const char *action_json, const char *state_json) {
  char *log = (char *)user_data;
  size_t used = strlen(log);
  (void)state_json;
  snprintf(log + used, 512 - used, "%s; ", action_json);
}

static int fetch_reenters(void *user_data, const char *input_json, char **output_json,
                          char **error_message) {
  endpoint_reentry *r = (endpoint_reentry *)user_data;
  (void)input_json;
  (void)error_message;
  r->send_status = deps_store_send(r->store, "\"incrementButtonTapped\"");
  deps_store_close(r->store);
  snprintf(r->close_error, sizeof r->close_error, "%s", deps_last_error());
  *output_json = copy("\"fact\"");
  return 0;
}

static void reentrant_call_from_endpoint(void) {
  endpoint_reentry r;
  deps_overrides *o = NULL;
  memset(&r, 0, sizeof r);
  deps_overrides_new(&o);
  deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_reenters, &r, NULL);
  CHECK_RC(deps_store_open(&r.store, "NumberFact", NULL, DEPS_CONTEXT_TEST, o), DEPS_OK,
           deps_last_error());
  deps_overrides_free(o);
  deps_store_observe(r.store, log_action, r.log);
  CHECK_RC(deps_store_send(r.store, "\"numberFactButtonTapped\""), DEPS_OK,
           deps_store_errmsg(r.store));
  CHECK_RC(deps_store_run(r.store, 1000), DEPS_OK, deps_store_errmsg(r.store));
  CHECK(r.send_status == DEPS_OK);
  /* the callback's send is handled in order: after the action whose effect called it, before
     the effect's response */
  CHECK_STR(r.log,
            "\"numberFactButtonTapped\"; \"incrementButtonTapped\"; "
            "{\"numberFactResponse\":{\"success\":\"fact\"}}; ");
  CHECK_CONTAINS(r.close_error, "deps_store_close: cannot close a store from inside");
  CHECK_STATE(deps_store_state(r.store), "{\"count\":1,\"numberFact\":\"fact\"}");
  deps_store_close(r.store);
}

/* ---- release rule ---------------------------------------------------------------------------- */

/* release runs once: when registration fails, and after the last store closes. */
static void release_called_exactly_once(void) {
  endpoint_data failed = {0, 0, ""};
  endpoint_data kept = {0, 0, ""};
  deps_overrides *o = NULL;
  deps_store *a = NULL;
  deps_store *b = NULL;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set_endpoint(o, "numberFact.fetsh", fetch_fact, &failed,
                                       release_endpoint),
           DEPS_ENOTFOUND, deps_last_error());
  CHECK(failed.releases == 1);
  CHECK_RC(deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_fact, &kept,
                                       release_endpoint),
           DEPS_OK, deps_last_error());
  deps_store_open(&a, "NumberFact", NULL, DEPS_CONTEXT_TEST, o);
  deps_store_open(&b, "NumberFact", NULL, DEPS_CONTEXT_LIVE, o);
  deps_overrides_free(o);
  CHECK(kept.releases == 0);
  deps_store_send(a, "\"numberFactButtonTapped\"");
  deps_store_close(a);
  CHECK(kept.releases == 0);
  deps_store_send(b, "\"numberFactButtonTapped\"");
  CHECK_RC(deps_store_run(b, 1000), DEPS_OK, deps_store_errmsg(b));
  deps_store_close(b);
  CHECK(kept.releases == 1);
  CHECK(kept.calls == 2);
  /* a NULL release is fine too; a later override of the same path wins */
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_fails, &failed, NULL),
           DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_fact, &kept, NULL), DEPS_OK,
           deps_last_error());
  deps_store_open(&a, "NumberFact", NULL, DEPS_CONTEXT_TEST, o);
  deps_overrides_free(o);
  deps_store_send(a, "\"numberFactButtonTapped\"");
  CHECK_STATE(deps_store_state(a), "{\"count\":0,\"numberFact\":\"0 is a good number.\"}");
  deps_store_close(a);
  CHECK(failed.releases == 1);
}

/* ---- presets -------------------------------------------------------------------------------- */

static void every_preset_is_accepted(void) {
  deps_overrides *o = NULL;
  deps_store *s = NULL;
  double started;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set(o, "continuousClock", "\"immediate\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "suspendingClock", "\"live\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "random", "{\"seed\":42}"), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "withRandomNumberGenerator", "{\"seed\":1}"), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_overrides_set(o, "userDefaults", "\"memory\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "userDefaults", "{\"todos\":[]}"), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "calendar", "\"iso8601\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "locale", "\"en_US\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "timeZone", "\"UTC\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "numberFact.fetch", "\"unimplemented\""), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_LIVE, o), DEPS_OK,
           deps_last_error());
  deps_overrides_free(o);
  /* the live delayClient.wait sleeps 1 s on continuousClock: the immediate clock skips it */
  started = now_seconds();
  CHECK_RC(deps_store_send(s, "\"delayedIncrementButtonTapped\""), DEPS_OK,
           deps_store_errmsg(s));
  CHECK_RC(deps_store_run(s, 1000), DEPS_OK, deps_store_errmsg(s));
  CHECK(now_seconds() - started < 0.5);
  CHECK_STATE(deps_store_state(s), "{\"count\":1,\"isLoading\":false}");
  deps_store_close(s);
}

int main(void) {
  RUN(version_matches_header);
  RUN(features_json_lists_the_catalogue);
  RUN(dependencies_json_lists_every_path);
  RUN(runtime_paths_json_reports_every_trick);
  RUN(number_fact_with_a_c_fetch);
  RUN(number_fact_failure_from_c);
  RUN(number_fact_preview_store_with_observer);
  RUN(counter_delayed_increment_test_store);
  RUN(counter_live_store_with_c_wait);
  RUN(counter_live_wait_times_out_and_close_cancels);
  RUN(counter_live_wait_completes_within_run);
  RUN(todos_with_incrementing_uuid_and_constant_date);
  RUN(todos_constant_uuid_then_apply_overrides);
  RUN(timer_with_advance);
  RUN(timer_without_a_clock_fails);
  RUN(timer_non_exhaustive_and_skips);
  RUN(timer_skipped_effect_keeps_running);
  RUN(timer_plain_store_with_an_unadvanced_test_clock);
  RUN(app_tutorial_sandbox_test_store);
  RUN(app_sandbox_keeps_tutorial_out_of_live_user_defaults);
  RUN(reentrant_send_allowed_close_refused);
  RUN(reentrant_call_from_endpoint);
  RUN(reentrant_sends_are_queued_in_order);
  RUN(reentrant_sends_never_grow_the_stack);
  RUN(release_called_exactly_once);
  RUN(every_preset_is_accepted);
  return check_summary();
}
