/*
 * check.h — the tiny test harness of the C tests (the programs in Tests/C): TAP-like output,
 * one case per RUN(...) or check_begin/check_end pair, checks that report the file:line and
 * what differed, and a closing line "N passed, N failed" that scripts/test.d/20-c adds up.
 *
 *   static void counter(void) {
 *     CHECK_RC(deps_test_store_send(t, action, patch), DEPS_OK, deps_test_store_errmsg(t));
 *   }
 *   int main(void) { RUN(counter); return check_summary(); }
 */
#ifndef DEPS_CHECK_H
#define DEPS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deps.h"

/* Every program uses only some helpers. */
#if defined(__GNUC__)
#define CHECK_HELPER static __attribute__((unused))
#else
#define CHECK_HELPER static
#endif

CHECK_HELPER int check_cases_passed, check_cases_failed, check_case_failures, check_case_number;
static const char *check_case_name = "";

/* Reports a failed check of the current case. */
CHECK_HELPER void check_fail(const char *file, int line, const char *what) {
  if (check_case_failures == 0) printf("not ok %d - %s\n", check_case_number, check_case_name);
  check_case_failures++;
  printf("    %s:%d: %s\n", file, line, what);
}

/* Starts a case (check_end finishes it); RUN does both around a function. */
CHECK_HELPER void check_begin(const char *name) {
  check_case_number++;
  check_case_name = name;
  check_case_failures = 0;
}

/* Finishes the case check_begin started: "ok N - name" or the failures already printed. */
CHECK_HELPER void check_end(void) {
  if (check_case_failures == 0) {
    check_cases_passed++;
    printf("ok %d - %s\n", check_case_number, check_case_name);
  } else {
    check_cases_failed++;
  }
  fflush(stdout);
}

/* Runs one named case. */
CHECK_HELPER void check_run(const char *name, void (*body)(void)) {
  check_begin(name);
  body();
  check_end();
}

#define RUN(fn) check_run(#fn, fn)

/* Prints the closing line; the exit status is 1 when a case failed. */
CHECK_HELPER int check_summary(void) {
  printf("%d passed, %d failed\n", check_cases_passed, check_cases_failed);
  return check_cases_failed == 0 ? 0 : 1;
}

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) check_fail(__FILE__, __LINE__, "expected: " #cond);       \
  } while (0)

/* Compares two strings (NULL-safe), printing both when they differ. */
CHECK_HELPER int check_streq_at(const char *file, int line, const char *got, const char *want) {
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

/* Compares like CHECK_STR after replacing the line number of every "<file>.swift:<line>" in
 * `got` by "#", so messages naming a Swift source location do not change with its edits. */
CHECK_HELPER int check_streq_masked_at(const char *file, int line, const char *got,
                                       const char *want) {
  char *masked;
  const char *from;
  char *to;
  int result;
  if (got == NULL) return check_streq_at(file, line, got, want);
  masked = (char *)malloc(strlen(got) + 1);
  for (from = got, to = masked; *from != '\0';) {
    if (strncmp(from, ".swift:", 7) == 0 && from[7] >= '0' && from[7] <= '9') {
      memcpy(to, ".swift:#", 8);
      to += 8;
      from += 7;
      while (*from >= '0' && *from <= '9') from++;
    } else {
      *to++ = *from++;
    }
  }
  *to = '\0';
  result = check_streq_at(file, line, masked, want);
  free(masked);
  return result;
}
#define CHECK_STR_MASKED(got, want) check_streq_masked_at(__FILE__, __LINE__, (got), (want))

/* Checks that `text` contains `part`. */
CHECK_HELPER int check_contains_at(const char *file, int line, const char *text, const char *part) {
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
CHECK_HELPER int check_rc_at(const char *file, int line, int got, int want, const char *message) {
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
