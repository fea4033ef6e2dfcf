-- Fails on purpose (scripts/test.d/50-hardening): Counter's delayClient.wait has only a live
-- value; a test that does not override it fails naming delayClient.
local deps = require "deps"

deps.test("forgotten override of delayClient.wait", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
  store:receive("delayedIncrementFinished", nil, function(s)
    s.count = 1
    s.isLoading = false
  end)
end)
