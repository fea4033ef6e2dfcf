/* deps_lua_load from C: a Lua file's feature and dependency join the registries; a C program
 * opens stores of the Lua feature, overrides the Lua endpoint with a C callback, and uses the
 * library's Lua state from several threads at once (its recursive lock serializes them).
 * Prints "ok - …" / "not ok - …" lines; exit status 1 on any failure. */
#include "deps.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static void check(int ok, const char *what, const char *detail) {
  printf("%s - %s\n", ok ? "ok" : "not ok", what);
  if (!ok) { failures++; if (detail) printf("  %s\n", detail); }
}

static int shout(void *user_data, const char *input_json, char **output_json, char **error) {
  (void)user_data; (void)error;
  size_t n = strlen(input_json); /* input is a JSON string: "name" */
  char *out = malloc(n + 16);
  snprintf(out, n + 16, "\"HEY %.*s\"", (int)(n - 2), input_json + 1);
  *output_json = out;
  return DEPS_OK;
}

#define THREADS 4
#define SENDS 200
static void *worker(void *arg) {
  (void)arg;
  deps_store *s = NULL;
  if (deps_store_open(&s, "Greeter", NULL, DEPS_CONTEXT_LIVE, NULL) != DEPS_OK) return (void *)1;
  for (int i = 0; i < SENDS; i++) {
    if (deps_store_send(s, "\"count\"") != DEPS_OK) { deps_store_close(s); return (void *)1; }
  }
  char *state = deps_store_state(s);
  char expected[64];
  snprintf(expected, sizeof expected, "\"count\":%d", SENDS);
  int ok = state && strstr(state, expected) != NULL;
  deps_free(state);
  deps_store_close(s);
  return ok ? NULL : (void *)1;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "Tests/Lua/c";
  char path[1024];

  check(deps_lua_load(NULL) == DEPS_EINVAL, "deps_lua_load(NULL) is DEPS_EINVAL", NULL);
  snprintf(path, sizeof path, "%s/missing.lua", dir);
  check(deps_lua_load(path) == DEPS_ENOTFOUND, "a missing file is DEPS_ENOTFOUND",
        deps_last_error());
  snprintf(path, sizeof path, "%s/syntax_error.lua", dir);
  int rc = deps_lua_load(path);
  check(rc == DEPS_ERROR && strstr(deps_last_error(), "syntax_error.lua:") != NULL,
        "a syntax error is DEPS_ERROR with file:line", deps_last_error());
  snprintf(path, sizeof path, "%s/greeter.lua", dir);
  rc = deps_lua_load(path);
  check(rc == DEPS_OK, "greeter.lua loads", deps_last_error());

  char *features = deps_features_json();
  check(features && strstr(features, "\"name\":\"Greeter\"") != NULL,
        "the Lua feature is in deps_features_json", features);
  deps_free(features);
  char *dependencies = deps_dependencies_json();
  check(dependencies && strstr(dependencies, "\"path\":\"greeting.hello\"") != NULL,
        "the Lua dependency is in deps_dependencies_json", dependencies);
  deps_free(dependencies);

  deps_store *s = NULL;
  rc = deps_store_open(&s, "Greeter", NULL, DEPS_CONTEXT_LIVE, NULL);
  check(rc == DEPS_OK, "a store of the Lua feature opens", deps_last_error());
  rc = deps_store_send(s, "{\"greet\":\"Blob\"}");
  deps_store_run(s, 1000);
  char *state = deps_store_state(s);
  check(rc == DEPS_OK && state && strstr(state, "\"text\":\"Hello Blob\""),
        "the Lua reducer, effect and live dependency run", state);
  deps_free(state);
  deps_store_close(s);

  deps_overrides *o = NULL;
  deps_overrides_new(&o);
  rc = deps_overrides_set_endpoint(o, "greeting.hello", shout, NULL, NULL);
  check(rc == DEPS_OK, "a C callback overrides the Lua endpoint", deps_last_error());
  deps_test_store *t = NULL;
  rc = deps_test_store_open(&t, "Greeter", NULL, o);
  check(rc == DEPS_OK, "a test store of the Lua feature opens", deps_last_error());
  rc = deps_test_store_send(t, "{\"greet\":\"Blob\"}", NULL);
  check(rc == DEPS_OK, "send", deps_test_store_errmsg(t));
  rc = deps_test_store_receive(t, "{\"greeted\":\"HEY Blob\"}", "{\"text\":\"HEY Blob\"}", 1000);
  check(rc == DEPS_OK, "receive the C override's output", deps_test_store_errmsg(t));
  rc = deps_test_store_send(t, "\"count\"", "{\"count\":2}");
  check(rc == DEPS_EFAILED && strstr(deps_test_store_errmsg(t), "+   \"count\": 1,"),
        "a failed assertion is DEPS_EFAILED with the diff", deps_test_store_errmsg(t));
  deps_test_store_close(t);
  deps_overrides_free(o);

  /* One rule for empty Lua tables: the declared state decides, for the store's whole life. */
  snprintf(path, sizeof path, "%s/stopwatch.lua", dir);
  rc = deps_lua_load(path);
  check(rc == DEPS_OK, "stopwatch.lua loads", deps_last_error());
  rc = deps_test_store_open(&t, "Stopwatch", NULL, NULL);
  check(rc == DEPS_OK, "a test store of Stopwatch opens", deps_last_error());
  state = deps_test_store_state(t);
  check(state && strcmp(state, "{\"label\":\"\",\"laps\":[]}") == 0,
        "the declared laps = {} is [] from the start", state);
  deps_free(state);
  rc = deps_test_store_send(t, "{\"lap\":7}", "{\"laps\":[7]}");
  check(rc == DEPS_OK, "a lap", deps_test_store_errmsg(t));
  rc = deps_test_store_send(t, "\"reset\"", "{\"laps\":[]}");
  check(rc == DEPS_OK, "reset asserted with []", deps_test_store_errmsg(t));
  state = deps_test_store_state(t);
  check(state && strcmp(state, "{\"label\":\"\",\"laps\":[]}") == 0,
        "laps = {} after a reset is [] again", state);
  deps_free(state);
  rc = deps_test_store_send(t, "{\"lap\":\"x\"}", NULL);
  check(rc == DEPS_EDECODE && strcmp(deps_test_store_errmsg(t),
                                     "expected an integer at lap, got \"x\"") == 0,
        "a declared payload type is checked", deps_test_store_errmsg(t));
  rc = deps_test_store_send(t, "\"rest\"", NULL);
  check(rc == DEPS_ENOTFOUND && strcmp(deps_test_store_errmsg(t),
                                       "unknown action \"rest\" for Stopwatch; did you mean "
                                       "\"reset\"?") == 0,
        "a typo in a declared action", deps_test_store_errmsg(t));
  rc = deps_test_store_complete(t);
  check(rc == DEPS_OK, "nothing left", deps_test_store_errmsg(t));
  deps_test_store_close(t);
  rc = deps_test_store_open(&t, "Stopwatch", "{\"lapz\":[]}", NULL);
  check(rc == DEPS_ENOTFOUND && strcmp(deps_last_error(), "unknown state key \"lapz\" for "
                                                          "Stopwatch; did you mean \"laps\"?") == 0,
        "an unknown key in the initial state", deps_last_error());

  pthread_t threads[THREADS];
  for (int i = 0; i < THREADS; i++) pthread_create(&threads[i], NULL, worker, NULL);
  int thread_failures = 0;
  for (int i = 0; i < THREADS; i++) {
    void *result = NULL;
    pthread_join(threads[i], &result);
    if (result) thread_failures++;
  }
  check(thread_failures == 0, "4 threads drive stores of the Lua feature at once", NULL);
  return failures ? 1 : 0;
}
