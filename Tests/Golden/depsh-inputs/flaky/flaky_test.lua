-- For --repeat: "alternates" fails every second run, "steady" always passes, "broken" never.
local deps = require "deps"

local runs = 0
deps.test("alternates", function()
  runs = runs + 1
  assert(runs % 2 == 1, "an even run")
end)

deps.test("steady", function() end)

deps.test("broken", function()
  error("always", 0)
end)
