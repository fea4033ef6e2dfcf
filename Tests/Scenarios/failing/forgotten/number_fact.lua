-- Fails on purpose (scripts/test.d/50-hardening): NumberFact's numberFact.fetch is not
-- overridden; its test value is unimplemented, so the test fails naming it (and the live HTTP
-- client is never called).
local deps = require "deps"

deps.test("forgotten override of numberFact.fetch", function()
  local store = deps.TestStore { feature = "NumberFact" }
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "0 is a number" }, function(s)
    s.numberFact = "0 is a number"
  end)
end)
