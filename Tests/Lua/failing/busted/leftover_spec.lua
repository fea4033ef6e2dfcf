-- Must fail (scripts/test.d/30-lua checks the verdict test by test): with `deps.checked_it`,
-- a test whose test store leaves an action unreceived fails — that test, not a later one.
local deps = require "deps"

describe("leftovers", function()
  local it = deps.checked_it(it)

  it("passes when every action is received", function()
    local store = deps.TestStore {
      feature = "NumberFact",
      dependencies = function(d) d.numberFact.fetch = function() return "fact" end end,
    }
    store:send("numberFactButtonTapped")
    store:receive("numberFactResponse", { success = "fact" }, function(s) s.numberFact = "fact" end)
  end)

  it("leaves numberFactResponse unreceived", function()
    local store = deps.TestStore {
      feature = "NumberFact",
      dependencies = function(d) d.numberFact.fetch = function() return "fact" end end,
    }
    store:send("numberFactButtonTapped")
  end)

  it("runs after the failing one", function()
    local store = deps.TestStore { feature = "Counter" }
    store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
  end)
end)
