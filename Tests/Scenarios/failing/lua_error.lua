-- Fails on purpose: a plain Lua error inside a test, and a misspelt dependency path.
local deps = require "deps"

local function helper(t) return t.missing.field end

deps.test("an error in a helper", function()
  print("output of a failing test")
  helper({})
end)

deps.test("a misspelt dependency path", function()
  deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numbrFact.fetch = function() return "" end end,
  }
end)
