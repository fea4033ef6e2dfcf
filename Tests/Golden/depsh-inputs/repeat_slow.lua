-- --repeat with --timeout: each run takes 0.3 s, under the 1 s limit, while the six runs
-- together take longer than the limit and its grace; the limit is per run, so the test passes.
local deps = require "deps"

deps.test("three tenths per run", function()
  local stop = os.clock() + 0.3
  while os.clock() < stop do end
end)
