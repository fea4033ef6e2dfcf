/*
 * trace.c — traces, timelines, cassettes and the upfront check from C: NumberFact's timeline
 * as text and Mermaid, unused overrides, deps_test_store_check_deps before any store opens, a
 * cassette replayed in recorded order with no callback, and the errors of bad input.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

static int fetch_odd(void *user_data, const char *input_json, char **output_json,
                     char **error_message) {
  char text[64];
  (void)user_data;
  (void)error_message;
  snprintf(text, sizeof text, "\"%s is odd\"", input_json);
  *output_json = malloc(strlen(text) + 1);
  strcpy(*output_json, text);
  return 0;
}

/* Checks a returned string and frees it. */
static void check_owned(const char *file, int line, char *got, const char *want) {
  check_streq_at(file, line, got, want);
  deps_free(got);
}
#define CHECK_OWNED(got, want) check_owned(__FILE__, __LINE__, (got), (want))

static void timeline_of_number_fact(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  CHECK_RC(deps_overrides_new(&o), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_odd, NULL, NULL), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_overrides_set_trace(o, "{\"trace\": true}"), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "NumberFact", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "{\"numberFactResponse\":{\"success\":\"0 is odd\"}}",
                                   "{\"numberFact\":\"0 is odd\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_OWNED(deps_test_store_timeline(t, NULL),
              "1. send numberFactButtonTapped\n"
              "2. effect 1 started (by 1)\n"
              "3. numberFact.fetch(0) \xe2\x86\x92 \"0 is odd\" [override] (effect 1)\n"
              "4. receive {\"numberFactResponse\":{\"success\":\"0 is odd\"}} (from effect 1)\n"
              "5. effect 1 finished");
  char *mermaid = deps_test_store_timeline(t, "mermaid");
  CHECK_CONTAINS(mermaid, "sequenceDiagram\n");
  CHECK_CONTAINS(mermaid, "\n  participant D1 as numberFact.fetch\n");
  CHECK_CONTAINS(mermaid, "\n  E1->>D1: (0) [override]\n  D1-->>E1: \"0 is odd\"\n");
  deps_free(mermaid);
  CHECK_OWNED(deps_test_store_unused_overrides(t), "[]");
  CHECK(deps_test_store_timeline(t, "svg") == NULL);
  CHECK_STR(deps_last_error(),
            "deps_test_store_timeline: format must be \"text\" or \"mermaid\", got \"svg\"");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void unused_override_and_no_trace(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_odd, NULL, NULL);
  deps_overrides_set_trace(o, "{\"trace\": true}");
  CHECK_RC(deps_test_store_open(&t, "NumberFact", NULL, o), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_OWNED(deps_test_store_unused_overrides(t),
              "[\"override of numberFact.fetch was never used\"]");
  deps_test_store_close(t);
  deps_overrides_set_trace(o, "{\"trace\": false}");
  CHECK_RC(deps_test_store_open(&t, "NumberFact", NULL, o), DEPS_OK, deps_last_error());
  CHECK(deps_test_store_timeline(t, NULL) == NULL);
  CHECK_STR(deps_last_error(), "deps_test_store_timeline: this test store has no trace (open it "
                               "with deps_overrides_set_trace)");
  /* Without a trace the store still watches its overrides. */
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_OWNED(deps_test_store_unused_overrides(t),
              "[\"override of numberFact.fetch was never used\"]");
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  /* strict_overrides: the unused override fails finish (once), no trace needed. */
  CHECK_RC(deps_overrides_set_trace(o, "{\"strict_overrides\": true}"), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "NumberFact", NULL, o), DEPS_OK, deps_last_error());
  CHECK(deps_test_store_timeline(t, NULL) == NULL);
  CHECK_RC(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_EFAILED, "finish");
  CHECK_STR(deps_test_store_errmsg(t), "override of numberFact.fetch was never used");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  CHECK_RC(deps_overrides_set_trace(o, "{\"strict_overrides\": 1}"), DEPS_EDECODE, "bad strict");
  CHECK_STR(deps_last_error(),
            "deps_overrides_set_trace: \"strict_overrides\" must be true or false");
  deps_overrides_free(o);
}

static void check_deps_before_opening(void) {
  deps_overrides *o = NULL;
  CHECK_OWNED(deps_test_store_check_deps("NumberFact", NULL), "[\"numberFact.fetch\"]");
  /* App declares its child Todos: the check follows it (their paths, once each). */
  CHECK_OWNED(deps_test_store_check_deps("App", NULL), "[\"uuid\",\"date.now\"]");
  /* A declared child the registry does not know fails the check, named. */
  CHECK_RC(deps_lua_load("Tests/C/trace_children.lua"), DEPS_OK, deps_last_error());
  CHECK(deps_test_store_check_deps("CParent", NULL) == NULL);
  CHECK_STR(deps_last_error(), "deps_test_store_check_deps: CParent declares child features that "
                               "are not registered, so their dependencies cannot be checked: "
                               "Ghost (child of CParent)");
  deps_overrides_new(&o);
  deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_odd, NULL, NULL);
  CHECK_OWNED(deps_test_store_check_deps("NumberFact", o), "[]");
  deps_overrides_free(o);
  CHECK(deps_test_store_check_deps("NumberFacts", NULL) == NULL);
  CHECK_CONTAINS(deps_last_error(), "unknown feature \"NumberFacts\"");
  CHECK(deps_test_store_check_deps(NULL, NULL) == NULL);
  CHECK_STR(deps_last_error(), "deps_test_store_check_deps: feature is NULL");
}

static void cassette_replay(void) {
  char path[] = "/tmp/deps-trace-c-XXXXXX";
  int fd = mkstemp(path);
  FILE *file = fdopen(fd, "w");
  char options[256];
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  fputs("{\"interactions\": [{\"endpoint\":\"numberFact.fetch\",\"arguments\":0,\"result\":\"a\"},"
        "{\"endpoint\":\"numberFact.fetch\",\"arguments\":0,\"result\":\"b\"}]}",
        file);
  fclose(file);
  deps_overrides_new(&o);
  snprintf(options, sizeof options, "{\"cassette\": {\"file\": \"%s\", \"mode\": \"none\"}}", path);
  CHECK_RC(deps_overrides_set_trace(o, options), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "NumberFact", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_receive(t, "{\"numberFactResponse\":{\"success\":\"a\"}}",
                                   "{\"numberFact\":\"a\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  CHECK_RC(deps_test_store_receive(t, "{\"numberFactResponse\":{\"success\":\"b\"}}",
                                   "{\"numberFact\":\"b\"}", 1000),
           DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  remove(path);
}

static void bad_trace_options(void) {
  deps_overrides *o = NULL;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set_trace(o, "{\"cassette\": {\"file\": \"x\", \"mode\": \"later\"}}"),
           DEPS_EDECODE, deps_last_error());
  CHECK_STR(deps_last_error(), "deps_overrides_set_trace: cassette: unknown mode \"later\" (once, "
                               "none, new_episodes or all expected)");
  CHECK_RC(deps_overrides_set_trace(o, "{\"traces\": true}"), DEPS_EDECODE, deps_last_error());
  CHECK_STR(deps_last_error(), "deps_overrides_set_trace: unknown key \"traces\" (expected "
                               "{\"trace\": true} or {\"cassette\": FILE or {file, mode, secrets, "
                               "match}}, optionally with \"strict_overrides\": true)");
  CHECK_RC(deps_overrides_set_trace(NULL, "{}"), DEPS_EINVAL, deps_last_error());
  CHECK_STR(deps_last_error(), "deps_overrides_set_trace: o is NULL");
  deps_overrides_free(o);
}

int main(void) {
  RUN(timeline_of_number_fact);
  RUN(unused_override_and_no_trace);
  RUN(check_deps_before_opening);
  RUN(cassette_replay);
  RUN(bad_trace_options);
  return check_summary();
}
