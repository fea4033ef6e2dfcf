-- Seed 000's NumberFact test, line for line: the fact comes from an override written in Lua.
local deps = require "deps"

deps.test("the seed's TestStore test (Korean override)", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d)
      d.numberFact.fetch = function(n) return n .. "은 좋은 숫자입니다." end
    end,
  }
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "1은 좋은 숫자입니다." }, function(s)
    s.numberFact = "1은 좋은 숫자입니다."
  end)
  store:finish()
end)

local function goodNumber(n) return n .. "은 좋은 숫자입니다." end

deps.test("decrement below zero, then a fact", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    state = { count = 1 },
    dependencies = function(d)
      d.numberFact.fetch = function(n) return n .. " is a good number." end
    end,
  }
  store:send("decrementButtonTapped", nil, function(s) s.count = 0 end)
  store:send("decrementButtonTapped", nil, function(s) s.count = -1 end)
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "-1 is a good number." }, function(s)
    s.numberFact = "-1 is a good number."
  end)
end)

deps.test("changing an override later (store.dependencies)", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = goodNumber end,
  }
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "0은 좋은 숫자입니다." }, function(s)
    s.numberFact = "0은 좋은 숫자입니다."
  end)
  store.dependencies.numberFact.fetch = function(n) return n .. "!" end
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "0!" }, function(s) s.numberFact = "0!" end)
end)

deps.test("non-exhaustive: skip the received actions", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = goodNumber end,
  }
  store.exhaustivity = "off"
  store:send("numberFactButtonTapped")
  store:skip_received_actions()
  assert(store.state.numberFact == "0은 좋은 숫자입니다.", store.state.numberFact)
end)
