/*
 * seed_test.c — a host program against an installed Deps (Tests/CMake/CMakeLists.txt builds it
 * through find_package(Deps) and Deps::Deps; scripts/test.d/70-install builds it with
 * pkg-config and runs it under valgrind with the installed valgrind.supp): a test store of the
 * seed's Counter, one action and its state checked; then NumberFact with numberFact.fetch
 * implemented in C, an effect received. Prints a line per check ("ok - …" / "not ok - …" with
 * the reason) and "N passed, N failed"; exits 1 on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <deps.h>

static int passed, failed;

static void check(int ok, const char *what, const char *why) {
  if (ok) {
    passed++;
    printf("ok - %s\n", what);
  } else {
    failed++;
    printf("not ok - %s\n    %s\n", what, why ? why : "");
  }
}

/* numberFact.fetch in C: input "1" -> output "\"1 is a good number.\"" (malloc'd). */
static int fetch(void *user_data, const char *input_json, char **output_json,
                 char **error_message) {
  char text[64];
  (void)user_data;
  (void)error_message;
  snprintf(text, sizeof text, "\"%s is a good number.\"", input_json);
  *output_json = malloc(strlen(text) + 1);
  if (*output_json == NULL) return 1;
  strcpy(*output_json, text);
  return 0;
}

static void number_fact(void) {
  deps_overrides *o = NULL;
  deps_test_store *t = NULL;
  int rc = deps_overrides_new(&o);
  if (rc == DEPS_OK) rc = deps_overrides_set_endpoint(o, "numberFact.fetch", fetch, NULL, NULL);
  if (rc == DEPS_OK) rc = deps_test_store_open(&t, "NumberFact", NULL, o);
  deps_overrides_free(o);
  check(rc == DEPS_OK, "a test store of NumberFact opens with a C numberFact.fetch",
        deps_last_error());
  if (rc != DEPS_OK) return;
  check(deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}") == DEPS_OK &&
            deps_test_store_send(t, "\"numberFactButtonTapped\"", NULL) == DEPS_OK &&
            deps_test_store_receive(
                t, "{\"numberFactResponse\":{\"success\":\"1 is a good number.\"}}",
                "{\"numberFact\":\"1 is a good number.\"}", 1000) == DEPS_OK &&
            deps_test_store_complete(t) == DEPS_OK,
        "the fact's effect calls the C callback and is received", deps_test_store_errmsg(t));
  deps_test_store_close(t);
}

int main(void) {
  deps_test_store *t = NULL;
  char *state;
  int rc;

  check(deps_version_number() / 1000000 == DEPS_VERSION_NUMBER / 1000000 &&
            deps_version_number() >= DEPS_VERSION_NUMBER,
        "the library's version matches deps.h (" DEPS_VERSION ")", deps_version());
  rc = deps_test_store_open(&t, "Counter", NULL, NULL);
  check(rc == DEPS_OK, "a test store of Counter opens", deps_last_error());
  if (rc != DEPS_OK) {
    printf("%d passed, %d failed\n", passed, failed);
    return 1;
  }
  rc = deps_test_store_send(t, "\"incrementButtonTapped\"", "{\"count\":1}");
  check(rc == DEPS_OK, "incrementButtonTapped sets count to 1", deps_test_store_errmsg(t));
  state = deps_test_store_state(t);
  check(state != NULL && strcmp(state, "{\"count\":1,\"isLoading\":false}") == 0,
        "the state is {\"count\":1,\"isLoading\":false}", state ? state : deps_last_error());
  deps_free(state);
  rc = deps_test_store_complete(t);
  check(rc == DEPS_OK, "the test store completes with nothing left", deps_test_store_errmsg(t));
  deps_test_store_close(t);
  number_fact();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
