-- Seed 002's Timer on the test clock (asked for with the preset "test"): `advance` moves time,
-- each second delivers a tick.
local deps = require "deps"

deps.test("ticks as the test clock advances, stops when toggled off", function()
  local store = deps.TestStore {
    feature = "Timer",
    dependencies = function(d) d.continuousClock = "test" end,
  }
  store:send("toggleButtonTapped", nil, function(s) s.isRunning = true end)
  store:advance(1)
  store:receive("timerTicked", nil, function(s) s.secondsElapsed = 1 end)
  store:advance(2.5)
  store:receive("timerTicked", nil, function(s) s.secondsElapsed = 2 end)
  store:receive("timerTicked", nil, function(s) s.secondsElapsed = 3 end)
  store:send("toggleButtonTapped", nil, function(s) s.isRunning = false end)
  store:advance(10)
  store:finish()
end)
