-- Tagged tests over a Lua feature (lib/tally.lua); "reset" is never sent, so coverage
-- reports that line of the feature as not run.
local deps = require "deps"
local Tally = require "lib.tally"

deps.test("adds", { tags = { "fast" } }, function()
  local store = deps.TestStore { feature = Tally }
  store:send("add", 2, function(s) s.count = 2 end)
end)

deps.test("adds twice", { tags = { "fast", "math" } }, function()
  local store = deps.TestStore { feature = Tally }
  store:send("add", 1, function(s) s.count = 1 end)
  store:send("add", 1, function(s) s.count = 2 end)
end)

deps.test("slow sum", { tags = { "slow" } }, function()
  local store = deps.TestStore { feature = Tally }
  store:send("add", 40, function(s) s.count = 40 end)
end)
