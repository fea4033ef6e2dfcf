-- Fails on purpose (golden output in Tests/Golden/depsh): the expected count is wrong, so the
-- assertion reports this file's line and a -expected/+actual diff; the next test still runs.
local deps = require "deps"

deps.test("state mismatch", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, function(s) s.count = 2 end)
end)

deps.test("a passing neighbour", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
end)
