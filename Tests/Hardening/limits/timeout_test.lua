-- `depsh test --timeout 0.5` stops runaway Lua wherever it runs: in the test, in an override the
-- store calls from Swift, in a deps.run effect; the next test runs. Run by
-- scripts/test.d/50-hardening; its TAP output is in ../golden/timeout.tap.
local deps = require "deps"

deps.test("a runaway loop in the test", function()
  while true do end
end)

deps.test("a runaway override called from Swift", function()
  local store = deps.TestStore {
    feature = "Counter",
    dependencies = function(d) d.delayClient.wait = function() while true do end end end,
  }
  store:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
  store:receive("delayedIncrementFinished", nil, function(s)
    s.count = 1
    s.isLoading = false
  end)
end)

deps.test("a runaway deps.run effect", function()
  deps.feature { name = "Runaway", reduce = function(_, action)
    if action == "go" then return deps.run(function() while true do end end) end
  end }
  local store = deps.TestStore { feature = "Runaway" }
  store:send("go")
  store:finish()
end)

deps.test("the next test runs", function()
  assert(1 + 1 == 2)
end)
