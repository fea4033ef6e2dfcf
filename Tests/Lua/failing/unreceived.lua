-- Must fail (scripts/test.d/30-lua checks the exit status and the message): plain lua5.4, a
-- TestStore whose effect's action is never received; store:finish() reports it.
local deps = require "deps"

local store = deps.TestStore {
  feature = "NumberFact",
  dependencies = function(d) d.numberFact.fetch = function(n) return n .. " is a good number." end end,
}
store:send("numberFactButtonTapped")
store:finish()
