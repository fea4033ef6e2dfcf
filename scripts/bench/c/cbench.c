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

struct op {
  const char *name;
  const char *target;
  const char *summary;
  void (*run)(long n);
};

static const struct op ops[] = {
  {"c.store.send+state", "ns 2000",
   "C: deps_store_send + deps_store_state (+ deps_free) on Counter", send_and_state},
  {"c.endpoint.callback", "none",
   "C: NumberFact send whose effect calls a C fetch callback and sends the response back",
   fact_round_trip},
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
        ops[i].run(1000);
        ops[i].run(atol(argv[3]));
      }
    }
  } else {
    for (size_t i = 0; i < count; i++) {
      double samples[7];
      long n = 100;
      ops[i].run(200);
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
  return 0;
}
