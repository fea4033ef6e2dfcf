-- Run by scripts/test.d/48-reports with --timeline DIR: each failing test's traced or cassette
-- stores (their own recorders, not only --trace's) have their timelines written; the notes of
-- unused overrides appear under the test that opened the store, also when it failed early or
-- is the last one.
local deps = require "deps"
local here = debug.getinfo(1, "S").source:match("^@(.*)$") or ""
local cassette = (here:match("^(.*/)[^/]*$") or "") .. "fact.cassette.json"

deps.test("a traced store fails", function()
  local s = deps.TestStore { feature = "NumberFact", trace = true,
    dependencies = function(d) d.numberFact.fetch = function(n) return n .. " odd" end end }
  s:send("numberFactButtonTapped")
  s:receive("numberFactResponse", { success = "0 odd" }, function(state) state.numberFact = "even" end)
end)

deps.test("a cassette store fails", function()
  local s = deps.TestStore { feature = "NumberFact", cassette = { file = cassette, mode = "none" } }
  s:send("numberFactButtonTapped")
  s:receive("numberFactResponse", { success = "0 recorded" }, function(state) state.count = 9 end)
end)

deps.test("an unused override in a test that fails early", function()
  local s = deps.TestStore { feature = "Counter", dependencies = function(d) d.uuid = "incrementing" end }
  s:send("incrementButtonTapped", nil, function(state) state.count = 5 end)
end)

deps.test("a passing test", function()
  local s = deps.TestStore { feature = "Counter" }
  s:send("incrementButtonTapped", nil, function(state) state.count = 1 end)
end)

deps.test("the last test fails early too", function()
  local _ = deps.TestStore { feature = "Counter", dependencies = function(d) d.date.now = 0 end }
  error("stopped early")
end)
