/*
 * expect_issue.c — deps_test_store_expect_issue, C's withKnownIssue: a failing call inside the
 * body, the leftovers of a test store the body closes (not written to stderr) or leaves open
 * (completed when the body returns) are taken as its issues; it passes when one contains the
 * pattern and fails with "expected an issue matching …, none was reported" otherwise.
 */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>

#include "check.h"

static deps_test_store *left_open = NULL;

/* A Counter send whose expected state is wrong. */
static void wrong_state(void *user_data) {
  deps_test_store *t = NULL;
  (void)user_data;
  deps_test_store_open(&t, "Counter", NULL, NULL);
  if (deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\": 2}") != DEPS_EFAILED) {
    check_fail(__FILE__, __LINE__, "the send was expected to fail");
  }
  deps_test_store_close(t);
}

/* NumberFact's fetch answers, but the response is never received; the store is closed. */
static int fetch(void *u, const char *in, char **out, char **err) {
  (void)u; (void)in; (void)err;
  *out = malloc(8);
  strcpy(*out, "\"fact\"");
  return DEPS_OK;
}
static deps_test_store *fact_store(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  deps_overrides_new(&o);
  deps_overrides_set_endpoint(o, "numberFact.fetch", fetch, NULL, NULL);
  deps_test_store_open(&t, "NumberFact", NULL, o);
  deps_overrides_free(o);
  deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL);
  return t;
}
static void closes_with_leftovers(void *user_data) {
  (void)user_data;
  deps_test_store_close(fact_store());
}
static void leaves_open(void *user_data) {
  (void)user_data;
  left_open = fact_store();
}
static void passes(void *user_data) {
  deps_test_store *t = NULL;
  (void)user_data;
  deps_test_store_open(&t, "Counter", NULL, NULL);
  deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\": 1}");
  deps_test_store_close(t);
}

/* Runs expect_issue with stderr captured into `err` (at most size - 1 bytes). */
static int expect_capturing(void (*body)(void *), const char *pattern, char **issues, char *err,
                            size_t size) {
  FILE *capture = tmpfile();
  int saved = dup(STDERR_FILENO), rc;
  size_t n;
  fflush(stderr);
  dup2(fileno(capture), STDERR_FILENO);
  rc = deps_test_store_expect_issue(body, NULL, pattern, issues);
  fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  rewind(capture);
  n = fread(err, 1, size - 1, capture);
  err[n] = 0;
  fclose(capture);
  return rc;
}

/* True when text starts with prefix. */
static int starts_with(const char *text, const char *prefix) {
  return text != NULL && strncmp(text, prefix, strlen(prefix)) == 0;
}

static const char *const leftover =
  "The store received 1 unexpected action.";

static void a_failing_call_is_taken(void) {
  char *issues = NULL;
  char err[256];
  CHECK_RC(expect_capturing(wrong_state, "A state change does not match expectation", &issues,
                            err, sizeof err),
           DEPS_OK, deps_last_error());
  CHECK(starts_with(issues, "[\"A state change does not match expectation."));
  CHECK_STR(err, "");
  deps_free(issues);
  CHECK_RC(deps_test_store_expect_issue(wrong_state, NULL, NULL, NULL), DEPS_OK,
           deps_last_error());
}

static void leftovers_of_a_closed_store_are_taken_not_printed(void) {
  char err[256];
  CHECK_RC(expect_capturing(closes_with_leftovers, leftover, NULL, err, sizeof err), DEPS_OK,
           deps_last_error());
  CHECK_STR(err, "");
}

static void a_store_left_open_is_completed(void) {
  char err[256];
  CHECK_RC(expect_capturing(leaves_open, leftover, NULL, err, sizeof err), DEPS_OK,
           deps_last_error());
  /* Completed by expect_issue: closing it reports nothing more. */
  deps_test_store_close(left_open);
  CHECK_STR(deps_last_error(), "");
  CHECK_STR(err, "");
}

static void no_issue_fails(void) {
  char *issues = NULL;
  CHECK_RC(deps_test_store_expect_issue(passes, NULL, NULL, &issues), DEPS_EFAILED,
           deps_last_error());
  CHECK_STR(deps_last_error(), "deps_test_store_expect_issue: expected an issue, none was reported");
  CHECK_STR(issues, "[]");
  deps_free(issues);
  CHECK_RC(deps_test_store_expect_issue(passes, NULL, "count", NULL), DEPS_EFAILED,
           deps_last_error());
  CHECK_STR(deps_last_error(),
            "deps_test_store_expect_issue: expected an issue matching \"count\", none was reported");
}

static void other_issues_are_named(void) {
  char err[256];
  CHECK_RC(expect_capturing(closes_with_leftovers, "timed out", NULL, err, sizeof err),
           DEPS_EFAILED, deps_last_error());
  CHECK(starts_with(deps_last_error(),
                    "deps_test_store_expect_issue: expected an issue matching \"timed out\", none "
                    "was reported; the issues reported were:\n\nThe store received 1 unexpected "
                    "action"));
  CHECK_STR(err, "");
}

static void bad_input(void) {
  char *issues = (char *)"untouched";
  CHECK_RC(deps_test_store_expect_issue(NULL, NULL, NULL, &issues), DEPS_EINVAL,
           deps_last_error());
  CHECK_STR(deps_last_error(), "deps_test_store_expect_issue: body is NULL");
  CHECK(issues == NULL);
}

int main(void) {
  RUN(a_failing_call_is_taken);
  RUN(leftovers_of_a_closed_store_are_taken_not_printed);
  RUN(a_store_left_open_is_completed);
  RUN(no_issue_fails);
  RUN(other_issues_are_named);
  RUN(bad_input);
  return check_summary();
}
