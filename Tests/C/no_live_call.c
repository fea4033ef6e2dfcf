/*
 * no_live_call.c — the no-live-call property from C: for random sessions over the Probe
 * feature (Tests/Replay/probe.lua, loaded with deps_lua_load) calling an endpoint of each kind
 * — a Swift module's (numberFact.fetch), a Lua-registered one (probe.lua) and a C-registered
 * one (probe.c, deps_dependency_register) — a cassette in mode none answers every call from
 * its recordings and fails a call it has no recording of, and no implementation runs (probe.c
 * and probe.lua count their calls; numberFact.fetch's live value would fail against an
 * address nothing listens on). Recording captures probe.c's calls in the live and test
 * contexts (the live implementation), and they replay without a call.
 */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>

#include "check.h"

static int c_calls = 0;

/* probe.c's implementations: "probe.c <tag> <input>", counted. */
static int answer(const char *tag, const char *input_json, char **output_json) {
  char text[96];
  c_calls++;
  snprintf(text, sizeof text, "\"probe.c %s %s\"", tag, input_json);
  *output_json = malloc(strlen(text) + 1);
  strcpy(*output_json, text);
  return DEPS_OK;
}
static int live_fn(void *u, const char *in, char **out, char **err) {
  (void)u; (void)err; return answer("live", in, out);
}
static int test_fn(void *u, const char *in, char **out, char **err) {
  (void)u; (void)err; return answer("test", in, out);
}

/* How many times probe.lua's implementations ran (the Probe feature's countCalls). */
static int lua_calls(void) {
  deps_store *s = NULL;
  int n = -1;
  if (deps_store_open(&s, "Probe", NULL, DEPS_CONTEXT_TEST, NULL) != DEPS_OK) return -1;
  deps_store_send(s, "\"countCalls\"");
  char *state = deps_store_state(s);
  const char *at = state ? strstr(state, "\"calls\":") : NULL;
  if (at) n = atoi(at + 8);
  deps_free(state);
  deps_store_close(s);
  return n;
}

static unsigned long long seed;
static unsigned next_random(unsigned bound) {
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned)((seed >> 33) % bound);
}

static const char *const endpoints[] = { "numberFact.fetch", "probe.lua", "probe.c" };

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f) return;
  fputs(text, f);
  fclose(f);
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "r");
  static char text[4096];
  size_t n;
  if (!f) return NULL;
  n = fread(text, 1, sizeof text - 1, f);
  text[n] = 0;
  fclose(f);
  return text;
}

static deps_overrides *with_cassette(const char *path, const char *mode) {
  deps_overrides *o = NULL;
  char options[512];
  deps_overrides_new(&o);
  snprintf(options, sizeof options, "{\"cassette\": {\"file\": \"%s\", \"mode\": \"%s\"}}", path,
           mode);
  if (deps_overrides_set_trace(o, options) != DEPS_OK) {
    check_fail(__FILE__, __LINE__, deps_last_error());
  }
  return o;
}

static void setup(void) {
  CHECK_RC(deps_dependency_register("probe.c", live_fn, NULL, test_fn, NULL, NULL), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_lua_load("Tests/Replay/probe.lua"), DEPS_OK, deps_last_error());
  CHECK(lua_calls() == 0);
}

struct call { const char *endpoint; unsigned input; int fails; unsigned number; };

static void random_sessions_replay_with_no_call(void) {
  char path[] = "/tmp/deps-no-live-XXXXXX";
  int fd = mkstemp(path);
  int session;
  if (fd < 0) { CHECK(fd >= 0); return; }
  close(fd);
  for (session = 1; session <= 40; session++) {
    struct call calls[8];
    unsigned count, i;
    char text[4096], action[640], patch[640], message[512];
    size_t used;
    deps_overrides *o;
    deps_test_store *t = NULL;
    seed = (unsigned long long)session;
    count = 1 + next_random(8);
    used = (size_t)snprintf(text, sizeof text, "{\n  \"version\": 1,\n  \"interactions\": [");
    for (i = 0; i < count; i++) {
      calls[i].endpoint = endpoints[next_random(3)];
      calls[i].input = next_random(5);
      calls[i].fails = next_random(5) == 0;
      calls[i].number = i + 1;
      if (calls[i].fails) {
        used += (size_t)snprintf(text + used, sizeof text - used,
                                 "%s\n    {\"arguments\":%u,\"endpoint\":\"%s\",\"error\":"
                                 "\"recorded failure #%u\"}", i ? "," : "", calls[i].input,
                                 calls[i].endpoint, i + 1);
      } else {
        used += (size_t)snprintf(text + used, sizeof text - used,
                                 "%s\n    {\"arguments\":%u,\"endpoint\":\"%s\",\"result\":"
                                 "\"%s recorded %u #%u\"}", i ? "," : "", calls[i].input,
                                 calls[i].endpoint, calls[i].endpoint, calls[i].input, i + 1);
      }
    }
    snprintf(text + used, sizeof text - used, "\n  ]\n}\n");
    write_file(path, text);
    o = with_cassette(path, "none");
    if (deps_test_store_open(&t, "Probe", NULL, o) != DEPS_OK) {
      check_fail(__FILE__, __LINE__, deps_last_error());
      deps_overrides_free(o);
      break;
    }
    for (i = 0; i < count; i++) {
      snprintf(action, sizeof action, "{\"ask\":{\"endpoint\":\"%s\",\"input\":%u}}",
               calls[i].endpoint, calls[i].input);
      CHECK_RC(deps_test_store_send(t, action, NULL), DEPS_OK, deps_test_store_errmsg(t));
      if (calls[i].fails) {
        snprintf(message, sizeof message,
                 "dependency \\\"%s\\\" failed: recorded failure #%u", calls[i].endpoint,
                 calls[i].number);
        snprintf(action, sizeof action, "{\"failed\":\"%s\"}", message);
        snprintf(patch, sizeof patch, "{\"answer\":\"failed: %s\"}", message);
      } else {
        snprintf(action, sizeof action, "{\"answered\":\"%s recorded %u #%u\"}",
                 calls[i].endpoint, calls[i].input, calls[i].number);
        snprintf(patch, sizeof patch, "{\"answer\":\"%s recorded %u #%u\"}", calls[i].endpoint,
                 calls[i].input, calls[i].number);
      }
      CHECK_RC(deps_test_store_receive(t, action, patch, 2000), DEPS_OK,
               deps_test_store_errmsg(t));
    }
    /* A call with no recording fails in mode none, reaching no implementation either. */
    {
      const char *extra = endpoints[next_random(3)];
      snprintf(action, sizeof action, "{\"ask\":{\"endpoint\":\"%s\",\"input\":99}}", extra);
      CHECK_RC(deps_test_store_send(t, action, NULL), DEPS_OK, deps_test_store_errmsg(t));
      snprintf(message, sizeof message,
               "dependency \\\"%s\\\" failed: cassette %s has no recording of %s(99) (record "
               "mode none)", extra, path, extra);
      snprintf(action, sizeof action, "{\"failed\":\"%s\"}", message);
      snprintf(patch, sizeof patch, "{\"answer\":\"failed: %s\"}", message);
      CHECK_RC(deps_test_store_receive(t, action, patch, 2000), DEPS_OK,
               deps_test_store_errmsg(t));
    }
    CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
    deps_test_store_close(t);
    deps_overrides_free(o);
    if (check_case_failures) break;
  }
  remove(path);
  CHECK(c_calls == 0);
  CHECK(lua_calls() == 0);
}

static void recorded_then_replayed(void) {
  const deps_context contexts[] = { DEPS_CONTEXT_LIVE, DEPS_CONTEXT_TEST };
  int k;
  for (k = 0; k < 2; k++) {
    char path[] = "/tmp/deps-recorded-XXXXXX";
    int fd = mkstemp(path), n;
    deps_overrides *o;
    deps_store *s = NULL;
    deps_test_store *t = NULL;
    if (fd < 0) { CHECK(fd >= 0); return; }
    close(fd);
    remove(path);
    c_calls = 0;
    o = with_cassette(path, "all");
    CHECK_RC(deps_store_open(&s, "Probe", NULL, contexts[k], o), DEPS_OK, deps_last_error());
    for (n = 1; n <= 2; n++) {
      char action[128];
      snprintf(action, sizeof action, "{\"ask\":{\"endpoint\":\"probe.c\",\"input\":%d}}", n);
      CHECK_RC(deps_store_send(s, action), DEPS_OK, deps_store_errmsg(s));
      CHECK_RC(deps_store_run(s, 2000), DEPS_OK, deps_store_errmsg(s));
    }
    deps_store_close(s);
    deps_overrides_free(o);
    CHECK(c_calls == 2);
    /* Outside the live context the cassette records the live implementation. */
    CHECK_STR(read_file(path), "{\n  \"version\": 1,\n  \"interactions\": [\n"
                               "    {\"arguments\":1,\"endpoint\":\"probe.c\",\"result\":\"probe.c live 1\"},\n"
                               "    {\"arguments\":2,\"endpoint\":\"probe.c\",\"result\":\"probe.c live 2\"}\n"
                               "  ]\n}\n");
    o = with_cassette(path, "none");
    CHECK_RC(deps_test_store_open(&t, "Probe", NULL, o), DEPS_OK, deps_last_error());
    CHECK_RC(deps_test_store_send(t, "{\"ask\":{\"endpoint\":\"probe.c\",\"input\":1}}", NULL),
             DEPS_OK, deps_test_store_errmsg(t));
    CHECK_RC(deps_test_store_receive(t, "{\"answered\":\"probe.c live 1\"}",
                                     "{\"answer\":\"probe.c live 1\"}", 2000),
             DEPS_OK, deps_test_store_errmsg(t));
    CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
    deps_test_store_close(t);
    deps_overrides_free(o);
    CHECK(c_calls == 2);
    remove(path);
  }
}

int main(void) {
  /* A live call of numberFact.fetch would fail here instead of answering as recorded. */
  setenv("DEPS_NUMBER_FACT_URL", "http://127.0.0.1:9", 1);
  RUN(setup);
  RUN(random_sessions_replay_with_no_call);
  RUN(recorded_then_replayed);
  return check_summary();
}
