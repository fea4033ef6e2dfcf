/* The stopwatch from C through its own library (libStopwatch.so): only its feature is listed,
 * a test store drives it with a test clock and a C lap log, a live store writes the real lap
 * log, and the seed catalogue is absent. Uses the harness of the library's C tests (check.h). */
#include "check.h"

static int save_calls = 0;
static int fake_append(void *user_data, const char *input_json, char **output_json,
                       char **error_message) {
  (void)user_data; (void)error_message;
  save_calls++;
  *output_json = strdup(strcmp(input_json, "[2]") == 0 ? "7" : "-1");
  return DEPS_OK;
}

static void lists_only_its_own_feature(void) {
  char *features = deps_features_json();
  CHECK(features && strstr(features, "\"name\":\"Stopwatch\"") != NULL);
  CHECK(features && strstr(features, "Counter") == NULL);
  deps_free(features);
  char *paths = deps_dependencies_json();
  CHECK(paths && strstr(paths, "{\"path\":\"lapLog.append\",\"input\":\"array of integer\","
                               "\"output\":\"integer\"") != NULL);
  CHECK(paths && strstr(paths, "\"path\":\"continuousClock\"") != NULL);
  CHECK(paths && strstr(paths, "numberFact.fetch") == NULL);
  deps_free(paths);
}

static void a_test_store_with_a_test_clock(void) {
  deps_overrides *o = NULL;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set(o, "continuousClock", "\"test\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set_endpoint(o, "lapLog.append", fake_append, NULL, NULL), DEPS_OK,
           deps_last_error());
  deps_test_store *t = NULL;
  CHECK_RC(deps_test_store_open(&t, "Stopwatch", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_send(t, "\"startTapped\"", "{\"isRunning\":true}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_advance(t, 2), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "\"tick\"", "{\"elapsed\":1}", 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "\"tick\"", "{\"elapsed\":2}", 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"lapTapped\"", "{\"laps\":[2]}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"stopTapped\"", "{\"isRunning\":false}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"saveTapped\"", NULL), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "{\"saved\":7}", "{\"savedRuns\":7}", 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  CHECK(save_calls == 1);
}

static void a_live_store_writes_the_lap_log(void) {
  /* scripts/test.d/80-examples points STOPWATCH_LAP_LOG at a fresh file. */
  deps_store *s = NULL;
  CHECK_RC(deps_store_open(&s, "Stopwatch", "{\"laps\":[4,9]}", DEPS_CONTEXT_LIVE, NULL), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_store_send(s, "\"saveTapped\""), DEPS_OK, deps_store_errmsg(s));
  deps_store_run(s, 2000);
  char *state = deps_store_state(s);
  CHECK(state && strstr(state, "\"savedRuns\":1") != NULL);
  deps_free(state);
  deps_store_close(s);
  const char *path = getenv("STOPWATCH_LAP_LOG");
  FILE *file = path ? fopen(path, "r") : NULL;
  char line[64] = "";
  if (file) {
    if (!fgets(line, sizeof line, file)) line[0] = 0;
    fclose(file);
  }
  CHECK_STR(line, "[4,9]\n");
}

static void the_seed_catalogue_is_left_out(void) {
  deps_store *s = NULL;
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_LIVE, NULL), DEPS_ENOTFOUND,
           deps_last_error());
  CHECK_STR(deps_last_error(), "unknown feature \"Counter\"");
}

int main(void) {
  RUN(lists_only_its_own_feature);
  RUN(a_test_store_with_a_test_clock);
  RUN(a_live_store_writes_the_lap_log);
  RUN(the_seed_catalogue_is_left_out);
  return check_summary();
}
