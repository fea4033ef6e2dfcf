-- deps.runtime_paths(): stock lua5.4 loads deps.so without RTLD_GLOBAL, and the library still
-- finds the Swift runtime's entry points, so every speed trick takes its fast path — unless
-- DEPS_SAFE_RUNTIME=1 forces the safe ones (scripts/test.d/30-lua runs this script both ways).
local check = require "check"
local deps = require "deps"

local forced = os.getenv("DEPS_SAFE_RUNTIME") == "1"
local expected = forced and "safe (DEPS_SAFE_RUNTIME=1)" or "fast"
check.eq(deps.runtime_paths(), {
  task_locals = expected,
  enum_layout = "fast", -- the enum JSON shape depends on it: DEPS_SAFE_RUNTIME leaves it on
  enum_witnesses = expected,
  keyed_containers = expected,
  test_frameworks = forced and expected or "not used (no test framework loaded)",
  effect_closures = expected,
}, "deps.runtime_paths()")
-- A fresh table each call (a caller may keep or change it).
local first = deps.runtime_paths()
first.task_locals = nil
check.eq(deps.runtime_paths().task_locals, expected, "a second call")

-- The same results on either path: a scope, a store and a test store work.
deps.with_dependencies(function(d) d.numberFact.fetch = function(n) return n .. "!" end end,
  function()
    check.eq(deps.dependency("numberFact.fetch")(7), "7!", "an override in a scope")
  end)
local store <close> = deps.TestStore { feature = "Counter" }
store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)

check.done(forced and "runtime_paths (DEPS_SAFE_RUNTIME=1)" or "runtime_paths")
