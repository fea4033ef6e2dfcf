/* deps_dependency_register: a dependency defined in C with live/preview/test callbacks joins
 * deps_dependencies_json(), a Lua feature (register_dependency.lua, loaded with deps_lua_load)
 * reaches it through deps.dependency in every context, stores override it like any endpoint,
 * and bad input is refused with a message (release still runs exactly once). */
#include "check.h"

static int released = 0;
static void count_release(void *user_data) { (void)user_data; released++; }

/* Answers "<tag>:<input string>", the tag being the user data. */
static int answer(void *user_data, const char *input_json, char **output_json, char **error) {
  (void)error;
  const char *tag = user_data ? (const char *)user_data : "none";
  size_t n = strlen(input_json) + strlen(tag) + 8;
  char *out = malloc(n);
  /* input_json is a JSON string: "kitchen" → "tag:kitchen" */
  snprintf(out, n, "\"%s:%.*s\"", tag, (int)(strlen(input_json) - 2), input_json + 1);
  *output_json = out;
  return DEPS_OK;
}
static int live_fn(void *u, const char *in, char **out, char **err) {
  (void)u; return answer("live", in, out, err);
}
static int test_fn(void *u, const char *in, char **out, char **err) {
  (void)u; return answer("test", in, out, err);
}
static int override_fn(void *u, const char *in, char **out, char **err) {
  (void)u; return answer("override", in, out, err);
}

/* The state of a live-context store (or preview) of Thermostat after "read" from "kitchen". */
static char *reading_in(deps_context context, const deps_overrides *o) {
  deps_store *s = NULL;
  if (deps_store_open(&s, "Thermostat", NULL, context, o) != DEPS_OK) return NULL;
  deps_store_send(s, "{\"read\":\"kitchen\"}");
  deps_store_run(s, 2000);
  char *state = deps_store_state(s);
  deps_store_close(s);
  return state;
}

static void registers_and_lists(void) {
  CHECK_RC(deps_dependency_register("thermometer.read", live_fn, NULL, test_fn, NULL,
                                    count_release),
           DEPS_OK, deps_last_error());
  char *json = deps_dependencies_json();
  CHECK(json && strstr(json, "{\"path\":\"thermometer.read\",\"input\":\"any\",\"output\":\"any\","
                             "\"async\":false,\"throws\":true,\"contexts\":[\"live\",\"test\"],"
                             "\"presets\":[\"\\\"unimplemented\\\"\"]}") != NULL);
  deps_free(json);
  CHECK_RC(deps_lua_load("Tests/C/register_dependency.lua"), DEPS_OK, deps_last_error());
}

static void live_and_preview_use_live(void) {
  char *state = reading_in(DEPS_CONTEXT_LIVE, NULL);
  CHECK_STR(state, "{\"reading\":\"live:kitchen\"}");
  deps_free(state);
  state = reading_in(DEPS_CONTEXT_PREVIEW, NULL);
  CHECK_STR(state, "{\"reading\":\"live:kitchen\"}");
  deps_free(state);
}

static void test_store_uses_test(void) {
  deps_test_store *t = NULL;
  CHECK_RC(deps_test_store_open(&t, "Thermostat", NULL, NULL), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_send(t, "{\"read\":\"attic\"}", NULL), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "{\"got\":\"test:attic\"}", "{\"reading\":\"test:attic\"}",
                                   2000),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void traced_with_its_layer(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  deps_overrides_set_trace(o, "{\"trace\": true}");
  CHECK_RC(deps_test_store_open(&t, "Thermostat", NULL, o), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_send(t, "{\"read\":\"attic\"}", NULL), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "{\"got\":\"test:attic\"}", "{\"reading\":\"test:attic\"}",
                                   2000),
           DEPS_OK, deps_test_store_errmsg(t));
  char *timeline = deps_test_store_timeline(t, NULL);
  CHECK_CONTAINS(timeline, "thermometer.read(\"attic\") \xe2\x86\x92 \"test:attic\" [test value] (effect 1)");
  deps_free(timeline);
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  deps_overrides_free(o);
}

static void overridden_like_any_endpoint(void) {
  deps_overrides *o = NULL;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set_endpoint(o, "thermometer.read", override_fn, NULL, NULL), DEPS_OK,
           deps_last_error());
  char *state = reading_in(DEPS_CONTEXT_LIVE, o);
  CHECK_STR(state, "{\"reading\":\"override:kitchen\"}");
  deps_free(state);
  deps_overrides_free(o);
}

static void missing_context_is_unimplemented(void) {
  CHECK_RC(deps_dependency_register("thermometer.read", NULL, NULL, test_fn, NULL, NULL),
           DEPS_OK, deps_last_error());
  CHECK(released == 1); /* the first registration's user data, no longer needed */
  char *state = reading_in(DEPS_CONTEXT_LIVE, NULL);
  CHECK_STR(state,
            "{\"reading\":\"error: dependency \\\"thermometer.read\\\" failed: Unimplemented: "
            "thermometer.read\"}");
  deps_free(state);
  CHECK_RC(deps_dependency_register("thermometer.read", live_fn, NULL, test_fn, NULL, NULL),
           DEPS_OK, deps_last_error());
}

static void bad_input_is_refused(void) {
  released = 0;
  CHECK_RC(deps_dependency_register(NULL, live_fn, NULL, NULL, NULL, count_release),
           DEPS_EINVAL, deps_last_error());
  CHECK_STR(deps_last_error(), "deps_dependency_register: path is NULL");
  CHECK_RC(deps_dependency_register("thermometer..read", live_fn, NULL, NULL, NULL, count_release),
           DEPS_EINVAL, deps_last_error());
  CHECK_STR(deps_last_error(), "deps_dependency_register: path must be names joined by dots "
                               "(\"greeting.hello\"), got \"thermometer..read\"");
  CHECK_RC(deps_dependency_register("fan.speed", NULL, NULL, NULL, NULL, count_release),
           DEPS_EINVAL, deps_last_error());
  CHECK_STR(deps_last_error(), "deps_dependency_register: live, preview and test are all NULL");
  CHECK_RC(deps_dependency_register("uuid", live_fn, NULL, NULL, NULL, count_release),
           DEPS_EINVAL, deps_last_error());
  CHECK_STR(deps_last_error(),
            "dependency path \"uuid\" is already registered (a built-in); choose another name");
  CHECK(released == 4); /* once per refused call */
  char *json = deps_dependencies_json();
  CHECK(json && strstr(json, "fan.speed") == NULL);
  deps_free(json);
}

int main(void) {
  RUN(registers_and_lists);
  RUN(live_and_preview_use_live);
  RUN(test_store_uses_test);
  RUN(traced_with_its_layer);
  RUN(overridden_like_any_endpoint);
  RUN(missing_context_is_unimplemented);
  RUN(bad_input_is_refused);
  return check_summary();
}
