-- deps.runtime_paths(): stock lua5.4 loads deps.so without RTLD_GLOBAL, and the library still
-- finds the Swift runtime's entry points, so every speed trick takes its fast path — unless
-- DEPS_SAFE_RUNTIME=1 forces the safe ones, and DEPS_RUNTIME_FAIL_CHECK=<trick>,… makes the named
-- tricks' checks fail (scripts/test.d/30-lua runs this script all three ways).
local check = require "check"
local deps = require "deps"

local forced = os.getenv("DEPS_SAFE_RUNTIME") == "1"
local failing = {}
for name in (os.getenv("DEPS_RUNTIME_FAIL_CHECK") or ""):gmatch("[^,]+") do failing[name] = true end
local expected = forced and "safe (DEPS_SAFE_RUNTIME=1)" or "fast"
local function path(name)
  if failing[name] then return "safe (check made to fail)" end
  return expected
end
check.eq(deps.runtime_paths(), {
  task_locals = path("task_locals"),
  enum_layout = path("enum_layout"),
  enum_witnesses = (not forced and not failing.enum_witnesses and failing.enum_layout)
    and "safe (enum_layout not used)" or path("enum_witnesses"),
  keyed_containers = path("keyed_containers"),
  test_frameworks = (forced or failing.test_frameworks) and path("test_frameworks")
    or "not used (no test framework loaded)",
  effect_closures = path("effect_closures"),
  enqueue_hook = path("enqueue_hook"),
}, "deps.runtime_paths()")
-- A fresh table each call (a caller may keep or change it).
local first = deps.runtime_paths()
first.task_locals = nil
check.eq(deps.runtime_paths().task_locals, path("task_locals"), "a second call")

-- The same results on either path: a scope, a store and a test store work.
deps.with_dependencies(function(d) d.numberFact.fetch = function(n) return n .. "!" end end,
  function()
    check.eq(deps.dependency("numberFact.fetch")(7), "7!", "an override in a scope")
  end)
local store <close> = deps.TestStore { feature = "Counter" }
store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)

local failed = os.getenv("DEPS_RUNTIME_FAIL_CHECK")
check.done(forced and "runtime_paths (DEPS_SAFE_RUNTIME=1)"
  or failed and ("runtime_paths (DEPS_RUNTIME_FAIL_CHECK=" .. failed .. ")") or "runtime_paths")
