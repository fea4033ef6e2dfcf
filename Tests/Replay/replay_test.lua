-- Replays the cassette scripts/test.d/47-replay recorded ($DEPS_CASSETTE) with the server
-- stopped: the same three facts, in order, and no live call.
local deps = require "deps"
deps.test("NumberFact replayed from the recorded cassette", function()
  local store = deps.TestStore {
    feature = "NumberFact", state = { count = 1 },
    cassette = { file = os.getenv("DEPS_CASSETTE"), mode = os.getenv("DEPS_CASSETTE_MODE") or "none" },
  }
  local function fetch(fact)
    store:send("numberFactButtonTapped")
    store:receive("numberFactResponse", { success = fact }, function(s) s.numberFact = fact end)
  end
  fetch("fact 1 (request 1)")
  store:send("incrementButtonTapped", nil, function(s) s.count = 2 end)
  fetch("fact 2 (request 2)")
  store:send("decrementButtonTapped", nil, function(s) s.count = 1 end)
  fetch("fact 1 (request 3)")
end)
