/*
 * threads.c — handles from several threads at once: 4 threads each with stores of their own
 * (a Counter store, a NumberFact store whose C fetch records the thread it runs on, a test
 * store), and 2 threads sharing one Counter store with an observer, all at the same time.
 * Every thread sends DEPS_C_THREAD_SENDS (default 10000) actions; the final counts must be
 * exact, and every callback must run on the thread inside the call.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "check.h"

static int sends = 10000;

/* One owning thread's results (checked on the main thread: the harness is not thread-safe). */
typedef struct {
  pthread_t self;
  int errors;
  int foreign_thread_calls;
  int fetches;
  char last_error[512];
  char counter_state[128];
  char fact_state[256];
  char test_state[128];
} own_result;

static void note_error(own_result *result, const char *message) {
  result->errors++;
  snprintf(result->last_error, sizeof result->last_error, "%s", message);
}

/* numberFact.fetch recording whether it runs on the thread that owns the store. */
static int fetch_on_owner(void *user_data, const char *input_json, char **output_json,
                          char **error_message) {
  own_result *result = (own_result *)user_data;
  char text[64];
  size_t size;
  (void)error_message;
  if (!pthread_equal(pthread_self(), result->self)) result->foreign_thread_calls++;
  result->fetches++;
  snprintf(text, sizeof text, "\"fact %s\"", input_json);
  size = strlen(text) + 1;
  *output_json = (char *)malloc(size);
  memcpy(*output_json, text, size);
  return 0;
}

static void *own_stores(void *argument) {
  own_result *result = (own_result *)argument;
  deps_store *counter = NULL;
  deps_store *fact = NULL;
  deps_test_store *test = NULL;
  deps_overrides *o = NULL;
  char patch[64];
  char *state;
  int i;
  int test_sends = sends < 500 ? sends : 500;
  result->self = pthread_self();
  if (deps_store_open(&counter, "Counter", NULL, DEPS_CONTEXT_TEST, NULL) != DEPS_OK ||
      deps_overrides_new(&o) != DEPS_OK ||
      deps_overrides_set_endpoint(o, "numberFact.fetch", fetch_on_owner, result, NULL) !=
          DEPS_OK ||
      deps_store_open(&fact, "NumberFact", NULL, DEPS_CONTEXT_TEST, o) != DEPS_OK ||
      deps_test_store_open(&test, "Counter", NULL, NULL) != DEPS_OK) {
    note_error(result, deps_last_error());
    deps_overrides_free(o);
    deps_store_close(counter);
    deps_store_close(fact);
    deps_test_store_close(test);
    return NULL;
  }
  deps_overrides_free(o);
  for (i = 0; i < sends; i++) {
    if (deps_store_send(counter, "\"incrementButtonTapped\"") != DEPS_OK)
      note_error(result, deps_store_errmsg(counter));
  }
  for (i = 0; i < sends / 10; i++) {
    if (deps_store_send(fact, "\"incrementButtonTapped\"") != DEPS_OK ||
        deps_store_send(fact, "\"numberFactButtonTapped\"") != DEPS_OK)
      note_error(result, deps_store_errmsg(fact));
  }
  if (deps_store_run(fact, 5000) != DEPS_OK) note_error(result, deps_store_errmsg(fact));
  for (i = 1; i <= test_sends; i++) {
    snprintf(patch, sizeof patch, "{\"count\":%d}", i);
    if (deps_test_store_send(test, "\"incrementButtonTapped\"", patch) != DEPS_OK)
      note_error(result, deps_test_store_errmsg(test));
  }
  state = deps_store_state(counter);
  snprintf(result->counter_state, sizeof result->counter_state, "%s", state);
  deps_free(state);
  state = deps_store_state(fact);
  snprintf(result->fact_state, sizeof result->fact_state, "%s", state);
  deps_free(state);
  state = deps_test_store_state(test);
  snprintf(result->test_state, sizeof result->test_state, "%s", state);
  deps_free(state);
  if (deps_test_store_complete(test) != DEPS_OK) note_error(result, deps_test_store_errmsg(test));
  deps_test_store_close(test);
  deps_store_close(fact);
  deps_store_close(counter);
  return NULL;
}

/* Two threads sending to one store, observed (observer calls are serialized by the store). */
typedef struct {
  deps_store *store;
  int observed;
  int errors;
  char last_error[512];
} shared_store;

static void count_observed(void *user_data, const char *action_json, const char *state_json) {
  (void)action_json;
  (void)state_json;
  ((shared_store *)user_data)->observed++;
}

typedef struct {
  shared_store *shared;
  int errors;
  char last_error[512];
} shared_result;

static void *send_to_shared(void *argument) {
  shared_result *result = (shared_result *)argument;
  int i;
  char *state;
  for (i = 0; i < sends; i++) {
    if (deps_store_send(result->shared->store, "\"incrementButtonTapped\"") != DEPS_OK) {
      result->errors++;
      snprintf(result->last_error, sizeof result->last_error, "%s",
               deps_store_errmsg(result->shared->store));
    }
    if (i % 1000 == 0) { /* reads interleave with the other thread's sends */
      state = deps_store_state(result->shared->store);
      if (state == NULL || strstr(state, "\"count\":") == NULL) result->errors++;
      deps_free(state);
    }
  }
  return NULL;
}

static void six_threads_at_once(void) {
  own_result own[4];
  shared_store shared;
  shared_result sharers[2];
  pthread_t threads[6];
  char want[128];
  char *state;
  int i;
  memset(own, 0, sizeof own);
  memset(&shared, 0, sizeof shared);
  memset(sharers, 0, sizeof sharers);
  CHECK_RC(deps_store_open(&shared.store, "Counter", NULL, DEPS_CONTEXT_TEST, NULL), DEPS_OK,
           deps_last_error());
  CHECK_RC(deps_store_observe(shared.store, count_observed, &shared), DEPS_OK,
           deps_store_errmsg(shared.store));
  for (i = 0; i < 4; i++) CHECK(pthread_create(&threads[i], NULL, own_stores, &own[i]) == 0);
  for (i = 0; i < 2; i++) {
    sharers[i].shared = &shared;
    CHECK(pthread_create(&threads[4 + i], NULL, send_to_shared, &sharers[i]) == 0);
  }
  for (i = 0; i < 6; i++) pthread_join(threads[i], NULL);

  for (i = 0; i < 4; i++) {
    CHECK(own[i].errors == 0);
    if (own[i].errors != 0) printf("      thread %d: %s\n", i, own[i].last_error);
    snprintf(want, sizeof want, "{\"count\":%d,\"isLoading\":false}", sends);
    CHECK_STR(own[i].counter_state, want);
    snprintf(want, sizeof want, "{\"count\":%d,\"numberFact\":\"fact %d\"}", sends / 10,
             sends / 10);
    CHECK_STR(own[i].fact_state, want);
    CHECK(own[i].fetches == sends / 10);
    CHECK(own[i].foreign_thread_calls == 0);
    snprintf(want, sizeof want, "{\"count\":%d,\"isLoading\":false}",
             sends < 500 ? sends : 500);
    CHECK_STR(own[i].test_state, want);
  }
  for (i = 0; i < 2; i++) {
    CHECK(sharers[i].errors == 0);
    if (sharers[i].errors != 0) printf("      sharer %d: %s\n", i, sharers[i].last_error);
  }
  snprintf(want, sizeof want, "{\"count\":%d,\"isLoading\":false}", 2 * sends);
  state = deps_store_state(shared.store);
  CHECK_STR(state, want);
  deps_free(state);
  CHECK(shared.observed == 2 * sends);
  deps_store_close(shared.store);
}

/* deps_last_error() is per thread: a failure on one thread is not seen on another. */
static void *fail_on_this_thread(void *argument) {
  deps_store *s = NULL;
  (void)argument;
  deps_store_open(&s, "Nope", NULL, DEPS_CONTEXT_TEST, NULL);
  return NULL;
}

static void last_error_is_per_thread(void) {
  pthread_t thread;
  deps_overrides *o = NULL;
  CHECK_RC(deps_overrides_new(&o), DEPS_OK, deps_last_error());
  CHECK(pthread_create(&thread, NULL, fail_on_this_thread, NULL) == 0);
  pthread_join(thread, NULL);
  CHECK_STR(deps_last_error(), "");
  deps_overrides_free(o);
}

int main(void) {
  const char *configured = getenv("DEPS_C_THREAD_SENDS");
  if (configured != NULL && atoi(configured) > 0) sends = atoi(configured);
  printf("# %d sends per thread\n", sends);
  RUN(six_threads_at_once);
  RUN(last_error_is_per_thread);
  return check_summary();
}
