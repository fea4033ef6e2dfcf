// deps.h compiled as C++ (g++ -Wall -Wextra -Werror): the extern "C" block, the enums and the
// typedefs must be valid C++, and the functions must link.
#include <cstring>

#include "deps.h"

static int endpoint(void *, const char *, char **, char **) { return 0; }
static void observer(void *, const char *, const char *) {}

int main() {
  deps_endpoint_fn fn = endpoint;
  deps_action_fn observe = observer;
  deps_context context = DEPS_CONTEXT_TEST;
  deps_store *store = NULL;
  (void)fn;
  if (deps_store_open(&store, "Counter", NULL, context, NULL) != DEPS_OK) return 1;
  if (deps_store_observe(store, observe, NULL) != DEPS_OK) return 1;
  deps_store_close(store);
  return std::strcmp(deps_version(), DEPS_VERSION) == 0 ? 0 : 1;
}
