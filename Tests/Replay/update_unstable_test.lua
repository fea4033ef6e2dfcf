-- For `depsh test --update` (scripts/test.d/47-replay): a state that differs on every run (a
-- counter kept in the file DEPS_UPDATE_COUNTER names), so every round rewrites it again and
-- --update stops after its last round.
local deps = require "deps"
local path = assert(os.getenv("DEPS_UPDATE_COUNTER"), "set DEPS_UPDATE_COUNTER")

deps.test("a state that changes on every run", function()
  local file = assert(io.open(path))
  local count = math.tointeger(tonumber(file:read("a")))
  file:close()
  file = assert(io.open(path, "w"))
  file:write(tostring(count + 1))
  file:close()
  local store = deps.TestStore { feature = "Counter", state = { count = count } }
  store:send("incrementButtonTapped", nil, function(s) s.count = 0 end)
end)
