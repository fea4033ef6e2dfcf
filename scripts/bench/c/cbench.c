/*
 * The C side of the benchmarks: libDeps.so driven through include/deps.h, as a C program does.
 *   cbench             one TSV line per operation: name, median ns/op, target, summary
 *   cbench --callgrind NAME N   a fixed warm-up, then N iterations of NAME (for callgrind)
 * Built and run by scripts/bench/run. Reports numbers; never fails on a missed target.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "deps.h"

static deps_store *counter;
static deps_store *fact;

static void send_and_state(long n) {
  for (long i = 0; i < n; i++) {
    char *state;
    deps_store_send(counter, "\"incrementButtonTapped\"");
    state = deps_store_state(counter);
    deps_free(state);
  }
}

static int fetch(void *user_data, const char *input_json, char **output_json,
                 char **error_message) {
  static const char text[] = "\"a good number\"";
  (void)user_data;
  (void)input_json;
  (void)error_message;
  *output_json = malloc(sizeof text);
  if (*output_json == NULL) return 1;
  memcpy(*output_json, text, sizeof text);
  return 0;
}

static void fact_round_trip(long n) {
  for (long i = 0; i < n; i++) deps_store_send(fact, "\"numberFactButtonTapped\"");
}

/* The state-size family: the catalogue's Todos with N items (preview context: the list is
 * saved to an in-memory userDefaults after every change), one item's title changed per send. */
static deps_store *todos[3];
static const long todo_sizes[3] = {10, 1000, 100000};

static deps_store *todos_store(int size) {
  if (todos[size] == NULL) {
    long count = todo_sizes[size];
    size_t capacity = 32 + (size_t)count * 96, used = 0;
    char *state = malloc(capacity);
    if (state == NULL) return NULL;
    used += (size_t)sprintf(state + used, "{\"todos\":[");
    for (long i = 0; i < count; i++) {
      used += (size_t)sprintf(state + used,
                              "%s{\"id\":\"00000000-0000-0000-0000-%012ld\",\"createdAt\":0,"
                              "\"title\":\"todo %ld\"}", i ? "," : "", i, i);
    }
    sprintf(state + used, "]}");
    if (deps_store_open(&todos[size], "Todos", state, DEPS_CONTEXT_PREVIEW, NULL) != DEPS_OK) {
      fprintf(stderr, "cbench: %s\n", deps_last_error());
      exit(1);
    }
    free(state);
  }
  return todos[size];
}

static long todo_step;

static void todos_send(deps_store *s, long size) {
  char action[128];
  snprintf(action, sizeof action,
           "{\"titleChanged\":{\"id\":\"00000000-0000-0000-0000-%012ld\",\"title\":\"%s\"}}",
           size / 2, (todo_step++ & 1) ? "second" : "first");
  deps_store_send(s, action);
}

static void todos_run(int size, long n, char *(*read)(deps_store *)) {
  deps_store *s = todos_store(size);
  for (long i = 0; i < n; i++) {
    todos_send(s, todo_sizes[size]);
    if (read != NULL) deps_free(read(s));
  }
}

#define TODOS_OPS(index)                                                                        \
  static void todos_send_##index(long n) { todos_run(index, n, NULL); }                         \
  static void todos_state_##index(long n) { todos_run(index, n, deps_store_state); }            \
  static void todos_patch_##index(long n) { todos_run(index, n, deps_store_state_patch); }    \
  static void todos_changes_##index(long n) { todos_run(index, n, deps_store_state_changes); }
TODOS_OPS(0)
TODOS_OPS(1)
TODOS_OPS(2)

struct op {
  const char *name;
  const char *target;
  const char *summary;
  void (*run)(long n);
  long warmup;
};

static const struct op ops[] = {
  {"c.store.send+state", "ns 2000",
   "C: deps_store_send + deps_store_state (+ deps_free) on Counter", send_and_state, 1000},
  {"c.endpoint.callback", "none",
   "C: NumberFact send whose effect calls a C fetch callback and sends the response back",
   fact_round_trip, 1000},
#define TODOS_ROWS(index, size)                                                                 \
  {"c.size.send." size, "none", "C: Todos send changing one title, " size " todos",             \
   todos_send_##index, 2},                                                                      \
  {"c.size.send+state." size, "none",                                                           \
   "C: the same send + deps_store_state (the whole state)", todos_state_##index, 2},            \
  {"c.size.send+patch." size, "none",                                                           \
   "C: the same send + deps_store_state_patch (what changed)", todos_patch_##index, 2},        \
  {"c.size.send+changes." size, "none",                                                         \
   "C: the same send + deps_store_state_changes (JSON Patch of the change)",                    \
   todos_changes_##index, 2},
  TODOS_ROWS(0, "10") TODOS_ROWS(1, "1000") TODOS_ROWS(2, "100000")
};

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int open_stores(void) {
  deps_overrides *o = NULL;
  int rc = deps_store_open(&counter, "Counter", NULL, DEPS_CONTEXT_LIVE, NULL);
  if (rc != DEPS_OK) return rc;
  rc = deps_overrides_new(&o);
  if (rc != DEPS_OK) return rc;
  rc = deps_overrides_set_endpoint(o, "numberFact.fetch", fetch, NULL, NULL);
  if (rc == DEPS_OK) rc = deps_store_open(&fact, "NumberFact", NULL, DEPS_CONTEXT_LIVE, o);
  deps_overrides_free(o);
  return rc;
}

int main(int argc, char **argv) {
  size_t count = sizeof ops / sizeof ops[0];
  if (open_stores() != DEPS_OK) {
    fprintf(stderr, "cbench: %s\n", deps_last_error());
    return 1;
  }
  if (argc == 4 && strcmp(argv[1], "--callgrind") == 0) {
    for (size_t i = 0; i < count; i++) {
      if (strcmp(ops[i].name, argv[2]) == 0) {
        ops[i].run(ops[i].warmup);
        ops[i].run(atol(argv[3]));
      }
    }
  } else {
    for (size_t i = 0; i < count; i++) {
      double samples[7];
      long n = ops[i].warmup < 100 ? 1 : 100;
      ops[i].run(ops[i].warmup < 200 ? ops[i].warmup : 200);
      for (;;) {
        double start = now_ns();
        ops[i].run(n);
        if (now_ns() - start >= 2e7 || n >= (1L << 26)) break;
        n *= 2;
      }
      for (int r = 0; r < 7; r++) {
        double start = now_ns();
        ops[i].run(n);
        samples[r] = (now_ns() - start) / (double)n;
      }
      qsort(samples, 7, sizeof samples[0], compare);
      printf("%s\t%.1f\t%s\t%s\n", ops[i].name, samples[3], ops[i].target, ops[i].summary);
    }
  }
  deps_store_close(counter);
  deps_store_close(fact);
  for (int i = 0; i < 3; i++) {
    if (todos[i] != NULL) deps_store_close(todos[i]);
  }
  return 0;
}
