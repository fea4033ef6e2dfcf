/*
 * trace_builtins.c — the built-ins a C test store's trace records besides endpoint calls: the
 * reads of locale, calendar and timeZone, continuousClock's now and sleep and
 * withRandomNumberGenerator's calls (a Lua feature, trace_builtins.lua, reads them), each with
 * its layer; an overridden built-in never read is an unused override, with or without a trace.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

/* Checks a returned string and frees it. */
static void check_owned(const char *file, int line, char *got, const char *want) {
  check_streq_at(file, line, got, want);
  deps_free(got);
}
#define CHECK_OWNED(got, want) check_owned(__FILE__, __LINE__, (got), (want))

static deps_overrides *builtin_overrides(void) {
  deps_overrides *o = NULL;
  CHECK_RC(deps_overrides_new(&o), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "continuousClock", "\"immediate\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "random", "{\"seed\": 1}"), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "locale", "\"fr_FR\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "calendar", "\"gregorian\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_overrides_set(o, "timeZone", "\"GMT\""), DEPS_OK, deps_last_error());
  return o;
}

static void builtins_in_the_timeline(void) {
  deps_overrides *o = builtin_overrides();
  deps_test_store *t = NULL;
  CHECK_RC(deps_overrides_set_trace(o, "{\"trace\": true}"), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "CBuiltins", NULL, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  CHECK_RC(deps_test_store_send(t, "\"start\"", "{\"text\":\"fr_FR gregorian GMT\"}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "{\"rolled\":true}", "{\"rolled\":true}", 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_finish(t, 1000), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_OWNED(deps_test_store_timeline(t, NULL),
              "1. send start\n"
              "2. locale \xe2\x86\x92 \"fr_FR\" [override]\n"
              "3. calendar \xe2\x86\x92 \"gregorian\" [override]\n"
              "4. timeZone \xe2\x86\x92 \"GMT\" [override]\n"
              "5. effect 1 started (by 1)\n"
              "6. continuousClock.now \xe2\x86\x92 0 [override] (effect 1)\n"
              "7. continuousClock.sleep(0.25) \xe2\x86\x92 ok [override] (effect 1)\n"
              "8. withRandomNumberGenerator(null) \xe2\x86\x92 1 draw [override] (effect 1)\n"
              "9. receive {\"rolled\":true} (from effect 1)\n"
              "10. effect 1 finished");
  char *mermaid = deps_test_store_timeline(t, "mermaid");
  CHECK_CONTAINS(mermaid, "\n  participant D1 as locale\n");
  CHECK_CONTAINS(mermaid, "\n  Store->>D1: read [override]\n  D1-->>Store: \"fr_FR\"\n");
  CHECK_CONTAINS(mermaid, "\n  E1->>D5: (0.25) [override]\n  D5-->>E1: ok\n");
  deps_free(mermaid);
  CHECK_OWNED(deps_test_store_unused_overrides(t), "[]");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void unused_builtin_overrides(void) {
  deps_overrides *o = builtin_overrides();
  deps_test_store *t = NULL;
  /* No trace: the store's watch still counts the reads of its overridden built-ins. */
  CHECK_RC(deps_test_store_open(&t, "CBuiltins", NULL, o), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_send(t, "{\"rolled\":true}", "{\"rolled\":true}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_OWNED(deps_test_store_unused_overrides(t),
              "[\"override of continuousClock was never used\","
              "\"override of withRandomNumberGenerator was never used\","
              "\"override of locale was never used\","
              "\"override of calendar was never used\","
              "\"override of timeZone was never used\"]");
  CHECK_RC(deps_test_store_send(t, "\"start\"", "{\"text\":\"fr_FR gregorian GMT\"}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "{\"rolled\":true}", NULL, 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_OWNED(deps_test_store_unused_overrides(t), "[]");
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  /* strict_overrides: an override never read fails the test when it completes. */
  CHECK_RC(deps_overrides_set_trace(o, "{\"strict_overrides\": true}"), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "CBuiltins", NULL, o), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_complete(t), DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "override of continuousClock was never used\n\n"
            "override of withRandomNumberGenerator was never used\n\n"
            "override of locale was never used\n\n"
            "override of calendar was never used\n\n"
            "override of timeZone was never used");
  deps_test_store_close(t);
  deps_overrides_free(o);
}

int main(void) {
  CHECK_RC(deps_lua_load("Tests/C/trace_builtins.lua"), DEPS_OK, deps_last_error());
  RUN(builtins_in_the_timeline);
  RUN(unused_builtin_overrides);
  return check_summary();
}
