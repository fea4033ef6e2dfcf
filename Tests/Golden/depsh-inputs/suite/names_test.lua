-- Untagged tests for --filter, --filter-out and --shard.
local deps = require "deps"

for i = 1, 6 do
  deps.test("name " .. i, function()
    assert(("name " .. i):len() == 6)
  end)
end
