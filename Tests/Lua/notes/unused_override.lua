-- Run by scripts/test.d/30-lua with `lua5.4 -W`: deps.end_test() gives the note of an override
-- the test never used to Lua's warn (stderr shows "Lua warning: note: …"); the test passes.
local deps = require "deps"
local store = deps.TestStore {
  feature = "NumberFact",
  dependencies = function(d) d.numberFact.fetch = function() return "x" end end,
}
store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
store:finish()
deps.end_test()
print("ok - the test passed; its note went to warn")
