/* The ABI baseline of deps.h's functions and constants: every function of the released API
 * with the exact type it had (callback typedefs spelled out), every status code with its value.
 * A change to a signature or a value makes this file fail to compile (gcc -Werror), so an
 * incompatible change cannot pass unnoticed; Tests/ABI/libDeps.abi pins the exported symbols,
 * their version node and the SONAME (abidiff, scripts/test.d/70-install). Extend both when a
 * function is added; never edit an existing line (see docs/embedding.md, "ABI policy"). */
#include <deps.h>

/* Assigning the function to a pointer of the baseline type: an incompatible type is an error. */
#define CHECK(ret, name, args) ret(*const baseline_##name) args = name; (void)baseline_##name
#define VALUE(name, value) typedef char baseline_value_##name[(name) == (value) ? 1 : -1]

VALUE(DEPS_OK, 0);
VALUE(DEPS_ERROR, 1);
VALUE(DEPS_EINVAL, 2);
VALUE(DEPS_ENOTFOUND, 3);
VALUE(DEPS_EDECODE, 4);
VALUE(DEPS_ETIMEOUT, 5);
VALUE(DEPS_EFAILED, 6);
VALUE(DEPS_CONTEXT_LIVE, 0);
VALUE(DEPS_CONTEXT_PREVIEW, 1);
VALUE(DEPS_CONTEXT_TEST, 2);

int main(void) {
  CHECK(const char *, deps_version, (void));
  CHECK(int, deps_version_number, (void));
  CHECK(const char *, deps_last_error, (void));
  CHECK(void, deps_free, (void *));
  CHECK(char *, deps_features_json, (void));
  CHECK(char *, deps_dependencies_json, (void));
  CHECK(char *, deps_runtime_paths_json, (void));
  CHECK(int, deps_overrides_new, (deps_overrides **));
  CHECK(int, deps_overrides_set, (deps_overrides *, const char *, const char *));
  CHECK(int, deps_overrides_set_endpoint, (deps_overrides *, const char *, int (*)(void *, const char *, char **, char **), void *, void (*) (void *)));
  CHECK(int, deps_dependency_register, (const char *, int (*)(void *, const char *, char **, char **), int (*)(void *, const char *, char **, char **), int (*)(void *, const char *, char **, char **), void *, void (*) (void *)));
  CHECK(void, deps_overrides_free, (deps_overrides *));
  CHECK(int, deps_store_open, (deps_store **, const char *, const char *, deps_context, const deps_overrides *));
  CHECK(int, deps_store_send, (deps_store *, const char *));
  CHECK(int, deps_store_run, (deps_store *, int));
  CHECK(char *, deps_store_state, (deps_store *));
  CHECK(char *, deps_store_state_patch, (deps_store *));
  CHECK(char *, deps_store_state_changes, (deps_store *));
  CHECK(int, deps_json_patch_apply, (const char *, const char *, char **));
  CHECK(int, deps_store_observe, (deps_store *, void (*)(void *, const char *, const char *), void *));
  CHECK(const char *, deps_store_errmsg, (deps_store *));
  CHECK(void, deps_store_close, (deps_store *));
  CHECK(int, deps_test_store_open, (deps_test_store **, const char *, const char *, const deps_overrides *));
  CHECK(int, deps_test_store_send, (deps_test_store *, const char *, const char *));
  CHECK(int, deps_test_store_receive, (deps_test_store *, const char *, const char *, int));
  CHECK(int, deps_test_store_advance, (deps_test_store *, double));
  CHECK(int, deps_test_store_finish, (deps_test_store *, int));
  CHECK(int, deps_test_store_set_exhaustive, (deps_test_store *, int));
  CHECK(const char *, deps_test_store_errmsg, (deps_test_store *));
  CHECK(void, deps_test_store_close, (deps_test_store *));
  CHECK(int, deps_test_store_complete, (deps_test_store *));
  CHECK(char *, deps_test_store_state, (deps_test_store *));
  CHECK(int, deps_test_store_skip_received_actions, (deps_test_store *));
  CHECK(int, deps_test_store_skip_in_flight_effects, (deps_test_store *));
  CHECK(int, deps_test_store_apply_overrides, (deps_test_store *, const deps_overrides *));
  CHECK(int, deps_lua_load, (const char *));
  CHECK(int, deps_store_fd, (deps_store *));
  CHECK(int, deps_store_next_deadline_ms, (deps_store *));
  CHECK(int, deps_test_store_fd, (deps_test_store *));
  CHECK(int, deps_test_store_next_deadline_ms, (deps_test_store *));
  CHECK(int, deps_test_store_expect_issue, (void (*)(void *), void *, const char *, char **));
  return 0;
}
