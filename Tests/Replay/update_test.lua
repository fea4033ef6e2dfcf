-- A scenario for `depsh test --update` (scripts/test.d/47-replay): its expected states were
-- written for a NumberFact that started at 1, and --update re-records them (the comments and
-- the rest of the file stay byte for byte).
local deps = require "deps"

deps.test("counter", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, function(s) s.count = 2 end) -- one line stays one line
end)

deps.test("number fact", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = function(n) return n .. " is odd" end end,
  }
  store:send("incrementButtonTapped")
  store:send("incrementButtonTapped", nil, function(s)
    s.count = 3
  end)
  store:send("numberFactButtonTapped", nil, function(s) s.numberFact = nil end)
  store:receive("numberFactResponse", { success = "2 is odd" }, function(s)
    s.numberFact = "3 is odd"
  end)
  store:finish()
end)

deps.test("already right", function()
  local store = deps.TestStore { feature = "Counter", state = { count = 1 } }
  store:send("decrementButtonTapped", nil, function(s) s.count = 0 end)
end)
