-- Seed 001's Counter: `delayClient.wait` has only a live value (it sleeps a second), so the
-- test overrides it with a Lua function that returns at once.
local deps = require "deps"

deps.test("increment and decrement", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
  store:send("incrementButtonTapped", nil, function(s) s.count = 2 end)
  store:send("decrementButtonTapped", nil, function(s) s.count = 1 end)
end)

deps.test("delayed increment with d.delayClient.wait overridden", function()
  local waited = 0
  local store = deps.TestStore {
    feature = "Counter",
    dependencies = function(d)
      d.delayClient.wait = function() waited = waited + 1 end
    end,
  }
  store:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
  store:receive("delayedIncrementFinished", nil, function(s)
    s.count = 1
    s.isLoading = false
  end)
  store:finish()
  assert(waited == 1, "the override ran " .. waited .. " times")
end)
