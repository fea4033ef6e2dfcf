-- Run by scripts/test.d/48-reports: a Timer test that forgot its test clock. The runaway rule
-- cancels the spinning effect after 100 identical issues; depsh prints each issue once, then
-- the folded repeats with the count and the fix.
local deps = require "deps"
deps.test("timer without a test clock", function()
  local store = deps.TestStore { feature = "Timer" }
  store:send("toggleButtonTapped", nil, function(s) s.isRunning = true end)
end)
