-- Reports on stderr (scripts/test.d/30-lua checks it): a TestStore left with an unreceived
-- action and never closed is reported when the Lua state closes.
local deps = require "deps"

local store = deps.TestStore {
  feature = "NumberFact",
  dependencies = function(d) d.numberFact.fetch = function() return "fact" end end,
}
store:send("numberFactButtonTapped")
