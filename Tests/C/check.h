/*
 * check.h — the tiny test harness of the C tests (the programs in Tests/C): TAP-like output, one case per
 * CASE(...) block, checks that report the file:line and what differed, and a closing line
 * "N passed, N failed" that scripts/test.d/20-c adds up.
 *
 *   static void number_fact(void) { CHECK_RC(deps_test_store_send(t, a, p), DEPS_OK, t); }
 *   int main(void) { RUN(number_fact); return check_summary(); }
 */
#ifndef DEPS_CHECK_H
#define DEPS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deps.h"

static int check_cases_passed, check_cases_failed, check_case_failures, check_case_number;
static const char *check_case_name = "";

/* Reports a failed check of the current case. */
static void check_fail(const char *file, int line, const char *what) {
  if (check_case_failures == 0) printf("not ok %d - %s\n", check_case_number, check_case_name);
  check_case_failures++;
  printf("    %s:%d: %s\n", file, line, what);
}

/* Runs one named case. */
static void check_run(const char *name, void (*body)(void)) {
  check_case_number++;
  check_case_name = name;
  check_case_failures = 0;
  body();
  if (check_case_failures == 0) {
    check_cases_passed++;
    printf("ok %d - %s\n", check_case_number, name);
  } else {
    check_cases_failed++;
  }
  fflush(stdout);
}

#define RUN(fn) check_run(#fn, fn)

/* Prints the closing line; the exit status is 1 when a case failed. */
static int check_summary(void) {
  printf("%d passed, %d failed\n", check_cases_passed, check_cases_failed);
  return check_cases_failed == 0 ? 0 : 1;
}

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) check_fail(__FILE__, __LINE__, "expected: " #cond);       \
  } while (0)

/* Compares two strings (NULL-safe), printing both when they differ. */
static int check_streq_at(const char *file, int line, const char *got, const char *want) {
  if (got != NULL && want != NULL && strcmp(got, want) == 0) return 1;
  {
    size_t size = (got ? strlen(got) : 6) + (want ? strlen(want) : 6) + 64;
    char *text = (char *)malloc(size);
    snprintf(text, size, "strings differ\n--- got:\n%s\n--- want:\n%s\n---", got ? got : "(null)",
             want ? want : "(null)");
    check_fail(file, line, text);
    free(text);
  }
  return 0;
}
#define CHECK_STR(got, want) check_streq_at(__FILE__, __LINE__, (got), (want))

/* Checks that `text` contains `part`. */
static int check_contains_at(const char *file, int line, const char *text, const char *part) {
  if (text != NULL && strstr(text, part) != NULL) return 1;
  {
    size_t size = (text ? strlen(text) : 6) + strlen(part) + 64;
    char *message = (char *)malloc(size);
    snprintf(message, size, "expected to contain\n  %s\n--- in:\n%s\n---", part,
             text ? text : "(null)");
    check_fail(file, line, message);
    free(message);
  }
  return 0;
}
#define CHECK_CONTAINS(text, part) check_contains_at(__FILE__, __LINE__, (text), (part))

/* Checks a status code, printing `message` (an errmsg) when it differs. */
static int check_rc_at(const char *file, int line, int got, int want, const char *message) {
  char text[256];
  if (got == want) return 1;
  snprintf(text, sizeof text, "status %d, expected %d; message:", got, want);
  check_fail(file, line, text);
  printf("      %s\n", message ? message : "(null)");
  return 0;
}
#define CHECK_RC(expr, want, message_expr)                                         \
  do {                                                                             \
    int check_rc_value = (expr);                                                   \
    check_rc_at(__FILE__, __LINE__, check_rc_value, (want), (message_expr));       \
  } while (0)

/* Checks a store's state JSON (freeing it). */
#define CHECK_STATE(json_expr, want)                       \
  do {                                                     \
    char *check_state_json = (json_expr);                  \
    CHECK_STR(check_state_json, (want));                   \
    deps_free(check_state_json);                           \
  } while (0)

#endif /* DEPS_CHECK_H */
