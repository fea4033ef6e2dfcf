-- Expectations `depsh test --update` refuses to rewrite (scripts/test.d/47-replay): each fails,
-- is named with its file:line and why, and the file stays as it is.
local deps = require "deps"
local function expect(s) s.count = 5 end

deps.test("an assert function defined elsewhere", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, expect)
end)

deps.test("an assert function that does more than assign", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, function(s)
    for i = 1, 2 do s.count = i end
  end)
end)

deps.test("two calls on one line", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped") store:send("incrementButtonTapped")
end)

deps.test("a non-exhaustive store", function()
  local store = deps.TestStore { feature = "Counter", exhaustivity = "off" }
  store:send("incrementButtonTapped", nil, function(s) s.count = 9 end)
end)

deps.test("a received action that differs", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = function(n) return n .. " is odd" end end,
  }
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "7 is odd" })
end)

deps.test("a send before the received actions", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = function(n) return n .. " is odd" end end,
  }
  store:send("numberFactButtonTapped")
  store:send("incrementButtonTapped", nil, function(s) s.count = 2 end)
end)

local function step(store)
  store:send("incrementButtonTapped", nil, function(s) s.count = 5 end)
end

deps.test("a helper's call, failing with one state", function()
  step(deps.TestStore { feature = "Counter" })
end)

deps.test("a helper's call, failing with another", function()
  step(deps.TestStore { feature = "Counter", state = { count = 10 } })
end)

deps.test("a call not written as store:send(…)", function()
  local store = deps.TestStore { feature = "Counter" }
  local send = store.send
  send(store, "incrementButtonTapped", nil, function(s) s.count = 5 end)
end)
