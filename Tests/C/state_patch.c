/*
 * deps_store_state_patch: what changed since the last read, as a JSON merge patch.
 *  - the first read is the whole state, a read with no change in between is "{}";
 *  - a property, for random action sequences on the App feature (nested todo lists, an
 *    optional tutorial that appears and goes away): the patch applied to the previously read
 *    state is the new state. The check applies it with the library's own merge (a test store
 *    sent the same actions, told to expect exactly that patch on its previous state);
 *  - a NULL store is refused with a message.
 */
#include "random_app.h"

static void first_read_is_the_state_then_only_changes(void) {
  deps_store *s = NULL;
  char *state;
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_TEST, NULL), DEPS_OK,
           deps_last_error());
  if (s == NULL) return;
  CHECK_STATE(deps_store_state_patch(s), "{\"count\":0,\"isLoading\":false}");
  CHECK_STATE(deps_store_state_patch(s), "{}");
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_patch(s), "{\"count\":2}");
  CHECK_STATE(deps_store_state_patch(s), "{}");
  /* deps_store_state is a read too: the next patch is relative to it. */
  CHECK_RC(deps_store_send(s, "\"decrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  state = deps_store_state(s);
  CHECK_STR(state, "{\"count\":1,\"isLoading\":false}");
  deps_free(state);
  CHECK_STATE(deps_store_state_patch(s), "{}");
  deps_store_close(s);
}

static void nested_members_and_removals(void) {
  deps_store *s = NULL;
  deps_overrides *o = recipe();
  CHECK_RC(deps_store_open(&s, "App", NULL, DEPS_CONTEXT_TEST, o), DEPS_OK, deps_last_error());
  deps_overrides_free(o);
  if (s == NULL) return;
  CHECK_STATE(deps_store_state_patch(s), "{\"todos\":{\"todos\":[]}}");
  CHECK_RC(deps_store_send(s, "\"tutorialButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_patch(s), "{\"tutorial\":{\"todos\":[]}}");
  CHECK_RC(deps_store_send(s, "{\"tutorial\":\"addButtonTapped\"}"), DEPS_OK,
           deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_patch(s),
              "{\"tutorial\":{\"todos\":[{\"id\":\"00000000-0000-0000-0000-000000000000\","
              "\"createdAt\":0,\"title\":\"\"}]}}");
  CHECK_RC(deps_store_send(s, "\"tutorialDismissed\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_STATE(deps_store_state_patch(s), "{\"tutorial\":null}");
  deps_store_close(s);
}

static void patch_applied_to_the_previous_state_is_the_new_state(void) {
  unsigned long long seeds[] = {1, 2, 3, 14, 2026};
  for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
    deps_store *s = NULL;
    deps_test_store *t = NULL;
    deps_overrides *o = recipe();
    int tutorial_open = 0;
    unsigned added = 0;
    char *first;
    seed = seeds[k];
    CHECK_RC(deps_store_open(&s, "App", NULL, DEPS_CONTEXT_TEST, o), DEPS_OK, deps_last_error());
    CHECK_RC(deps_test_store_open(&t, "App", NULL, o), DEPS_OK, deps_last_error());
    deps_overrides_free(o);
    if (s == NULL || t == NULL) return;
    first = deps_store_state_patch(s);
    CHECK_STR(first, "{\"todos\":{\"todos\":[]}}");
    deps_free(first);
    for (int step = 0; step < 60; step++) {
      char action[256];
      char *patch;
      random_action(action, sizeof action, &tutorial_open, &added);
      CHECK_RC(deps_store_send(s, action), DEPS_OK, deps_store_errmsg(s));
      patch = deps_store_state_patch(s);
      CHECK(patch != NULL);
      if (patch == NULL) break;
      /* The test store checks: its previous state with this patch merged == its new state. */
      if (deps_test_store_send(t, action, strcmp(patch, "{}") == 0 ? NULL : patch) != DEPS_OK) {
        printf("    seed %llu, step %d, action %s, patch %s:\n%s\n", seeds[k], step, action,
               patch, deps_test_store_errmsg(t));
        CHECK(!"the patch applied to the previous state is the new state");
        deps_free(patch);
        break;
      }
      deps_free(patch);
    }
    CHECK_RC(deps_test_store_finish(t, 1000), DEPS_OK, deps_test_store_errmsg(t));
    deps_test_store_close(t);
    deps_store_close(s);
  }
}

/* The observe pattern: an observer reading the patch gets each action's own change. */
static char observed[256];

static void observe_patch(void *user_data, const char *action_json, const char *state_json) {
  char *patch = deps_store_state_patch((deps_store *)user_data);
  (void)action_json;
  (void)state_json;
  if (strlen(observed) + strlen(patch) + 2 < sizeof observed) {
    strcat(observed, patch);
    strcat(observed, ";");
  }
  deps_free(patch);
}

static void observer_reads_each_change(void) {
  deps_store *s = NULL;
  CHECK_RC(deps_store_open(&s, "Counter", NULL, DEPS_CONTEXT_TEST, NULL), DEPS_OK,
           deps_last_error());
  if (s == NULL) return;
  observed[0] = '\0';
  CHECK_RC(deps_store_observe(s, observe_patch, s), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"incrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_RC(deps_store_send(s, "\"decrementButtonTapped\""), DEPS_OK, deps_store_errmsg(s));
  CHECK_STR(observed, "{\"count\":1,\"isLoading\":false};{\"count\":2};{\"count\":1};");
  deps_store_close(s);
}

static void null_store(void) {
  CHECK(deps_store_state_patch(NULL) == NULL);
  CHECK_STR(deps_last_error(), "deps_store_state_patch: s is NULL");
}

int main(void) {
  RUN(first_read_is_the_state_then_only_changes);
  RUN(nested_members_and_removals);
  RUN(patch_applied_to_the_previous_state_is_the_new_state);
  RUN(observer_reads_each_change);
  RUN(null_store);
  return check_summary();
}
