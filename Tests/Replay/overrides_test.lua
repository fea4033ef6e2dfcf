-- Scenarios for scripts/test.d/47-replay: an unused override, a failing NumberFact test, stores
-- reaching numberFact.fetch with no override (directly; through a child, beside an unknown one).
local deps = require "deps"
deps.test("unused override", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = function() return "x" end end,
  }
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
end)
deps.test("fails", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = function(n) return n .. " odd" end end,
  }
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "0 even" }, function(s) s.numberFact = "0 even" end)
end)
deps.test("uncovered", function()
  local store = deps.TestStore { feature = "NumberFact" }
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
end)
deps.feature { name = "FactParent", reduce = function() end, children = { "NumberFact", "Missing" } }
deps.test("uncovered child", function()
  deps.TestStore { feature = "FactParent" } -- refused at open under --check-deps
end)
