/*
 * runaway.c — the runaway rule from C: an effect reporting the same issue 100 times (Timer on
 * the test context's UnimplementedClock) is cancelled; the failure names each issue once, then
 * its folded repeats with the count and the fix in C, and stays under 20 KB.
 */
#include "check.h"

#define FOLDED(what)                                                                         \
  "Unimplemented: ContinuousClock." what "\n\n"                                              \
  "  An effect reported this issue 100 times, so it was cancelled: Deps stops an effect after " \
  "100 identical issues (TCA has no such bound).\n\n"                                        \
  "  To fix, give the store a test clock: deps_overrides_set(o, \"continuousClock\", "       \
  "\"\\\"test\\\"\")"

static void forgotten_test_clock_stops(void) {
  deps_test_store *t = NULL;
  CHECK_RC(deps_test_store_open(&t, "Timer", NULL, NULL), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\": true}"),
           DEPS_EFAILED, deps_test_store_errmsg(t));
  CHECK_STR(deps_test_store_errmsg(t),
            "Unimplemented: ContinuousClock.now\n\nUnimplemented: ContinuousClock.sleep\n\n"
            FOLDED("now") "\n\n" FOLDED("sleep"));
  CHECK(strlen(deps_test_store_errmsg(t)) < 20000);
  CHECK_RC(deps_test_store_skip_received_actions(t), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\": false}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

static void with_a_test_clock_nothing_runs_away(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  CHECK_RC(deps_overrides_set(o, "continuousClock", "\"test\""), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_open(&t, "Timer", NULL, o), DEPS_OK, deps_last_error());
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\": true}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_advance(t, 1), DEPS_OK, deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_receive(t, "\"timerTicked\"", "{\"secondsElapsed\": 1}", 1000), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_send(t, "\"toggleButtonTapped\"", "{\"isRunning\": false}"), DEPS_OK,
           deps_test_store_errmsg(t));
  CHECK_RC(deps_test_store_complete(t), DEPS_OK, deps_test_store_errmsg(t));
  deps_test_store_close(t);
  deps_overrides_free(o);
}

int main(void) {
  RUN(forgotten_test_clock_stops);
  RUN(with_a_test_clock_nothing_runs_away);
  return check_summary();
}
