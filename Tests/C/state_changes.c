/*
 * deps_store_state_changes: what changed since the previous call, as a JSON Patch (RFC 6902),
 * and deps_json_patch_apply, which applies one.
 *  - the first call is one replace of "" (the whole state), a call with no change between is
 *    "[]", a change is addressed by its path (one todo of a list is /todos/N/title);
 *  - a property, for random action sequences on the App feature (nested todo lists, an
 *    optional tutorial that appears and goes away): the changes applied to the previous state
 *    (deps_json_patch_apply) equal the state of a twin store sent the same actions (checked by
 *    a JSON Patch "test" operation, which compares as JSON values);
 *  - bad input to deps_json_patch_apply and a NULL store are refused with messages.
 */
#include <stdlib.h>

#include "random_app.h"

static void first_call_is_the_state_then_only_changes(void) {
  deps_store *s = NULL;
  char *state;
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_TEST, NULL), DEPS_OK,
           deps_last_error());
  if (s == NULL) return;
  CHECK_STATE(deps_store_state_changes(s),
              "[{\"op\":\"replace\",\"path\":\"\",\"value\":{\"count\":0,\"isLoading\":false}}]");
  CHECK_STATE(deps_store_state_changes(s), "[]");
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_changes(s), "[{\"op\":\"replace\",\"path\":\"/count\",\"value\":2}]");
  /* The other reads keep their own previous state. */
  CHECK_RC(deps_store_send(s, "\"decrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  state = deps_store_state(s);
  CHECK_STR(state, "{\"count\":1,\"isLoading\":false}");
  deps_free(state);
  CHECK_STATE(deps_store_state_changes(s), "[{\"op\":\"replace\",\"path\":\"/count\",\"value\":1}]");
  CHECK_STATE(deps_store_state_changes(s), "[]");
  deps_store_close(s);
}

static void elements_members_and_removals(void) {
  deps_store *s = NULL;
  deps_overrides *o = recipe();
  CHECK_RC(deps_store_open(&s, "App", NULL, DEPS_CONTEXT_TEST, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  if (s == NULL) return;
  CHECK_STATE(deps_store_state_changes(s),
              "[{\"op\":\"replace\",\"path\":\"\",\"value\":{\"todos\":{\"todos\":[]}}}]");
  CHECK_RC(deps_store_send(s, "\"tutorialButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_changes(s),
              "[{\"op\":\"add\",\"path\":\"/tutorial\",\"value\":{\"todos\":[]}}]");
  CHECK_RC(deps_store_send(s, "{\"tutorial\":\"addButtonTapped\"}"), DEPS_OK,
           deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "{\"tutorial\":\"addButtonTapped\"}"), DEPS_OK,
           deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_changes(s),
              "[{\"op\":\"add\",\"path\":\"/tutorial/todos/0\",\"value\":"
              "{\"id\":\"00000000-0000-0000-0000-000000000000\",\"createdAt\":0,\"title\":\"\"}},"
              "{\"op\":\"add\",\"path\":\"/tutorial/todos/1\",\"value\":"
              "{\"id\":\"00000000-0000-0000-0000-000000000001\",\"createdAt\":0,\"title\":\"\"}}]");
  CHECK_RC(deps_store_send(s, "{\"tutorial\":{\"titleChanged\":{\"id\":"
                              "\"00000000-0000-0000-0000-000000000001\",\"title\":\"milk\"}}}"),
           DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_changes(s),
              "[{\"op\":\"replace\",\"path\":\"/tutorial/todos/1/title\",\"value\":\"milk\"}]");
  CHECK_RC(deps_store_send(s, "{\"tutorial\":{\"deleteButtonTapped\":{\"id\":"
                              "\"00000000-0000-0000-0000-000000000000\"}}}"),
           DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_changes(s), "[{\"op\":\"remove\",\"path\":\"/tutorial/todos/0\"}]");
  CHECK_RC(deps_store_send(s, "\"tutorialDismissed\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_changes(s), "[{\"op\":\"remove\",\"path\":\"/tutorial\"}]");
  deps_store_close(s);
}

/* One todo of a long list changed: one operation, whatever the list's length. */
static void one_item_of_a_long_list(void) {
  enum { count = 2000 };
  deps_store *s = NULL;
  size_t capacity = 32 + (size_t)count * 96, used = 0;
  char *state = malloc(capacity);
  char *changes;
  if (state == NULL) return;
  used += (size_t)sprintf(state + used, "{\"todos\":[");
  for (int i = 0; i < count; i++) {
    used += (size_t)sprintf(state + used,
                            "%s{\"id\":\"00000000-0000-0000-0000-%012d\",\"createdAt\":0,"
                            "\"title\":\"todo %d\"}", i ? "," : "", i, i);
  }
  sprintf(state + used, "]}");
  CHECK_RC(deps_store_open(&s, "Todos", state, DEPS_CONTEXT_PREVIEW, NULL), DEPS_OK,
           deps_last_error());
  free(state);
  if (s == NULL) return;
  changes = deps_store_state_changes(s);
  CHECK(changes != NULL && strlen(changes) > (size_t)count * 60);
  deps_free(changes);
  CHECK_RC(deps_store_send(s, "{\"titleChanged\":{\"id\":\"00000000-0000-0000-0000-000000001234\","
                              "\"title\":\"milk\"}}"),
           DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_changes(s),
              "[{\"op\":\"replace\",\"path\":\"/todos/1234/title\",\"value\":\"milk\"}]");
  deps_store_close(s);
}

/* deps_json_patch_apply(document, [{"op":"test","path":"","value":expected}]) == DEPS_OK. */
static int same_json(const char *document, const char *expected) {
  size_t length = strlen(expected) + 64;
  char *test = malloc(length);
  char *out = NULL;
  int rc;
  if (test == NULL) return 0;
  snprintf(test, length, "[{\"op\":\"test\",\"path\":\"\",\"value\":%s}]", expected);
  rc = deps_json_patch_apply(document, test, &out);
  deps_free(out);
  free(test);
  return rc == DEPS_OK;
}

static void changes_applied_to_the_previous_state_are_the_new_state(void) {
  unsigned long long seeds[] = {1, 2, 3, 14, 2026};
  for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
    deps_store *s = NULL, *twin = NULL;
    deps_overrides *o = recipe();
    int tutorial_open = 0;
    unsigned added = 0;
    char *document = NULL;
    seed = seeds[k];
    CHECK_RC(deps_store_open(&s, "App", NULL, DEPS_CONTEXT_TEST, o), DEPS_OK, deps_last_error());
    CHECK_RC(deps_store_open(&twin, "App", NULL, DEPS_CONTEXT_TEST, o), DEPS_OK,
             deps_last_error());
    deps_overrides_free(o);
    if (s == NULL || twin == NULL) return;
    for (int step = 0; step < 80; step++) {
      char action[256];
      char *changes, *applied = NULL, *expected;
      if (step > 0) {
        random_action(action, sizeof action, &tutorial_open, &added);
        CHECK_RC(deps_store_send(s, action), DEPS_OK, deps_store_errmsg(s));
        CHECK_RC(deps_store_send(twin, action), DEPS_OK, deps_store_errmsg(twin));
      }
      changes = deps_store_state_changes(s);
      CHECK(changes != NULL);
      if (changes == NULL) break;
      CHECK_RC(deps_json_patch_apply(document ? document : "null", changes, &applied), DEPS_OK,
               deps_last_error());
      expected = deps_store_state(twin);
      if (applied == NULL || !same_json(applied, expected)) {
        printf("    seed %llu, step %d, changes %s:\n    applied %s\n    expected %s\n",
               seeds[k], step, changes, applied ? applied : "(none)", expected);
        CHECK(!"the changes applied to the previous state are the new state");
        deps_free(changes);
        deps_free(applied);
        deps_free(expected);
        break;
      }
      deps_free(changes);
      deps_free(expected);
      deps_free(document);
      document = applied;
    }
    deps_free(document);
    deps_store_close(twin);
    deps_store_close(s);
  }
}

/* The observe pattern: an observer reading the changes gets each action's own change. */
static char observed[512];

static void observe_changes(void *user_data, const char *action_json, const char *state_json) {
  char *changes = deps_store_state_changes((deps_store *)user_data);
  (void)action_json;
  (void)state_json;
  if (strlen(observed) + strlen(changes) + 2 < sizeof observed) {
    strcat(observed, changes);
    strcat(observed, ";");
  }
  deps_free(changes);
}

static void observer_reads_each_change(void) {
  deps_store *s = NULL;
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_TEST, NULL), DEPS_OK,
           deps_last_error());
  if (s == NULL) return;
  deps_free(deps_store_state_changes(s));
  observed[0] = '\0';
  CHECK_RC(deps_store_observe(s, observe_changes, s), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"decrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_STR(observed, "[{\"op\":\"replace\",\"path\":\"/count\",\"value\":1}];"
                      "[{\"op\":\"replace\",\"path\":\"/count\",\"value\":0}];");
  deps_store_close(s);
}

static void apply_and_its_errors(void) {
  char *out = (char *)"unchanged";
  CHECK_RC(deps_json_patch_apply("{\"a\":[1,2]}",
                                 "[{\"op\":\"add\",\"path\":\"/a/1\",\"value\":9},"
                                 "{\"op\":\"remove\",\"path\":\"/a/0\"}]",
                                 &out),
           DEPS_OK, deps_last_error());
  CHECK_STR(out, "{\"a\":[9,2]}");
  deps_free(out);
  out = (char *)"unchanged";
  CHECK_RC(deps_json_patch_apply("{\"a\":1}", "[{\"op\":\"test\",\"path\":\"/a\",\"value\":2}]",
                                 &out),
           DEPS_EDECODE, "a failed test");
  CHECK(out == NULL);
  CHECK_STR(deps_last_error(),
            "deps_json_patch_apply: JSON Patch operation 0: test failed at \"/a\": expected 2, "
            "got 1");
  CHECK_RC(deps_json_patch_apply("{\"a\":1}", "[{\"op\":\"remove\",\"path\":\"/b\"}]", &out),
           DEPS_EDECODE, "a missing member");
  CHECK_STR(deps_last_error(), "deps_json_patch_apply: JSON Patch operation 0: no member \"b\"");
  CHECK_RC(deps_json_patch_apply("{\"a\":1}", "{\"op\":\"remove\"}", &out), DEPS_EDECODE,
           "not an array");
  CHECK_STR(deps_last_error(), "deps_json_patch_apply: expected a JSON Patch (an array of "
                               "operations), got {\"op\":\"remove\"}");
  CHECK_RC(deps_json_patch_apply("{\"a\":", "[]", &out), DEPS_EDECODE, "malformed JSON");
  CHECK_STR(deps_last_error(), "deps_json_patch_apply: document_json: malformed JSON at byte 5: "
                               "expected a value, got end of input");
  CHECK_RC(deps_json_patch_apply(NULL, "[]", &out), DEPS_EINVAL, "NULL document");
  CHECK_STR(deps_last_error(), "deps_json_patch_apply: document_json is NULL");
  CHECK_RC(deps_json_patch_apply("{}", NULL, &out), DEPS_EINVAL, "NULL patch");
  CHECK_STR(deps_last_error(), "deps_json_patch_apply: patch_json is NULL");
  CHECK_RC(deps_json_patch_apply("{}", "[]", NULL), DEPS_EINVAL, "NULL out");
  CHECK_STR(deps_last_error(), "deps_json_patch_apply: out_json is NULL");
}

static void null_store(void) {
  CHECK(deps_store_state_changes(NULL) == NULL);
  CHECK_STR(deps_last_error(), "deps_store_state_changes: s is NULL");
}

int main(void) {
  RUN(first_call_is_the_state_then_only_changes);
  RUN(elements_members_and_removals);
  RUN(one_item_of_a_long_list);
  RUN(changes_applied_to_the_previous_state_are_the_new_state);
  RUN(observer_reads_each_change);
  RUN(apply_and_its_errors);
  RUN(null_store);
  return check_summary();
}
